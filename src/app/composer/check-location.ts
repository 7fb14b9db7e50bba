// Where a failed check points in the call text: the JSON syntax error's position (from the
// worker), or the offending input field located in the text (see json-locate.ts).

import type { CallCheck } from '../../worker/protocol';
import { lineColumnAt, locateInputField } from './json-locate';

export interface CheckLocation {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export function checkLocation(check: CallCheck | null, text: string): CheckLocation | null {
  if (!check || check.ok) return null;
  if (check.stage === 'json' && check.line !== undefined && check.column !== undefined) {
    return { line: check.line, column: check.column, endLine: check.line, endColumn: check.column + 1 };
  }
  if (check.stage === 'input') {
    const span = locateInputField(text, check.path ?? []);
    if (!span) return null;
    const from = lineColumnAt(text, span.start);
    const to = lineColumnAt(text, span.end);
    return { line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
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
