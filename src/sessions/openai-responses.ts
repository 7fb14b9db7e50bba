// OpenAI Responses API items, as a request's `input`, a response's `output`, a bare item list,
// or one item per JSONL line. Codex rollouts carry the same items (`response_item` payloads), so
// its parser calls `readResponsesItem`.
// - `function_call` { call_id, name, arguments: JSON string } → `function_call_output` { call_id, output }
// - `custom_tool_call` { call_id, name, input: text } → `custom_tool_call_output` { call_id, output }
// - `apply_patch_call` { call_id, operation } → `apply_patch_call_output` { call_id, status, output? }
// - `local_shell_call` { call_id, action } → `local_shell_call_output` { call_id | id, output }
// - `shell_call` { call_id, action } → `shell_call_output` { call_id, output: [{ stdout, stderr, outcome }] }
// - `mcp_call` { id, name, arguments, output?, error? }: call and result in one item.
// `output` is a string or a list of content items; nothing flags an error, so `inferError`
// reads the text (Codex's exit-code wrapper, `apply_patch verification failed`).

import type { NewCall, NewResult, SessionCollector } from './collector';
import type { SessionLocation } from './types';
import { at, child, contentText, describeValue, idOf, inferError, isRecord, own, ownArray, ownString, readArguments, type JsonObject } from './values';

/** Items that are not client tool calls: messages, reasoning, hosted tools, bookkeeping. */
const SKIPPED_ITEMS = new Set([
  'message',
  'reasoning',
  'web_search_call',
  'file_search_call',
  'computer_call',
  'computer_call_output',
  'code_interpreter_call',
  'image_generation_call',
  'mcp_list_tools',
  'mcp_approval_request',
  'mcp_approval_response',
  'item_reference',
  'compaction',
  'tool_search_call',
  'tool_search_output',
  'ghost_snapshot',
]);

const OUTPUT_ITEMS = new Set(['function_call_output', 'custom_tool_call_output', 'local_shell_call_output', 'shell_call_output']);

/** Every item type the reader knows, for detection. */
export const RESPONSES_ITEM_TYPES: ReadonlySet<string> = new Set([
  ...SKIPPED_ITEMS,
  ...OUTPUT_ITEMS,
  'function_call',
  'custom_tool_call',
  'apply_patch_call',
  'apply_patch_call_output',
  'local_shell_call',
  'shell_call',
  'mcp_call',
]);

/** Custom (free-form) tools whose text becomes the profile's `input` field. */
const CUSTOM_TOOLS_WITH_PROFILE = new Set(['apply_patch']);

const callIdOf = (item: JsonObject): string | null => idOf(own(item, 'call_id')) ?? idOf(own(item, 'id'));

export function readResponsesItem(item: unknown, line: number | null, path: string, c: SessionCollector): void {
  const where = at(line, path);
  const type = ownString(item, 'type');
  if (type === undefined) {
    // An easy input message (`{ role, content }`) has no type; anything else is not an item.
    if (isRecord(item) && typeof own(item, 'role') === 'string') return;
    c.problem('bad-shape', 'error', `A Responses item must be an object with a string "type", got ${describeValue(item)}.`, where);
    return;
  }
  const it = item as JsonObject;
  switch (type) {
    case 'function_call':
      return functionCall(it, where, c);
    case 'custom_tool_call':
      return customToolCall(it, where, c);
    case 'apply_patch_call':
      return applyPatchCall(it, where, c);
    case 'local_shell_call':
    case 'shell_call':
      return shellCall(it, type, where, c);
    case 'mcp_call':
      return mcpCall(it, where, c);
    case 'apply_patch_call_output': {
      const failed = own(it, 'status') === 'failed';
      const text = ownString(it, 'output') ?? '';
      return c.result(callIdOf(it), { isError: failed, text, errorSource: own(it, 'status') === undefined ? 'unknown' : 'status' }, where);
    }
    default:
      if (OUTPUT_ITEMS.has(type)) return c.result(callIdOf(it), outputResult(own(it, 'output')), where);
      if (!SKIPPED_ITEMS.has(type)) c.unknown('Responses item type', type, where);
  }
}

function requireName(item: JsonObject, type: string, where: SessionLocation, c: SessionCollector): string | null {
  const name = ownString(item, 'name');
  if (name === undefined) c.problem('bad-shape', 'error', `A ${type} item has no string "name", so its tool is unknown; it is skipped.`, where);
  return name ?? null;
}

function functionCall(item: JsonObject, where: SessionLocation, c: SessionCollector): void {
  const name = requireName(item, 'function_call', where, c);
  if (name === null) return;
  c.call(withArguments({ callId: callIdOf(item), toolName: name, input: null, location: where }, own(item, 'arguments'), c));
}

/** Parses `arguments` into the call's input, or reports why not and keeps the raw text. */
export function withArguments(call: NewCall, args: unknown, c: SessionCollector): NewCall {
  const parsed = readArguments(args, 'arguments');
  if (parsed.ok) return shellPatch(call.toolName, parsed.input, { ...call, input: parsed.input });
  c.problem('invalid-arguments', 'error', `The arguments of "${call.toolName}" cannot be read: ${parsed.message}`, call.location);
  return { ...call, ...(parsed.raw !== undefined ? { rawArguments: parsed.raw } : {}) };
}

