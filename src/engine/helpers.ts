// Small helpers every layer shares (one home for them, issue 18): the engine's own code, the
// sessions, the contracts, the worker, the CLI and the app import them from here, which the
// layering allows (everything may import the engine; the engine imports nothing above it).

/** A plain object (not null, not an array): how code looks at untyped JSON before reading its keys. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The message of a thrown value: an Error's message, anything else as a string. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A sentence for the user with its tone: a status line, a toast, a panel's note. */
export interface Notice {
  tone: 'ok' | 'warn' | 'error';
  text: string;
}
