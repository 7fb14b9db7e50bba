// Where the envelope found the tool input inside the document: the path of keys and indexes from
// the parsed value's root to the input. Each recogniser states it where it takes the input (and a
// container prefixes the place of the call it unwrapped), so the path follows the same rules that
// extract the input; an input error can then be shown at its place in the call text.
// Kept beside the call rather than in it: a `ParsedCall` stays the plain value it always was.

import type { EnvelopeResult, ParsedCall } from './types';

export type InputPath = readonly (string | number)[];

const PATHS = new WeakMap<ParsedCall, InputPath>();

/**
 * `result` with `segments` put in front of its input path: the path a call found at `segments`
 * (inside a message, a response, a content array) has from the container. A call nobody placed
 * yet starts from its own root. Errors pass through.
 */
export function within(segments: InputPath, result: EnvelopeResult): EnvelopeResult {
  if (result.ok) PATHS.set(result.call, [...segments, ...(PATHS.get(result.call) ?? [])]);
  return result;
}

/**
 * Path from the root of the parsed value to the call's input; `undefined` when the call was not
 * read from one JSON document (found in prose or a fence, or written as plain text).
 */
export function inputPathOf(call: ParsedCall): InputPath | undefined {
  return PATHS.get(call);
}

/** `result` with no input path: its call was read from a piece of the text, not the whole document. */
export function unplaced(result: EnvelopeResult): EnvelopeResult {
  if (result.ok) PATHS.delete(result.call);
  return result;
}
