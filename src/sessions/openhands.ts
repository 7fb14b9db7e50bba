// OpenHands event trajectories (the agent SDK's events of 2026: openhands-sdk.ts): a JSON array of events (the conversation's "Download trajectory",
// `save_trajectory_path`, the test trajectories), or an evaluation output `{ instance_id,
// history: [events], … }`, alone or one instance per line (`output.jsonl`). Each event is `event_to_dict` of an action or an observation:
// - action: `{ id, timestamp, source, message, action: "edit" | "read" | "run" | …, args: {…},
//   tool_call_metadata?: { function_name, tool_call_id, model_response, total_calls_in_response } }`
// - observation: `{ id, source, message, cause: <action id>, observation: "edit" | "read" | "run" |
//   "error" | …, content, extras: {…}, tool_call_metadata?, success? }`
//
// A call is an action that came from a tool call (`tool_call_metadata`), or an agent action that
// runs something (`run`, `run_ipython`, `read`, `write`, `edit`, `browse…`, `call_tool_mcp`) in a
// trajectory from before function calling. The text editor's calls come back as the
// `str_replace_editor` tool: an `edit` action's args hold `command`, `path`, `file_text`,
// `old_str`, `new_str`, `insert_line`; its `view` command became a `read` action (`path`,
// `view_range`). Older trajectories kept only `translated_ipython_code` in the args; the model's own
// arguments are then taken from `tool_call_metadata.model_response` (the tool call with that id).
// Other tools' input is the model's arguments when kept, else the action's args.
//
// OpenHands' older LLM-based editor (`edit` action with `impl_source: "llm_based_edit"`, the
// `edit_file` function, args `path`/`content`/`start`/`end`; before `impl_source` existed every
// `edit` action was one) is listed as an unsupported edit: it has no profile.
//
// Results are observations matched by `cause` (the action's id), else by `tool_call_id`. The text
// is the observation's `content`, except for an editor observation that keeps
// `extras.formatted_output_and_error` (OpenHands 0.17 to 0.23, whose `content` is a diff; 0.24
// dropped the field and puts the model's text in `content`): that is the text the model read. Errors: `observation: "error"` or `"user_rejected"` (status); the
// editor's own failures come back as an `edit` or `read` observation whose text starts with
// `ERROR:\n` (text); a command's `extras.metadata.exit_code` (exit code, metadata kept as details).
//
// Each call's `version` is the OpenHands release the trajectory names (the `system` action's
// `args.openhands_version`, 0.3x on); its `recordedAt` is the action's `timestamp`, else an
// evaluation output's `metadata.start_time` (`2025-04-30 16:31:22`, written with a `T`).
//
// Sources: All-Hands-AI/OpenHands @156d0686: `openhands/events/serialization/event.py`
// (event_to_dict: top keys, `args`, `content` + `extras`), `openhands/events/action/files.py`
// (FileReadAction, FileEditAction fields), `openhands/agenthub/codeact_agent/function_calling.py`
// (str_replace_editor `view` → FileReadAction, the rest → FileEditAction),
// `openhands/runtime/action_execution_server.py` (`ERROR:\n{error}` editor results),
// `openhands/events/observation/files.py` (FileEditObservation: `formatted_output_and_error`,
// `content` a diff), `openhands/agenthub/codeact_agent/tools/llm_based_edit.py` (`edit_file`),
// `tests/runtime/trajs/basic.json` and `wrong_initial_state.json` (real trajectories, args with
// `translated_ipython_code` only), `evaluation/benchmarks/multi_swe_bench/examples/output.jsonl`
// (a real evaluation output: `edit` args with `command`/`old_str`/`new_str`, an `ERROR:\nNo
// replacement was performed…` result, `run` results with `metadata.exit_code`).

import type { NewCall, NewResult, SessionCollector } from './collector';
import type { SessionLocation } from './types';
import { agentSkillsEdit, flatInput, isFlatEvent } from './openhands-flat';
import { openHandsSdkMarker, readOpenHandsSdkEvents } from './openhands-sdk';
import { at, child, contentText, describeValue, idOf, isRecord, own, ownArray, ownString, readArguments, type JsonObject } from './values';

