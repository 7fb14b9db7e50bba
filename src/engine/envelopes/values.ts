// How envelope code looks at untyped JSON values, and how its error messages name them.

import { isRecord } from '../helpers';

/** An envelope id as a string: JSON-RPC ids may be numbers. */
export function idOf(id: unknown): string | undefined {
  if (typeof id === 'string') return id;
  if (typeof id === 'number' && Number.isFinite(id)) return String(id);
  return undefined;
}

export { isRecord };

/** A value as an error message names it: `nothing`, `null`, `an array`, `the string "x"`, `a number`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}
