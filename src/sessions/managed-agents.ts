// Claude Managed Agents session events (the `managed-agents-2026-04-01` beta): the events of a
// session as the list endpoint returns them (`{ data: [events], first_id, last_id, has_more }`),
// a bare array of them, or one event per line as a client logged the stream. Every event is
// `{ id, type: "<domain>.<action>", processed_at, … }`:
// - `agent.tool_use` { id, name, input } → `agent.tool_result` { tool_use_id, content, is_error }
//   (the built-in agent toolset: bash, read, write, edit, glob, grep, web_fetch, web_search);
// - `agent.custom_tool_use` { id, name, input } → `user.custom_tool_result` { custom_tool_use_id,
//   content, is_error } (the client's own tools);
// - `agent.mcp_tool_use` { id, name, input, mcp_server_name } → `agent.mcp_tool_result`
//   { mcp_tool_use_id, content, is_error }.
// `content` is a list of content blocks (text kept, images and documents dropped). Messages,
// thinking, thread, session status and span events carry no call and are skipped. An event
// cross-posted from a subagent's thread (`session_thread_id`) is that agent's call.
//
// The toolset's `edit` and `write` change files, but their input schema is not published beside
// the events, so they are listed as unsupported edits, not guessed into a profile.
//
// Sources: https://platform.claude.com/docs/en/managed-agents/events-and-streaming (event types,
// `{domain}.{action}`, custom tool flow); the Anthropic SDK's models, e.g.
// https://www.rubydoc.info/gems/anthropic/Anthropic/Models/Beta/Sessions/BetaManagedAgentsAgentToolResultEvent
// (`tool_use_id`, `content`, `is_error`), …/BetaManagedAgentsAgentToolUseEvent (`id`, `name`,
// `input`, `session_thread_id`), …/BetaManagedAgentsAgentToolset20260401Params (the built-in tools);
// https://docs.rs/claude-api/0.5.3/claude_api/managed_agents/events/ (the event list); public
// test doubles emitting `{"type": "agent.tool_use", "id": …, "name": "write", "input":
// {"file_path": …, "content": …}}` (found with `find_string`).

import type { SessionCollector } from './collector';
import { at, child, contentText, describeValue, idOf, isRecord, own, ownArray, ownString } from './values';

const CALLS: Readonly<Record<string, true>> = { 'agent.tool_use': true, 'agent.custom_tool_use': true, 'agent.mcp_tool_use': true };
/** Result event types and the field naming the call they answer. */
const RESULTS: Readonly<Record<string, string>> = {
  'agent.tool_result': 'tool_use_id',
  'user.custom_tool_result': 'custom_tool_use_id',
  'agent.mcp_tool_result': 'mcp_tool_use_id',
  'user.tool_result': 'tool_use_id',
};
const SKIPPED = new Set([
  'user.message', 'user.interrupt', 'user.tool_confirmation', 'user.define_outcome',
  'agent.message', 'agent.thinking', 'agent.thread_message_sent', 'agent.thread_message_received', 'agent.thread_context_compacted',
]);
const SKIPPED_DOMAINS = /^(session|span)\./;
const EVENT_TYPE = /^(agent|user|session|span)\.[a-z_]+$/;

const UNSUPPORTED_EDITS: Readonly<Record<string, string>> = {
  edit: "Managed Agents' edit tool has no profile in the playground yet: listed, not replayed",
  write: "Managed Agents' write tool has no profile in the playground yet: listed, not replayed",
};

/** One event: a tool use is a call, a tool result its result, the rest skipped. */
export function readManagedAgentsEvent(event: unknown, line: number | null, path: string, c: SessionCollector): void {
  const where = at(line, path);
  const type = ownString(event, 'type');
  if (type === undefined) {
    c.problem('bad-shape', 'error', `A Managed Agents event must be an object with a string "type", got ${describeValue(event)}.`, where);
    return;
  }
  if (Object.hasOwn(CALLS, type)) {
    const name = ownString(event, 'name');
    if (name === undefined) return void c.problem('bad-shape', 'error', `A "${type}" event has no string "name"; it is skipped.`, where);
    const input = own(event, 'input');
    if (!isRecord(input)) c.problem('invalid-arguments', 'error', `The "input" of "${name}" must be an object, got ${describeValue(input)}.`, where);
    const thread = ownString(event, 'session_thread_id');
    c.setContext(thread !== undefined && thread !== '' ? { agent: thread } : {});
    const unsupported = type === 'agent.tool_use' && Object.hasOwn(UNSUPPORTED_EDITS, name) ? UNSUPPORTED_EDITS[name] : undefined;
    c.call({ callId: idOf(own(event, 'id')), toolName: name, input: isRecord(input) ? input : null, location: where, ...(unsupported !== undefined && { unsupported }) });
    return;
  }
  if (Object.hasOwn(RESULTS, type)) {
    const field = RESULTS[type]!;
    const id = idOf(own(event, field));
    if (id === null) c.problem('bad-shape', 'error', `A "${type}" event has no "${field}".`, where);
    c.result(id, { isError: own(event, 'is_error') === true, text: contentText(own(event, 'content')), errorSource: 'flag' }, where);
    return;
  }
  if (!SKIPPED.has(type) && !SKIPPED_DOMAINS.test(type)) c.unknown('Managed Agents event type', type, at(line, child(path, 'type')));
}

/** The events as a list response `{ data }`, or a bare array. */
export function readManagedAgentsDocument(value: unknown, c: SessionCollector): void {
  const events = Array.isArray(value) ? value : ownArray(value, 'data');
  if (events === undefined) {
    if (isRecord(value) && typeof own(value, 'type') === 'string') return readManagedAgentsEvent(value, null, '$', c);
    c.problem('bad-shape', 'error', 'Expected Managed Agents session events: a list response with "data", or an array of events.', at(null, '$'));
    return;
  }
  const base = Array.isArray(value) ? '$' : '$.data';
  for (let i = 0; i < events.length; i++) readManagedAgentsEvent(events[i], null, child(base, i), c);
}

/** Does this line (one event) look like a Managed Agents event? Returns why, or null. */
export function managedAgentsLineMarker(value: unknown): string | null {
  const type = ownString(value, 'type');
  return type !== undefined && EVENT_TYPE.test(type) && typeof own(value, 'id') === 'string' ? `a "${type}" event` : null;
}

/** Does this document look like Managed Agents session events? Returns why, or null. */
export function managedAgentsMarker(value: unknown): string | null {
  const events = Array.isArray(value) ? value : ownArray(value, 'data');
  if (events === undefined) return null;
  const where = Array.isArray(value) ? 'an array of events' : 'a list response with "data"';
  for (let i = 0; i < events.length; i++) {
    const why = managedAgentsLineMarker(events[i]);
    if (why !== null) return `${where}; event ${i} is ${why}`;
  }
  return null;
}