const EDITOR = 'str_replace_editor';

const LLM_EDIT_UNSUPPORTED = "OpenHands' LLM-based edit_file has no profile in the playground yet: listed, not replayed";

/**
 * OpenHands' LLM-based editor: an `edit` action marked `llm_based_edit`, or called as `edit_file`,
 * or (before `impl_source` existed) an `edit` with no `command` that came from no tool call.
 */
function isLlmEdit(action: string, args: unknown, functionName: string | undefined): boolean {
  if (action !== 'edit') return false;
  const source = ownString(args, 'impl_source');
  if (source === 'llm_based_edit' || functionName === 'edit_file') return true;
  const command = own(args, 'command');
  return source === undefined && functionName === undefined && (command === undefined || command === '');
}

/** The LLM-based edit's own arguments out of an action's args (`thought` and the rest left out). */
function llmEditInput(args: unknown): JsonObject | null {
  if (!isRecord(args)) return null;
  const input: JsonObject = {};
  for (const key of ['path', 'content', 'start', 'end']) if (own(args, key) !== undefined) input[key] = own(args, key);
  return input;
}

/** The release the trajectory names: the `system` action's `args.openhands_version` (OpenHands 0.3x on). */
function openHandsVersion(events: unknown[]): string | undefined {
  for (const e of events) {
    if (ownString(e, 'action') !== 'system') continue;
    const v = ownString(own(e, 'args'), 'openhands_version');
    if (v !== undefined && v !== '') return v;
  }
  return undefined;
}

/** An evaluation output's `metadata.start_time` (`2025-04-30 16:31:22`) as an ISO timestamp. */
function startTime(value: unknown): string | undefined {
  const t = ownString(own(value, 'metadata'), 'start_time');
  if (t === undefined || t === '') return undefined;
  return /^\d{4}-\d{2}-\d{2} \d/.test(t) ? `${t.slice(0, 10)}T${t.slice(11)}` : t;
}

/** Actions that run something, listed as calls even without `tool_call_metadata` (pre function calling). */
const RUNNABLE = new Set(['run', 'run_ipython', 'read', 'write', 'edit', 'browse', 'browse_interactive', 'call_tool_mcp']);

/** Observations that answer nothing the model asked: state changes, memory recalls. */
const NOT_RESULTS = new Set(['agent_state_changed', 'null', 'recall', 'agent_condensation']);

/** The model's own arguments for tool call `id`, from `tool_call_metadata.model_response`. */
function modelArguments(meta: unknown, id: string | null): JsonObject | null {
  if (id === null) return null;
  for (const choice of ownArray(own(meta, 'model_response'), 'choices') ?? []) {
    for (const call of ownArray(own(choice, 'message'), 'tool_calls') ?? []) {
      if (idOf(own(call, 'id')) !== id) continue;
      const parsed = readArguments(own(own(call, 'function'), 'arguments'), 'arguments');
      return parsed.ok ? parsed.input : null;
    }
  }
  return null;
}

/** The text editor's input from an `edit` or `read` action's args (null fields left out). */
function editorInput(action: string, args: unknown): JsonObject | null {
  const path = ownString(args, 'path');
  if (action === 'read') {
    const range = own(args, 'view_range');
    return { command: 'view', ...(path !== undefined && { path }), ...(Array.isArray(range) && { view_range: range }) };
  }
  const command = ownString(args, 'command');
  if (command === undefined || command === '') return null;
  const input: JsonObject = { command, ...(path !== undefined && { path }) };
  for (const key of ['file_text', 'old_str', 'new_str', 'insert_line', 'view_range']) {
    const v = own(args, key);
    if (v !== undefined && v !== null) input[key] = v;
  }
  return input;
}

interface Observation {
  event: JsonObject;
  where: SessionLocation;
}

