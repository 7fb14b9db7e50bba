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
import { classifyCode, classifyShellInput } from './shell';
import type { Dialect } from './shell-script';
import { printedCommand } from './code-mode';
import { joinDir, type ShellClass } from './shell-class';
import { SHELL_TOOL_NAMES } from './shell-output';
import type { SessionCall, SessionLocation } from './types';
import { at, child, contentText, describeValue, idOf, inferError, isRecord, own, ownArray, ownString, readArguments, type JsonObject } from './values';
import { FREEFORM_TOOLS, PATCH_PROGRAM_TOOL, RESPONSES_PATCH_TOOL } from './dialects';

/** What the transcript says around an item: the directory its turn ran in (a Codex `turn_context`). */
export interface ItemContext {
  cwd?: string;
  /** The shell that runs a command given as a script (Codex's environment context names it). */
  shell?: Dialect;
}

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


const callIdOf = (item: JsonObject): string | null => idOf(own(item, 'call_id')) ?? idOf(own(item, 'id'));

export function readResponsesItem(item: unknown, line: number | null, path: string, c: SessionCollector, ctx: ItemContext = {}): void {
  const where = at(line, path);
  const type = ownString(item, 'type');
  if (type === undefined) {
    // An easy input message (`{ role, content }`) has no type; anything else is not an item.
    if (isRecord(item) && typeof own(item, 'role') === 'string') return;
    // A Codex rollout of the legacy layout keeps `{ "record_type": "state" }` lines between items.
    if (isRecord(item) && typeof own(item, 'record_type') === 'string') return;
    c.problem('bad-shape', 'error', `A Responses item must be an object with a string "type", got ${describeValue(item)}.`, where);
    return;
  }
  const it = item as JsonObject;
  switch (type) {
    case 'function_call':
      return functionCall(it, where, c, ctx);
    case 'custom_tool_call':
      return customToolCall(it, where, c, ctx);
    case 'apply_patch_call':
      return inDir(applyPatchCall(it, where, c), ctx.cwd);
    case 'local_shell_call':
    case 'shell_call':
      return shellCall(it, type, where, c, ctx);
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

function functionCall(item: JsonObject, where: SessionLocation, c: SessionCollector, ctx: ItemContext): void {
  const name = requireName(item, 'function_call', where, c);
  if (name === null) return;
  listCall(withArguments({ callId: callIdOf(item), toolName: name, input: null, location: where }, own(item, 'arguments'), c, false), c, ctx);
}

/**
 * A function call with its arguments read (withArguments with `shellPatches: false`): a shell
 * command listed as what it did (listShellCall), any other call as it is, in the turn's directory.
 */
export function listCall(call: NewCall, c: SessionCollector, ctx: ItemContext = {}): void {
  if (call.input !== null && isShellInput(call.toolName, call.input)) listShellCall(call, call.input, c, ctx);
  else inDir(c.call(call), ctx.cwd);
}

/**
 * Parses `arguments` into the call's input, or reports why not and keeps the raw text. A shell
 * command that runs apply_patch becomes the apply_patch call it is (`shellPatches: false` leaves
 * that to the caller, which also wants the command's directory and reads).
 */
export function withArguments(call: NewCall, args: unknown, c: SessionCollector, shellPatches = true): NewCall {
  const parsed = readArguments(args, 'arguments');
  if (parsed.ok) {
    const withInput = { ...call, input: parsed.input };
    if (!shellPatches || !isShellInput(call.toolName, parsed.input)) return withInput;
    const found = classifyShellInput(parsed.input);
    return found.kind === 'patch' ? { ...withInput, toolName: PATCH_PROGRAM_TOOL ?? call.toolName, via: call.toolName, input: { input: found.patch } } : withInput;
  }
  c.problem('invalid-arguments', 'error', `The arguments of "${call.toolName}" cannot be read: ${parsed.message}`, call.location);
  return { ...call, ...(parsed.raw !== undefined ? { rawArguments: parsed.raw } : {}) };
}

/** A call whose input is a command to run: a shell tool's, or any input with an argv `command`. */
function isShellInput(name: string, input: JsonObject): boolean {
  const command = own(input, 'command') ?? own(input, 'cmd');
  return (SHELL_TOOL_NAMES.has(name) && (command !== undefined || Array.isArray(own(input, 'commands')))) || Array.isArray(own(input, 'command'));
}

/** The directory a call runs in: its own (`workdir`, `working_directory`) against the turn's. */
function workdirOf(input: JsonObject, turnCwd: string | undefined): string | undefined {
  const own_ = ownString(input, 'workdir') ?? ownString(input, 'working_directory') ?? ownString(input, 'cwd');
  const dir = own_ === undefined || own_.trim() === '' ? turnCwd : joinDir(turnCwd, own_);
  return dir === undefined || dir === '' ? undefined : dir;
}

/** Stamps the directory a call ran in on it. */
function inDir(call: SessionCall | null, cwd: string | undefined): void {
  if (call !== null && cwd !== undefined && call.cwd === undefined) call.cwd = cwd;
}

/**
 * A shell call, listed as what it did: an apply_patch call (via the shell tool, in the directory
 * of any `cd`), a read of one file (kind `read`, with `shellRead`), an apply_patch the parser
 * cannot take the patch out of (an edit call with `unsupported`), or the shell call it is.
 */
function listShellCall(call: NewCall, input: JsonObject, c: SessionCollector, ctx: ItemContext): void {
  const dir = workdirOf(input, ctx.cwd);
  listClassified(call, classifyShellInput(input, ctx.shell), dir, c);
}

function listClassified(call: NewCall, found: ShellClass, dir: string | undefined, c: SessionCollector): void {
  if (found.kind === 'patch') {
    const listed = c.call({ ...call, toolName: PATCH_PROGRAM_TOOL ?? call.toolName, via: call.toolName, input: { input: found.patch } });
    if (listed === null) return;
    const cwd = found.dir === null ? dir : joinDir(dir, found.dir);
    if (cwd !== undefined) listed.cwd = cwd;
    if (found.note !== null) listed.note = found.note;
    return;
  }
  const listed = c.call(call);
  if (listed === null) return;
  inDir(listed, dir);
  if (found.kind === 'read') {
    listed.kind = 'read';
    listed.shellRead = found.read;
    if (found.more !== undefined && found.separator !== undefined) listed.moreReads = { reads: found.more, separator: found.separator };
    if (found.dir !== null) listed.cwd = joinDir(dir, found.dir);
  } else if (found.kind === 'unsupported') {
    listed.kind = 'edit';
    listed.profile = null;
    listed.unsupported = `This ${call.toolName} call is not replayed: ${found.reason}.`;
  }
}

function customToolCall(item: JsonObject, where: SessionLocation, c: SessionCollector, ctx: ItemContext): void {
  const name = requireName(item, 'custom_tool_call', where, c);
  if (name === null) return;
  const text = own(item, 'input');
  // Codex's code mode: JavaScript whose nested tool calls may run apply_patch.
  if (name === 'exec' && typeof text === 'string') {
    const found = classifyCode(text, 'exec');
    if (found.kind !== 'other') return listClassified({ callId: callIdOf(item), toolName: name, input: { input: text }, location: where }, found, ctx.cwd, c);
    // A script that runs one command and prints its output: a read when the command is one (run by the session's shell).
    const printed = printedCommand(text);
    const read = printed === null ? null : classifyShellInput(printed, ctx.shell);
    if (printed !== null && read?.kind === 'read') return listClassified({ callId: callIdOf(item), toolName: name, input: { input: text }, location: where }, read, workdirOf(printed, ctx.cwd), c);
  }
  inDir(customCall(callIdOf(item), name, text, 'input', where, c), ctx.cwd);
}

/**
 * A free-form tool call: its text becomes `{ input }`. Only free-form tools with a profile keep
 * one; a custom tool that happens to share a JSON tool's name (say "Edit") sends text, not that
 * tool's input, so it is listed as another tool.
 */
export function customCall(callId: string | null, name: string, text: unknown, field: string, where: SessionLocation, c: SessionCollector): SessionCall | null {
  if (typeof text !== 'string') {
    c.problem('invalid-arguments', 'error', `The "${field}" of custom tool call "${name}" must be a string (the tool's text), got ${describeValue(text)}.`, where);
  }
  const call = c.call({ callId, toolName: name, input: typeof text === 'string' ? { input: text } : null, location: where });
  if (call && !FREEFORM_TOOLS.has(name)) {
    call.profile = null;
    call.kind = 'other';
  }
  return call;
}

function applyPatchCall(item: JsonObject, where: SessionLocation, c: SessionCollector): SessionCall | null {
  const operation = own(item, 'operation');
  if (!isRecord(operation)) {
    c.problem('invalid-arguments', 'error', `An apply_patch_call "operation" must be an object, got ${describeValue(operation)}.`, where);
  }
  return c.call({ callId: callIdOf(item), toolName: RESPONSES_PATCH_TOOL ?? 'apply_patch_call', input: isRecord(operation) ? { operation } : null, location: where });
}

function shellCall(item: JsonObject, type: string, where: SessionLocation, c: SessionCollector, ctx: ItemContext): void {
  const action = own(item, 'action');
  const toolName = type === 'local_shell_call' ? 'local_shell' : 'shell';
  if (!isRecord(action)) c.problem('invalid-arguments', 'error', `A ${type} "action" must be an object, got ${describeValue(action)}.`, where);
  const call: NewCall = { callId: callIdOf(item), toolName, input: isRecord(action) ? action : null, location: where };
  if (isRecord(action)) listShellCall(call, action, c, ctx);
  else inDir(c.call(call), ctx.cwd);
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
