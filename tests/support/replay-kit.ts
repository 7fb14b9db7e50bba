// Building sessions for the replay tests without writing a transcript: each call names its tool,
// its input and, optionally, the result the transcript recorded.

import { profileForTool } from '../../src/engine/envelopes/tool-names';
import type { ParsedSession, RecordedResult, SessionCall } from '../../src/sessions/types';

export interface CallSpec {
  tool: string;
  input: Record<string, unknown> | null;
  /** The recorded result: text, `{ error: text }`, or absent for none. */
  result?: string | { error: string };
  kind?: SessionCall['kind'];
}

const READS = new Set(['Read', 'read_file', 'read_text_file', 'view']);

export function recorded(result: CallSpec['result']): RecordedResult | null {
  if (result === undefined) return null;
  const isError = typeof result !== 'string';
  return { isError, text: isError ? result.error : result, errorSource: 'flag', location: { line: null, path: '$' } };
}

export function sessionOf(specs: CallSpec[]): ParsedSession {
  const calls: SessionCall[] = specs.map((s, index) => {
    const profile = profileForTool(s.tool, s.input);
    const view = (s.tool === 'str_replace_editor' || s.tool === 'str_replace_based_edit_tool') && s.input?.command === 'view';
    const kind = s.kind ?? (view || READS.has(s.tool) ? 'read' : profile !== null ? 'edit' : 'other');
    return { index, callId: `call_${index}`, toolName: s.tool, input: s.input, profile, kind, location: { line: null, path: `$[${index}]` }, result: recorded(s.result) };
  });
  return { version: 1, format: 'anthropic-messages', detection: 'built by the test', calls, problems: [] };
}
