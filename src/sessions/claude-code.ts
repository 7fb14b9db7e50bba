// Claude Code session JSONL (~/.claude/projects/<project>/<session>.jsonl): one event per line.
// `assistant` lines carry an Anthropic message whose `tool_use` blocks are the calls; `user`
// lines carry `tool_result` blocks (errors flagged `is_error`, Claude Code's own refusals wrapped
// in `<tool_use_error>`) and, in newer versions, a `toolUseResult` with the structured result
// (an Edit's `originalFile`, a Read's `file.content`), kept as the result's details.

import { profileForTool } from '../engine/envelope';
import type { ProfileId } from '../engine/types';
import { readMessage } from './anthropic';
import type { SessionCollector } from './collector';
import { at, isRecord, own, ownString } from './values';

/**
 * A tool name of a Claude Code transcript: its own names first (`MultiEdit` is Claude Code's own
 * tool, 1.0.x, not the seed documents' dialect: the profile's `agentToolNames`).
 */
export function claudeCodeProfile(toolName: string, input: unknown): ProfileId | null {
  return profileForTool(toolName, input, 'claude-code');
}

/** A cwd Claude Code could have recorded: a POSIX, Windows drive or UNC path. */
const ABSOLUTE = /^(?:\/|\\\\|[A-Za-z]:[\\/])/;

/** Line types that carry no tool call: bookkeeping Claude Code writes beside the conversation. */
const SKIPPED_LINES = new Set([
  'system',
  'summary',
  'file-history-snapshot',
  'queue-operation',
  'progress',
  'attachment',
  'custom-title',
  'ai-title',
  'agent-name',
  'last-prompt',
  'tag',
  'pr-link',
  'mode',
  'permission-mode',
  'file-history-delta',
]);

/**
 * A subagent's event as Claude Code 2.1 embeds it in its parent's transcript: a `progress` line
 * of `data.type` `agent_progress`, the event in `data.message` (`{ type, timestamp, message }`),
 * the agent in `data.agentId`; the release and the directory are the line's own. Null for any
 * other progress line (hooks, MCP, bash output).
 */
function agentEvent(value: unknown): Record<string, unknown> | null {
  const data = own(value, 'data');
  const event = own(data, 'message');
  if (ownString(data, 'type') !== 'agent_progress' || !isRecord(event)) return null;
  const type = ownString(event, 'type');
  if (type !== 'user' && type !== 'assistant') return null;
  const version = ownString(value, 'version');
  const cwd = ownString(value, 'cwd');
  return { ...event, isSidechain: true, agentId: ownString(data, 'agentId') ?? 'subagent', ...(version !== undefined && { version }), ...(cwd !== undefined && { cwd }) };
}

/**
 * What a headless run's `system` `init` line names (`claude -p --output-format stream-json`, whose
 * user and assistant lines carry no `version` or `cwd` of their own: FellowDalton/teamwork's 2.0.37
 * runs): the release and the directory, for the lines after it that name none.
 */
const initOf = new WeakMap<SessionCollector, { version?: string; cwd?: string }>();

export function readClaudeCodeLine(value: unknown, line: number, c: SessionCollector, base = '$'): void {
  // The same lookup every line (setting it again is a no-op), so every call of the transcript gets it.
  c.setProfileLookup(claudeCodeProfile);
  const type = ownString(value, 'type');
  if (type === undefined) {
    c.problem('bad-shape', 'error', `Line ${line} is not a Claude Code event: expected an object with a string "type".`, at(line, '$'));
    return;
  }
  if (type === 'system' && ownString(value, 'subtype') === 'init') {
    const version = ownString(value, 'claude_code_version');
    const cwd = ownString(value, 'cwd');
    initOf.set(c, { ...(version !== undefined && { version }), ...(cwd !== undefined && { cwd }) });
    return;
  }
  if (type === 'user' || type === 'assistant') {
    const version = ownString(value, 'version') ?? initOf.get(c)?.version;
    const agent = own(value, 'isSidechain') === true ? (ownString(value, 'agentId') ?? 'subagent') : undefined;
    const recordedAt = ownString(value, 'timestamp');
    // Claude Code's file tools resolve a relative path against the directory it is in (the line's
    // cwd), always absolute: a relative one is a transcript whose paths were rewritten, left out.
    const cwd = ownString(value, 'cwd') ?? initOf.get(c)?.cwd;
    c.setContext({ ...(version !== undefined && { version }), ...(agent !== undefined && { agent }), ...(recordedAt !== undefined && { recordedAt }), ...(cwd !== undefined && ABSOLUTE.test(cwd) && { cwd }) });
    // A compaction: the conversation so far was summarised, and Claude Code's record of files read went with it.
    if (own(value, 'isCompactSummary') === true) c.mark('compaction', at(line, `${base}.isCompactSummary`), agent);
    const message = own(value, 'message');
    if (message === undefined) return;
    const details = own(value, 'toolUseResult');
    readMessage(message, line, `${base}.message`, c, details !== undefined ? { details } : {});
    return;
  }
  // A subagent's calls and answers, embedded in the parent's transcript (2.1): read as its sidechain.
  const embedded = type === 'progress' ? agentEvent(value) : null;
  if (embedded !== null) {
    readClaudeCodeLine(embedded, line, c, `${base}.data.message`);
    return;
  }
  if (!SKIPPED_LINES.has(type)) c.unknown('Claude Code line type', type, at(line, '$.type'));
}

/** Does this line look like a Claude Code event? Returns why, or null. */
export function claudeCodeMarker(value: unknown): string | null {
  if (!isRecord(value)) return null;
  const type = ownString(value, 'type');
  if (type === undefined) return null;
  const keys = ['sessionId', 'parentUuid', 'uuid'].filter((k) => Object.hasOwn(value, k));
  if ((type === 'user' || type === 'assistant' || SKIPPED_LINES.has(type)) && keys.length > 0) {
    return `a "${type}" event with ${keys.map((k) => `"${k}"`).join(', ')}`;
  }
  if (type === 'summary' || type === 'file-history-snapshot') return `a "${type}" event`;
  if ((type === 'user' || type === 'assistant') && isRecord(own(value, 'message'))) return `a "${type}" event with a "message"`;
  return null;
}