/**
 * Codex once ran apply_patch through its shell tool: `{"command": ["apply_patch", patch]}`. Such
 * a call is the apply_patch tool in all but name, so it is listed as one (with `via`).
 */
function shellPatch(toolName: string, input: JsonObject, call: NewCall): NewCall {
  const command = own(input, 'command');
  if (!Array.isArray(command) || command.length !== 2 || command[0] !== 'apply_patch' || typeof command[1] !== 'string') return call;
  return { ...call, toolName: 'apply_patch', via: toolName, input: { input: command[1] } };
}

function customToolCall(item: JsonObject, where: SessionLocation, c: SessionCollector): void {
  const name = requireName(item, 'custom_tool_call', where, c);
  if (name !== null) customCall(callIdOf(item), name, own(item, 'input'), 'input', where, c);
}

/**
 * A free-form tool call: its text becomes `{ input }`. Only free-form tools with a profile keep
 * one; a custom tool that happens to share a JSON tool's name (say "Edit") sends text, not that
 * tool's input, so it is listed as another tool.
 */
export function customCall(callId: string | null, name: string, text: unknown, field: string, where: SessionLocation, c: SessionCollector): void {
  if (typeof text !== 'string') {
    c.problem('invalid-arguments', 'error', `The "${field}" of custom tool call "${name}" must be a string (the tool's text), got ${describeValue(text)}.`, where);
  }
  const call = c.call({ callId, toolName: name, input: typeof text === 'string' ? { input: text } : null, location: where });
  if (call && !CUSTOM_TOOLS_WITH_PROFILE.has(name)) {
    call.profile = null;
    call.kind = 'other';
  }
}

function applyPatchCall(item: JsonObject, where: SessionLocation, c: SessionCollector): void {
  const operation = own(item, 'operation');
  if (!isRecord(operation)) {
    c.problem('invalid-arguments', 'error', `An apply_patch_call "operation" must be an object, got ${describeValue(operation)}.`, where);
  }
  c.call({ callId: callIdOf(item), toolName: 'apply_patch', input: isRecord(operation) ? { operation } : null, location: where });
}

function shellCall(item: JsonObject, type: string, where: SessionLocation, c: SessionCollector): void {
  const action = own(item, 'action');
  const toolName = type === 'local_shell_call' ? 'local_shell' : 'shell';
  if (!isRecord(action)) c.problem('invalid-arguments', 'error', `A ${type} "action" must be an object, got ${describeValue(action)}.`, where);
  const call: NewCall = { callId: callIdOf(item), toolName, input: isRecord(action) ? action : null, location: where };
  c.call(isRecord(action) ? shellPatch(toolName, action, call) : call);
}

function mcpCall(item: JsonObject, where: SessionLocation, c: SessionCollector): void {
  const name = requireName(item, 'mcp_call', where, c);
  if (name === null) return;
  const call = withArguments({ callId: idOf(own(item, 'id')), toolName: name, input: null, location: where }, own(item, 'arguments'), c);
  const error = own(item, 'error');
  const output = own(item, 'output');
  const result: NewResult | null =
    error !== undefined && error !== null
      ? { isError: true, text: typeof error === 'string' ? error : JSON.stringify(error), errorSource: 'flag' }
      : typeof output === 'string'
        ? { isError: false, text: output, errorSource: 'flag' }
        : null;
  c.callWithResult(call, result, where);
}

/** A `*_output` item's `output`: a string, content items, or shell_call's list of command outputs. */
function outputResult(output: unknown): NewResult {
  const runs = Array.isArray(output) ? output.filter((o) => isRecord(o) && (Object.hasOwn(o, 'stdout') || Object.hasOwn(o, 'outcome'))) : [];
  if (runs.length > 0) {
    const text = runs.map((r) => `${ownString(r, 'stdout') ?? ''}${ownString(r, 'stderr') ?? ''}`).join('\n');
    const failed = runs.some((r) => {
      const outcome = own(r, 'outcome');
      return own(outcome, 'type') === 'timeout' || (typeof own(outcome, 'exit_code') === 'number' && own(outcome, 'exit_code') !== 0);
    });
    return { isError: failed, text, errorSource: 'exit-code' };
  }
  const text = contentText(output);
  return { text, ...inferError(text) };
}

/** The items of a whole document: an item list, a response's `output`, a request's `input`. */
export function readResponsesDocument(value: unknown, c: SessionCollector): void {
  const lists: [string, unknown[]][] = [];
  if (Array.isArray(value)) lists.push(['$', value]);
  else {
    const input = ownArray(value, 'input');
    const output = ownArray(value, 'output');
    if (input) lists.push(['$.input', input]);
    if (output) lists.push(['$.output', output]);
    if (!input && !output && typeof own(value, 'input') !== 'string') {
      c.problem('bad-shape', 'error', 'Expected an item list, a response with "output", or a request with "input".', at(null, '$'));
    }
  }
  for (const [base, items] of lists) for (let i = 0; i < items.length; i++) readResponsesItem(items[i], null, child(base, i), c);
}