function resultOf(obs: Observation): NewResult {
  const kind = ownString(obs.event, 'observation') ?? '';
  // In OpenHands 0.17–0.23 an editor observation's `content` is a diff; what the model read is kept beside it.
  const formatted = kind === 'edit' || kind === 'read' ? ownString(own(obs.event, 'extras'), 'formatted_output_and_error') : undefined;
  const text = formatted ?? contentText(own(obs.event, 'content'));
  if (kind === 'error' || kind === 'user_rejected') return { isError: true, text, errorSource: 'status' };
  const metadata = own(own(obs.event, 'extras'), 'metadata');
  // The flat events of 2024 keep the exit code beside the content.
  const code = own(metadata, 'exit_code') ?? (isFlatEvent(obs.event) ? own(obs.event, 'exit_code') : undefined);
  if (typeof code === 'number') return { isError: code !== 0, text, errorSource: 'exit-code', details: metadata };
  if (kind === 'edit' || kind === 'read') return { isError: text.startsWith('ERROR:'), text, errorSource: 'text' };
  return { isError: false, text, errorSource: 'unknown' };
}

/**
 * A trajectory: the whole document, or one line of an evaluation output (`line`, one instance per
 * line). Instances number their tool calls alike (`toolu_12` in each): an answered call may reuse
 * an earlier instance's id (the collector allows it there), and a call of a line with no
 * observation is listed without its id, so it cannot block a later instance's call of that id.
 */
export function readOpenHandsDocument(value: unknown, c: SessionCollector, line: number | null = null): void {
  if (line === null && Array.isArray(value) && openHandsSdkMarker(value) !== null) return readOpenHandsSdkEvents(value, c);
  const events = Array.isArray(value) ? value : ownArray(value, 'history');
  const base = Array.isArray(value) ? '$' : '$.history';
  if (events === undefined) {
    c.problem('bad-shape', 'error', 'Expected an OpenHands trajectory: a JSON array of events, or an object with a "history" array of them.', at(line, '$'));
    return;
  }
  // Observations first, by the action they answer: a call and its result are handed over together.
  const byCause = new Map<string, Observation>();
  const byToolCall = new Map<string, Observation>();
  const seenIds = new Set<string>();
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    const where = at(line, child(base, i));
    if (!isRecord(e) || (typeof own(e, 'action') !== 'string' && typeof own(e, 'observation') !== 'string')) {
      c.problem('bad-shape', 'error', `An OpenHands event must be an object with a string "action" or "observation", got ${describeValue(e)}.`, where);
      continue;
    }
    const id = idOf(own(e, 'id'));
    if (id !== null) seenIds.add(id);
    const kind = ownString(e, 'observation');
    if (kind === undefined || NOT_RESULTS.has(kind)) continue;
    const obs = { event: e, where };
    const cause = idOf(own(e, 'cause'));
    const toolCallId = idOf(own(own(e, 'tool_call_metadata'), 'tool_call_id'));
    const key = cause ?? toolCallId;
    const map = cause !== null ? byCause : byToolCall;
    if (key === null) continue;
    if (map.has(key)) c.problem('duplicate-result', 'warning', `A second observation for ${cause !== null ? `action ${cause}` : `tool call ${JSON.stringify(key)}`}; the first one is kept.`, where);
    else map.set(key, obs);
  }
  const used = new Set<Observation>();
  const version = openHandsVersion(events);
  const started = Array.isArray(value) ? undefined : startTime(value);
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    const action = ownString(e, 'action');
    if (action === undefined || !isRecord(e)) continue;
    const meta = own(e, 'tool_call_metadata');
    const fname = ownString(meta, 'function_name');
    if (fname === undefined && (!RUNNABLE.has(action) || own(e, 'source') === 'user')) continue;
    const where = at(line, child(base, i));
    const toolCallId = idOf(own(meta, 'tool_call_id'));
    const args = own(e, 'args');
    const aci = (action === 'edit' || action === 'read') && ownString(args, 'impl_source') === 'oh_aci';
    const llmEdit = !aci && isLlmEdit(action, args, fname);
    const toolName = fname ?? (aci ? EDITOR : action);
    const model = modelArguments(meta, toolCallId);
    const flat = isFlatEvent(e);
    let input: JsonObject | null;
    if (flat) input = flatInput(e);
    else if (toolName === EDITOR && (action === 'edit' || action === 'read')) input = editorInput(action, args) ?? model;
    else if (llmEdit) input = model ?? llmEditInput(args);
    else input = model ?? (isRecord(args) ? args : null);
    const skills = flat && action === 'run_ipython' ? agentSkillsEdit(own(e, 'code')) : null;
    if (input === null) c.problem('invalid-arguments', 'error', `The "${toolName}" call's arguments cannot be read: its args have no "command" and the model's tool call is not kept.`, where);
    const id = idOf(own(e, 'id'));
    // A flat action's observation is the event after it.
    const next = flat && isFlatEvent(events[i + 1]) && ownString(events[i + 1], 'observation') !== undefined ? { event: events[i + 1] as JsonObject, where: at(line, child(base, i + 1)) } : undefined;
    const obs = next ?? (id !== null ? byCause.get(id) : undefined) ?? (toolCallId !== null ? byToolCall.get(toolCallId) : undefined);
    if (obs !== undefined) used.add(obs);
    const recordedAt = ownString(e, 'timestamp') ?? started;
    c.setContext({ ...(version !== undefined && { version }), ...(recordedAt !== undefined && { recordedAt }) });
    const call: NewCall = { callId: line !== null && obs === undefined ? null : toolCallId, toolName, input, location: where, ...(llmEdit && { unsupported: LLM_EDIT_UNSUPPORTED }), ...(skills !== null && { unsupported: skills }) };
    c.callWithResult(call, obs !== undefined ? resultOf(obs) : null, obs?.where ?? where);
  }
  c.setContext({});
  for (const [key, obs] of byToolCall) {
    if (!used.has(obs)) c.problem('orphan-result', 'warning', `An observation for tool call ${JSON.stringify(key)} has no matching action in the trajectory.`, obs.where);
  }
  for (const [cause, obs] of byCause) {
    if (!used.has(obs) && !seenIds.has(cause)) c.problem('orphan-result', 'warning', `An observation caused by event ${cause} has no matching action in the trajectory.`, obs.where);
  }
}

