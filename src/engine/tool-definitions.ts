// Tool definitions as each protocol lists them, generated from the profiles: name, description
// and the JSON Schema of the zod input schema. Nothing here is written by hand, so a definition
// cannot drift from the schema the profile validates with.

import { z } from 'zod';
import { getProfile, REGISTERED_IDS } from './profiles/registry';
import type { ProfileId } from './types';

export type ToolFormat = 'mcp' | 'anthropic' | 'openai' | 'openai-responses';

export const TOOL_FORMATS: readonly ToolFormat[] = ['mcp', 'anthropic', 'openai', 'openai-responses'];

export type JsonSchema = Record<string, unknown>;

/** MCP `tools/list` entry. */
export interface McpToolDefinition {
  name: string;
  description: string;
  inputSchema: JsonSchema;
}

/** Anthropic Messages API `tools[]` entry: a custom tool, or one of Anthropic's own schema-less tools. */
export type AnthropicToolDefinition = AnthropicCustomTool | AnthropicBuiltinTool;

export interface AnthropicCustomTool {
  name: string;
  description: string;
  input_schema: JsonSchema;
}

/** A tool whose schema the API itself knows: the text editor tool is declared by type and name only. */
export interface AnthropicBuiltinTool {
  type: string;
  name: string;
}

/**
 * OpenAI Chat Completions `tools[]` entry. Chosen over the Responses API's flat
 * `{ type, name, description, parameters }` because Chat Completions is what most OpenAI-compatible
 * servers accept. Not `strict`: strict mode demands every property be required and
 * `additionalProperties: false`, which would misstate the optional fields (`replace_all`, `atomic`).
 */
export interface OpenAiToolDefinition {
  type: 'function';
  function: { name: string; description: string; parameters: JsonSchema };
}

/**
 * OpenAI Responses API `tools[]` entry: a flat function tool, or the built-in `apply_patch` tool
 * (the model then emits `apply_patch_call` items). `strict: false` is said outright because the
 * Responses API makes function tools strict unless told otherwise, and strict mode would misstate
 * the optional fields (see OpenAiToolDefinition).
 */
export type OpenAiResponsesToolDefinition =
  | { type: 'function'; name: string; description: string; parameters: JsonSchema; strict: false }
  | { type: 'apply_patch' };

export type ToolDefinition = McpToolDefinition | AnthropicToolDefinition | OpenAiToolDefinition | OpenAiResponsesToolDefinition;

/**
 * The name a profile is listed under. `MultiEdit` and `MultiEditBatch` share the tool name
 * `MultiEdit` (the batch proposal reuses it), and a tool list must not repeat a name, so a profile
 * whose tool name is another profile's id is listed under its own id: the batch appears as
 * `MultiEditBatch`. The envelope parser maps that name back to the batch profile, so a call a
 * model makes from these definitions always reaches the profile it was defined by.
 */
export function listedToolName(id: ProfileId): string {
  const { toolName } = getProfile(id);
  const ownedByOther = toolName !== id && (REGISTERED_IDS as readonly string[]).includes(toolName);
  return ownedByOther ? id : toolName;
}

/**
 * The profile's input schema as JSON Schema (draft 2020-12, the MCP default).
 *
 * - `io: 'input'`: describes what a caller may send, so optional fields stay optional and objects
 *   are not closed with `additionalProperties: false` (zod strips unknown keys rather than
 *   refusing them).
 * - `unrepresentable: 'throw'`: a schema feature JSON Schema cannot express fails loudly here
 *   instead of being widened to "anything".
 * - A top-level union of objects (`multiedit` accepts snake_case and camelCase) is listed as its
 *   first option, the canonical spelling: Anthropic rejects `anyOf`/`oneOf`/`allOf` at the top
 *   of `input_schema` and MCP and OpenAI require `type: "object"` there. The other spellings are
 *   still accepted when called; they are just not advertised.
 * - `$schema` is dropped: none of the three formats asks for it, and Anthropic and OpenAI
 *   document plain object schemas.
 */
export function toolInputSchema(id: ProfileId): JsonSchema {
  let schema: z.ZodType = getProfile(id).schema;
  if (schema instanceof z.ZodUnion) {
    const first = (schema.options as readonly z.ZodType[])[0];
    if (first instanceof z.ZodObject) schema = first;
  }
  const json: JsonSchema = { ...z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'throw' }) };
  delete json.$schema;
  return json;
}

