// Where a failed check points in the call text, as the worker answered it: the JSON syntax
// error's position, or the span of the offending input field (the worker locates it from where
// the engine found the tool input).

import type { CallCheck } from '../../worker/protocol';

export interface CheckLocation {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export function checkLocation(check: CallCheck | null): CheckLocation | null {
  if (!check || check.ok || check.line === undefined || check.column === undefined) return null;
  if (check.stage === 'json') return { line: check.line, column: check.column, endLine: check.line, endColumn: check.column + 1 };
  if (check.stage === 'input' && check.endLine !== undefined && check.endColumn !== undefined) {
    return { line: check.line, column: check.column, endLine: check.endLine, endColumn: check.endColumn };
  }
  return null;
}

/** "Line 3, column 14: …" for the status line; the JSON message's own trailing position is dropped. */
export function checkMessage(check: Extract<CallCheck, { ok: false }>, location: CheckLocation | null): string {
  let message = check.message;
  if (check.stage === 'json' && location) message = message.replace(` at line ${location.line}, column ${location.column}.`, '.');
  if (check.stage === 'input') message = `${check.profile ?? 'tool'} input: ${message}`;
  return location ? `Line ${location.line}, column ${location.column}: ${message}` : message;
}
