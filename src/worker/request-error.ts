// An error a request answers with: a code the page can branch on and a message a user can act on.
// Anything else thrown in the worker is reported as INTERNAL.

export class RequestError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
