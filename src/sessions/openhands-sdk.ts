// OpenHands' agent SDK (OpenHands/software-agent-sdk, the CLI and app conversations of 2026: each
// event of `~/.openhands/conversations/<id>/events/event-*.json`, or their array as a conversation
// is downloaded or served): events told by their `kind`.
// - `ActionEvent`: `{ id, timestamp, source: "agent", tool_name, tool_call_id, tool_call: { id,
//   name, arguments }, action: { kind: "FileEditorAction" | "TerminalAction" | …, …its fields } }`.
// - `ObservationEvent`: `{ tool_name, tool_call_id, action_id, observation: { kind, content:
//   [{ type: "text", text }], is_error, … } }` (a terminal's has `exit_code`; an edit's keeps the
//   file before it, `old_content`, which the replay re-syncs to as to Claude Code's originalFile).
// - `AgentErrorEvent` (`{ tool_call_id, error }`: a call the SDK could not run, its arguments
//   refused) and `UserRejectObservation` (`{ tool_call_id, rejection_reason }`) answer a call too.
// The `file_editor` tool is openhands-aci's text editor taken into the SDK: the same
// commands and answer texts, but a failure is its message alone (no `ERROR:\n` before it, the
// observation flagged `is_error`), so its calls run as the text editor profile's `openhands-sdk`
// variant under their own name (the profile names it: `agentToolNames`). Other tools
// are listed; a `terminal` command counts for what it may change, as every shell tool's does.
//
// Sources: OpenHands/software-agent-sdk `openhands-sdk/openhands/sdk/event/llm_convertible/`
// (action.py, observation.py), `openhands-tools/openhands/tools/file_editor/definition.py`; real
// conversations (atineoSE/openhands-trajectory-visualizer `docs/data/*/events.json` @f1c9835e).

import type { NewResult, SessionCollector } from './collector';
import { profileForTool } from '../engine/envelope';
import { at, child, contentText, describeValue, idOf, isRecord, own, ownString, type JsonObject } from './values';

/** Event kinds of the SDK that carry no call or answer of a tool. */
const OTHER_KINDS = new Set(['MessageEvent', 'SystemPromptEvent', 'CondensationRequest', 'Condensation', 'CondensationSummaryEvent', 'ConversationStateUpdateEvent', 'PauseEvent', 'ConversationErrorEvent', 'LLMCompletionLogEvent', 'TokenEvent']);
const ANSWERS = new Set(['ObservationEvent', 'AgentErrorEvent', 'UserRejectObservation']);

/** Does this document look like an array of OpenHands agent-SDK events? Returns why, or null. */
export function openHandsSdkMarker(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  for (let i = 0; i < value.length; i++) {
    const e = value[i];
    if (ownString(e, 'kind') === 'ActionEvent' && typeof own(e, 'tool_name') === 'string' && isRecord(own(e, 'action'))) {
      return `an array of OpenHands agent-SDK events; event ${i} is an ActionEvent of the "${ownString(e, 'tool_name')}" tool`;
    }
  }
  return null;
}

/** The action's fields, the model's arguments (the SDK's `kind` tag and null fields left out). */
function inputOf(action: JsonObject): JsonObject {
  const input: JsonObject = {};
  for (const [k, v] of Object.entries(action)) if (k !== 'kind' && v !== null && v !== undefined) input[k] = v;
  return input;
}

function resultOf(e: JsonObject): NewResult {
  const kind = ownString(e, 'kind');
  if (kind === 'AgentErrorEvent') return { isError: true, text: ownString(e, 'error') ?? '', errorSource: 'status' };
  if (kind === 'UserRejectObservation') return { isError: true, text: ownString(e, 'rejection_reason') ?? 'The user rejected this action.', errorSource: 'status' };
  const obs = own(e, 'observation');
  const text = contentText(own(obs, 'content'));
  const code = own(obs, 'exit_code');
  if (typeof code === 'number' && ownString(obs, 'kind') === 'TerminalObservation') return { isError: code !== 0, text, errorSource: 'exit-code' };
  const isError = own(obs, 'is_error') === true;
  // The editor's observation keeps the file as it was before the edit: the replay re-syncs to it, as to Claude Code's originalFile.
  const before = own(obs, 'old_content');
  if (!isError && typeof before === 'string' && ownString(obs, 'kind') === 'FileEditorObservation') return { isError, text, errorSource: 'flag', details: { originalFile: before } };
  return { isError, text, errorSource: 'flag' };
}

/** An array of SDK events: each ActionEvent a call, with the answer that names its id (else its tool call's). */
export function readOpenHandsSdkEvents(events: readonly unknown[], c: SessionCollector): void {
  c.setProfileLookup((name, input) => profileForTool(name, input, 'openhands-sdk'));
  c.setRuntime({ openHandsSdk: true });
  const byAction = new Map<string, { event: JsonObject; path: string }>();
  const byToolCall = new Map<string, { event: JsonObject; path: string }>();
  events.forEach((e, i) => {
    const kind = ownString(e, 'kind');
    if (!isRecord(e) || kind === undefined) {
      c.problem('bad-shape', 'error', `An OpenHands SDK event must be an object with a string "kind", got ${describeValue(e)}.`, at(null, child('$', i)));
      return;
    }
    if (!ANSWERS.has(kind)) return;
    const answer = { event: e, path: child('$', i) };
    const action = idOf(own(e, 'action_id'));
    const call = idOf(own(e, 'tool_call_id'));
    if (action !== null && !byAction.has(action)) byAction.set(action, answer);
    else if (call !== null && !byToolCall.has(call)) byToolCall.set(call, answer);
  });
  const used = new Set<JsonObject>();
  events.forEach((e, i) => {
    const kind = ownString(e, 'kind');
    if (!isRecord(e) || kind !== 'ActionEvent') {
      if (kind !== undefined && !ANSWERS.has(kind) && !OTHER_KINDS.has(kind)) c.problem('unknown-type', 'info', `An OpenHands SDK event of kind "${kind}" is not read.`, at(null, child('$', i)));
      return;
    }
    const where = at(null, child('$', i));
    const toolName = ownString(e, 'tool_name') ?? '?';
    const action = own(e, 'action');
    if (!isRecord(action)) c.problem('invalid-arguments', 'error', `The "${toolName}" action must be an object, got ${describeValue(action)}.`, where);
    const id = idOf(own(e, 'id'));
    const toolCallId = idOf(own(e, 'tool_call_id'));
    const answer = (id !== null ? byAction.get(id) : undefined) ?? (toolCallId !== null ? byToolCall.get(toolCallId) : undefined);
    if (answer !== undefined) used.add(answer.event);
    const recordedAt = ownString(e, 'timestamp');
    c.setContext(recordedAt !== undefined ? { recordedAt } : {});
    c.callWithResult({ callId: toolCallId, toolName, input: isRecord(action) ? inputOf(action) : null, location: where }, answer !== undefined ? resultOf(answer.event) : null, answer !== undefined ? at(null, answer.path) : where);
  });
  c.setContext({});
  for (const [key, answer] of [...byAction, ...byToolCall]) {
    if (!used.has(answer.event)) c.problem('orphan-result', 'warning', `An answer for ${JSON.stringify(key)} has no matching ActionEvent in the conversation.`, at(null, answer.path));
  }
}
