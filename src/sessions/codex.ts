// Codex CLI session rollouts (~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl): one
// `{ timestamp, type, payload }` per line. `response_item` payloads are Responses API items (the
// calls and their outputs); `session_meta`, `turn_context`, `event_msg` and `compacted` lines
// describe the session and are skipped.

import type { SessionCollector } from './collector';
import { readResponsesItem } from './openai-responses';
import { at, isRecord, own, ownString } from './values';

const CODEX_LINE_TYPES = new Set(['session_meta', 'response_item', 'event_msg', 'turn_context', 'compacted']);

export function readCodexLine(value: unknown, line: number, c: SessionCollector): void {
  const type = ownString(value, 'type');
  if (type === undefined || !isRecord(value) || !Object.hasOwn(value, 'payload')) {
    c.problem('bad-shape', 'error', `Line ${line} is not a Codex rollout line: expected { "timestamp", "type", "payload" }.`, at(line, '$'));
    return;
  }
  if (type === 'response_item') readResponsesItem(own(value, 'payload'), line, '$.payload', c);
  else if (!CODEX_LINE_TYPES.has(type)) c.unknown('Codex line type', type, at(line, '$.type'));
}

/** Does this line look like a Codex rollout line? Returns why, or null. */
export function codexMarker(value: unknown): string | null {
  const type = ownString(value, 'type');
  if (type === undefined || !CODEX_LINE_TYPES.has(type) || !isRecord(value) || !Object.hasOwn(value, 'payload')) return null;
  return `a "${type}" line with a "payload"`;
}
