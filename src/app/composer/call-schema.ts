// JSON Schema for the composer's Monaco editor: completion, hover and inline validation.
//
// A call may be a bare input or any envelope of SPEC 6, so the schema for the chosen profile is an
// `anyOf`: the profile's bare input, or one of the envelopes whose tool name picks a profile and
// whose arguments/input match that profile's input (or are a JSON string, as OpenAI sends them).
// A bare input is read as a call of the tool named like the profile.
// Monaco's JSON service reports the errors of the alternative that matches best, so a bare input
// gets its own field errors and an envelope gets the ones of the tool it names. The input schemas
// come from the worker (`tools/inputs`: zod → JSON Schema, every spelling a profile accepts and
// every profile a tool name can select), never written here by hand.
// These markers only advise: whether the call may run is the worker's `call/check`.

import type * as Monaco from 'monaco-editor';
import type { ProfileId } from '../../engine/types';

type Schema = Record<string, unknown>;

/** Scheme of our inline schemas: never fetched (and the guard forbids leaving localhost). */
const SCHEMA_URI_PREFIX = 'inmemory://edit-playground/schemas/call-';

/** The schema of a tool name's input (the worker's `tools/inputs`: every spelling, every profile the name selects). */
function inputForToolName(inputs: Record<string, Schema>, name: string): Schema {
  return Object.hasOwn(inputs, name) ? inputs[name]! : {};
}

/** Envelope keys are offered after the input's own fields (Monaco sorts by `sortText`, then label). */
function suggestLast(schema: Schema): Schema {
  const out: Schema = { ...schema };
  if (Array.isArray(schema.anyOf)) out.anyOf = (schema.anyOf as Schema[]).map(suggestLast);
  if (typeof schema.properties === 'object' && schema.properties !== null) {
    out.properties = Object.fromEntries(Object.entries(schema.properties as Record<string, Schema>).map(([k, v]) => [k, { ...v, suggestSortText: `~${k}` }]));
  }
  return out;
}

export function buildCallSchema(inputs: Record<string, Schema>, profile: ProfileId): Schema {
  const names = Object.keys(inputs);
  const asArgs = (name: string): Schema => ({ anyOf: [inputForToolName(inputs, name), { type: 'string', description: 'The input as a JSON string' }] });
  const perTool = (shape: (name: string) => Schema): Schema => ({ anyOf: names.map(shape) });
  const nameProp = (name: string): Schema => ({ const: name, description: 'Tool name (picks the profile)' });

  const envelopes: Schema[] = [
    perTool((name) => ({ type: 'object', title: '{ name, arguments }', required: ['name', 'arguments'], properties: { name: nameProp(name), arguments: asArgs(name) } })),
    perTool((name) => ({ type: 'object', title: '{ name, input }', required: ['name', 'input'], properties: { name: nameProp(name), input: asArgs(name) } })),
    {
      type: 'object',
      title: 'MCP tools/call',
      required: ['jsonrpc', 'method', 'params'],
      properties: {
        jsonrpc: { const: '2.0' },
        id: { type: ['string', 'number'] },
        method: { const: 'tools/call' },
        params: perTool((name) => ({ type: 'object', required: ['name', 'arguments'], properties: { name: nameProp(name), arguments: asArgs(name) } })),
      },
    },
    perTool((name) => ({
      type: 'object',
      title: 'Anthropic tool_use',
      required: ['type', 'name', 'input'],
      properties: { type: { const: 'tool_use' }, id: { type: 'string' }, name: nameProp(name), input: asArgs(name) },
    })),
    perTool((name) => ({
      type: 'object',
      title: 'OpenAI function_call',
      required: ['type', 'name', 'arguments'],
      properties: { type: { const: 'function_call' }, id: { type: 'string' }, call_id: { type: 'string' }, name: nameProp(name), arguments: { type: 'string' } },
    })),
    {
      type: 'object',
      title: 'OpenAI tool_calls item',
      required: ['function'],
      properties: {
        id: { type: 'string' },
        type: { const: 'function' },
        function: perTool((name) => ({ type: 'object', required: ['name', 'arguments'], properties: { name: nameProp(name), arguments: asArgs(name) } })),
      },
    },
    // Assistant messages carrying one call (an extra the engine accepts): not checked further here.
    { type: 'object', title: 'Assistant message', anyOf: [{ required: ['tool_calls'] }, { required: ['role', 'content'] }] },
  ];
  return { anyOf: [inputForToolName(inputs, profile), ...envelopes.map(suggestLast)] };
}

/**
 * Registers one schema per profile for that profile's composer model. Merged into the shared
 * JSON defaults: other panels' schemas (suite files, …) are kept, ours are replaced.
 */
export function registerCallSchemas(monaco: typeof Monaco, inputs: Record<string, Schema>, modelUri: (profile: ProfileId) => string, profiles: readonly ProfileId[]): void {
  const defaults = monaco.json.jsonDefaults;
  const current = defaults.diagnosticsOptions;
  const others = (current.schemas ?? []).filter((s) => !s.uri.startsWith(SCHEMA_URI_PREFIX));
  const ours = profiles.map((profile) => ({ uri: `${SCHEMA_URI_PREFIX}${profile}.json`, fileMatch: [modelUri(profile)], schema: buildCallSchema(inputs, profile) }));
  defaults.setDiagnosticsOptions({
    ...current,
    validate: true,
    allowComments: false,
    enableSchemaRequest: false,
    schemaValidation: 'warning',
    schemas: [...others, ...ours],
  });
}