export function toolDefinition(id: ProfileId, format: 'mcp'): McpToolDefinition;
export function toolDefinition(id: ProfileId, format: 'anthropic'): AnthropicToolDefinition;
export function toolDefinition(id: ProfileId, format: 'openai'): OpenAiToolDefinition;
export function toolDefinition(id: ProfileId, format: 'openai-responses'): OpenAiResponsesToolDefinition;
export function toolDefinition(id: ProfileId, format: ToolFormat): ToolDefinition;
export function toolDefinition(id: ProfileId, format: ToolFormat): ToolDefinition {
  const name = listedToolName(id);
  // A profile that emulates a vendor's own tool is declared the way that vendor's API declares it
  // (`builtinDefinition`: Anthropic's text editor by versioned type, Codex's patch tool as the
  // Responses API's built-in); every other format lists it as an ordinary tool with its JSON Schema.
  const { description, builtinDefinition } = getProfile(id);
  const schema = toolInputSchema(id);
  switch (format) {
    case 'mcp':
      return { name, description, inputSchema: schema };
    case 'anthropic':
      return builtinDefinition?.anthropic ?? { name, description, input_schema: schema };
    case 'openai':
      return { type: 'function', function: { name, description, parameters: schema } };
    case 'openai-responses':
      return builtinDefinition?.openaiResponses ?? { type: 'function', name, description, parameters: schema, strict: false };
  }
}

/**
 * Definitions for a tool list, in the registry's order, or for the chosen `profiles` in the order
 * given. Names are unique by construction (see `listedToolName`).
 */
export function toolDefinitions(format: 'mcp', profiles?: readonly ProfileId[]): McpToolDefinition[];
export function toolDefinitions(format: 'anthropic', profiles?: readonly ProfileId[]): AnthropicToolDefinition[];
export function toolDefinitions(format: 'openai', profiles?: readonly ProfileId[]): OpenAiToolDefinition[];
export function toolDefinitions(format: 'openai-responses', profiles?: readonly ProfileId[]): OpenAiResponsesToolDefinition[];
export function toolDefinitions(format: ToolFormat, profiles?: readonly ProfileId[]): ToolDefinition[];
export function toolDefinitions(format: ToolFormat, profiles: readonly ProfileId[] = REGISTERED_IDS): ToolDefinition[] {
  return [...new Set(profiles)].map((id) => toolDefinition(id, format));
}

/** Every spelling a profile's schema accepts: each option of a top-level union of objects, else the one schema. */
function inputSpellings(id: ProfileId): JsonSchema[] {
  const schema = getProfile(id).schema;
  if (!(schema instanceof z.ZodUnion)) return [toolInputSchema(id)];
  const options = schema.options as readonly z.ZodType[];
  if (!options.every((o) => o instanceof z.ZodObject)) return [toolInputSchema(id)];
  return options.map((o) => {
    const json: JsonSchema = { ...z.toJSONSchema(o, { target: 'draft-2020-12', io: 'input', unrepresentable: 'throw' }) };
    delete json.$schema;
    return json;
  });
}

/**
 * Per tool name a call may carry (in the tool list's order), the JSON Schema of the inputs it may
 * have: every spelling of the profile listed under it (`multiedit`'s snake_case and camelCase),
 * and every profile that also answers to the name (`otherToolNames`: the batch's `MultiEdit`),
 * as an `anyOf` where there are several. The composer's editor hints with them; nothing here
 * decides whether a call runs.
 */
export function toolNameInputSchemas(): Record<string, JsonSchema> {
  const byName = new Map<string, JsonSchema[]>();
  const add = (name: string, schemas: JsonSchema[]) => byName.set(name, [...(byName.get(name) ?? []), ...schemas]);
  for (const id of REGISTERED_IDS) {
    const spellings = inputSpellings(id);
    add(listedToolName(id), spellings);
    for (const other of getProfile(id).otherToolNames ?? []) add(other, spellings);
  }
  return Object.fromEntries([...byName].map(([name, schemas]) => [name, schemas.length === 1 ? schemas[0]! : { anyOf: schemas }]));
}
