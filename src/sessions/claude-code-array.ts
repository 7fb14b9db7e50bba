// Claude Code sessions saved as one JSON array: the same event objects as the session JSONL's
// lines (`{ type: "user" | "assistant", message, sessionId, version, isSidechain, toolUseResult,
// … }`), one array element per line. Claude Code hook templates write them: a Stop hook reads the
// session's `transcript_path`, parses every line and dumps the list as `logs/chat.json`
// (disler/claude-code-hooks-mastery's `stop.py --chat`, copied into many projects). Claude Code
// itself writes one content block per line (a reply with a text, a thinking and a tool_use block
// is three `assistant` events sharing `message.id`), and the array keeps that split.
//
// Each element is read exactly as a JSONL line is (`readClaudeCodeLine`: the same release and
// agent context, compaction marks, skipped bookkeeping types, `toolUseResult` as details); only
// the locations differ: `$[i]` and the path inside that element, with no line number.
//
// Sources (real files): 4alvit/fastapi-mqtt-gateway `logs/chat.json` @a670da65 (Claude Code
// 2.1.212: `last-prompt`, `mode`, `permission-mode`, `attachment`, `file-history-delta` events
// beside `user`/`assistant` ones, one block per event); conneroisu/dotfiles `logs/chat.json`
// @62925d7e (`system`, `user`, `assistant` events with `toolUseResult`); darraghh1/my-claude-setup
// `.claude/hooks/stop.py` (the hook that writes it).

import { claudeCodeMarker, readClaudeCodeLine } from './claude-code';
import type { SessionCollector } from './collector';
import type { SessionLocation } from './types';
import { at, child, describeValue, isRecord, ownString } from './values';

/** Which element of the array a location inside `readClaudeCodeLine` belongs to. */
function rebase(location: SessionLocation, index: number): SessionLocation {
  if (location.line === null) return location;
  return at(null, child('$', index) + location.path.slice(1));
}

/**
 * The collector as `readClaudeCodeLine` sees it for element `index`: every location it reports
 * (given as line `index + 1`, paths from `$`) becomes `$[index]…` with no line.
 */
function elementCollector(c: SessionCollector, index: number): SessionCollector {
  const fix = (l: SessionLocation): SessionLocation => rebase(l, index);
  const view: Pick<SessionCollector, 'call' | 'callWithResult' | 'result' | 'problem' | 'unknown' | 'mark' | 'setContext' | 'setProfileLookup' | 'isWaiting'> = {
    call: (call) => c.call({ ...call, location: fix(call.location) }),
    callWithResult: (call, result, location) => c.callWithResult({ ...call, location: fix(call.location) }, result, fix(location)),
    result: (id, result, location) => c.result(id, result, fix(location)),
    problem: (code, severity, message, location) => c.problem(code, severity, message, fix(location)),
    unknown: (what, type, location) => c.unknown(what, type, fix(location)),
    mark: (kind, location, agent) => c.mark(kind, fix(location), agent),
    setContext: (context) => c.setContext(context),
    setProfileLookup: (lookup) => c.setProfileLookup(lookup),
    isWaiting: (id) => c.isWaiting(id),
  };
  // The reader only calls these methods; the class's private state stays in `c`.
  return view as unknown as SessionCollector;
}

/** The whole array: each element read as the JSONL line it was. */
export function readClaudeCodeArray(value: unknown, c: SessionCollector): void {
  const events = Array.isArray(value) ? value : undefined;
  if (!events) {
    c.problem('bad-shape', 'error', 'Expected a JSON array of Claude Code session events.', at(null, '$'));
    return;
  }
  for (let i = 0; i < events.length; i++) {
    const event = events[i];
    if (ownString(event, 'type') === undefined) {
      c.problem('bad-shape', 'error', `Element ${i} is not a Claude Code event: expected an object with a string "type", got ${describeValue(event)}.`, at(null, child('$', i)));
      continue;
    }
    readClaudeCodeLine(event, i + 1, elementCollector(c, i));
  }
}

/** Does this document look like a Claude Code session saved as an array? Returns why, or null. */
export function claudeCodeArrayMarker(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  for (let i = 0; i < value.length; i++) {
    if (!isRecord(value[i])) continue;
    const why = claudeCodeMarker(value[i]);
    if (why) return `an array of Claude Code session events; element ${i} is ${why}`;
  }
  return null;
}