const isEvent = (e: unknown): boolean =>
  isRecord(e) && typeof own(e, 'source') === 'string' && (typeof own(e, 'action') === 'string' || typeof own(e, 'observation') === 'string');

/** A flat action that runs something (flat observations alone could be anything's). */
const isFlatRun = (e: unknown): boolean => isFlatEvent(e) && RUNNABLE.has(ownString(e, 'action') ?? '');

/** Does this JSONL line look like an OpenHands evaluation output (`{ instance_id, history }`)? Returns why, or null. */
export function openHandsLineMarker(value: unknown): string | null {
  if (!isRecord(value) || ownArray(value, 'history') === undefined) return null;
  const why = openHandsMarker(value);
  return why === null ? null : why.replace('an object with a "history" of events', 'an evaluation output with a "history" of events');
}

/** Does this document look like an OpenHands trajectory? Returns why, or null. */
export function openHandsMarker(value: unknown): string | null {
  const sdk = openHandsSdkMarker(value);
  if (sdk !== null) return sdk;
  const events = Array.isArray(value) ? value : ownArray(value, 'history');
  if (events === undefined) return null;
  const where = Array.isArray(value) ? 'an array of events' : 'an object with a "history" of events';
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    if (isFlatRun(e)) return `${where}; event ${i} is a "${ownString(e, 'action')}" action in OpenHands' older flat shape (no "source", its fields beside "action")`;
    if (!isEvent(e)) continue;
    const action = ownString(e, 'action');
    return action !== undefined
      ? `${where}; event ${i} is a "${action}" action from "${ownString(e, 'source')}"`
      : `${where}; event ${i} is a "${ownString(e, 'observation')}" observation`;
  }
  return null;
}
