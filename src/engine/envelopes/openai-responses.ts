// OpenAI Responses API: the output items that call a tool, alone or inside the response's
// `output` array.
// - `function_call`: `{ call_id, name, arguments }`, arguments a JSON string.
// - `custom_tool_call`: `{ call_id, name, input }`, input free-form text (Codex's `apply_patch`
//   as a custom tool sends the whole V4A patch there).
// - `apply_patch_call`: `{ call_id, status, operation: { type, path, diff? } }`, the built-in
//   `apply_patch` tool; one file per call.

import { getProfile, REGISTERED_IDS } from '../profiles/registry';
import type { ProfileId } from '../types';
import { fail, namedCall, oneCallPlease, requireName, succeed } from './call';
import { didYouMean, nearToolNames, profileForTool } from './tool-names';
import { within } from './input-path';
import type { EnvelopeParser, EnvelopeResult } from './types';
import { describeValue, idOf, isRecord } from './values';

/** The item's own id for the call: `call_id` pairs the call with its output; `id` is the item's. */
function callIdOf(value: Record<string, unknown>): string | undefined {
  return idOf(value.call_id) ?? idOf(value.id);
}

export function parseFunctionCall(value: Record<string, unknown>): EnvelopeResult {
  const name = requireName(value.name, 'OpenAI function_call', '"name"');
  if (typeof name !== 'string') return name;
  if (value.arguments === undefined) {
    return fail(`OpenAI function_call for "${name}" has no "arguments": add them as a JSON string.`);
  }
  return namedCall('openai-function-call', name, value.arguments, 'arguments', callIdOf(value));
}

/**
 * Tools that take free-form text (custom tools: the profiles with a `freeform` field) and the
 * profile that runs them; the text becomes that field, the same input as the tool's function form.
 */
const CUSTOM_TOOLS: Readonly<Record<string, ProfileId>> = Object.fromEntries(
  REGISTERED_IDS.filter((id) => getProfile(id).freeform !== undefined).map((id) => [getProfile(id).toolName, id]),
);

const CUSTOM_TOOL_NAMES = Object.keys(CUSTOM_TOOLS);

export function parseCustomToolCall(value: Record<string, unknown>): EnvelopeResult {
  const name = requireName(value.name, 'OpenAI custom_tool_call', '"name"');
  if (typeof name !== 'string') return name;
  const profile = Object.hasOwn(CUSTOM_TOOLS, name) ? CUSTOM_TOOLS[name] : undefined;
  if (profile === undefined) {
    const known = `Custom tools: ${CUSTOM_TOOL_NAMES.join(', ')}.`;
    if (profileForTool(name, undefined) !== null) {
      return fail(`Tool "${name}" takes JSON arguments, not free-form text: send it as a function_call. ${known}`);
    }
    return fail(`Unknown custom tool "${name}".${didYouMean(nearToolNames(name, CUSTOM_TOOL_NAMES))} ${known}`);
  }
  if (value.input === undefined) {
    return fail(`OpenAI custom_tool_call for "${name}" has no "input": add the tool's text.`);
  }
  if (typeof value.input !== 'string') {
    return fail(
      `"input" of OpenAI custom_tool_call "${name}" must be a string (the tool's text), ` +
        `got ${describeValue(value.input)}.`,
    );
  }
  const call = { kind: 'openai-custom-tool-call', toolName: name, profile, input: { [getProfile(profile).freeform!.field]: value.input } } as const;
  // The text becomes a field of the input: the input's fields sit on the item itself.
  return within([], succeed(call, callIdOf(value)));
}

/**
 * The operation is passed on as it is: the apply_patch profile validates its fields, so a wrong
 * `type` or `path` is reported like any other input error, with the field's name.
 */
export function parseApplyPatchCall(value: Record<string, unknown>): EnvelopeResult {
  const operation = value.operation;
  if (operation === undefined) {
    return fail(
      'OpenAI apply_patch_call has no "operation": expected ' +
        '{ "type": "create_file" | "update_file" | "delete_file", "path", "diff" }.',
    );
  }
  if (!isRecord(operation)) {
    return fail(`OpenAI apply_patch_call "operation" must be an object, got ${describeValue(operation)}.`);
  }
  // The profile that declares itself the Responses API's built-in patch tool runs it.
  const profile = REGISTERED_IDS.find((id) => getProfile(id).builtinDefinition?.openaiResponses !== undefined);
  if (profile === undefined) return fail('OpenAI apply_patch_call: no profile runs the built-in apply_patch tool.');
  const call = { kind: 'openai-apply-patch-call', toolName: getProfile(profile).toolName, profile, input: { operation } } as const;
  // The input is `{ operation }`: its field sits on the item itself.
  return within([], succeed(call, callIdOf(value)));
}

/** Output items that call a tool, by their `type`. */
export const RESPONSES_ITEMS: Readonly<Record<string, EnvelopeParser>> = {
  function_call: parseFunctionCall,
  custom_tool_call: parseCustomToolCall,
  apply_patch_call: parseApplyPatchCall,
};

/** A response object: its `output` array is a list of items. */
export function isResponse(value: Record<string, unknown>): value is Record<string, unknown> & { output: unknown[] } {
  return Array.isArray(value.output);
}

/**
 * A response whose `output` holds exactly one tool call item; messages, reasoning and other items
 * around it are skipped, as text blocks are in an assistant message.
 */
export function parseResponse(value: Record<string, unknown> & { output: unknown[] }): EnvelopeResult {
  const calls = value.output.filter(
    (item): item is Record<string, unknown> =>
      isRecord(item) && typeof item.type === 'string' && Object.hasOwn(RESPONSES_ITEMS, item.type),
  );
  if (calls.length !== 1) return oneCallPlease(calls.length, 'tool call items', 'Response output', 'response');
  const item = calls[0]!;
  return within(['output', value.output.indexOf(item)], RESPONSES_ITEMS[item.type as string]!(item));
}
