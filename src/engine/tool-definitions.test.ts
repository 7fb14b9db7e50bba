import Ajv2020 from 'ajv/dist/2020';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { profileForTool } from './envelope';
import { PROFILES } from './profiles/registry';
import { listedToolName, TOOL_FORMATS, toolDefinition, toolDefinitions, toolInputSchema, type JsonSchema } from './tool-definitions';
import type { ProfileId } from './types';
import { PROFILE_IDS } from './profiles/registry';

// strict: true (the default) so that a keyword Ajv does not know fails the compile.
const ajv = new Ajv2020({ allErrors: true });

/** The seeds' "Tool Metadata" blocks, verbatim (seeds/edit_text_file.contract.md, seeds/multi_edit_text_file.contract.md). */
const SEED_TOOL_METADATA = {
  edit_text_file: {
    name: 'edit_text_file',
    description: 'Apply a single string replacement edit to a file with diff preview',
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'Absolute path to the file' },
        old_string: { type: 'string', description: 'Exact string to find and replace (must be unique in file)' },
        new_string: { type: 'string', description: 'Replacement string' },
      },
      required: ['path', 'old_string', 'new_string'],
    },
  },
  multi_edit_text_file: {
    name: 'multi_edit_text_file',
    description: 'Apply multiple string replacement edits to a file with cumulative diff',
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'Absolute path to the file' },
        edits: {
          type: 'array',
          description: 'Array of edit operations to apply sequentially',
          items: {
            type: 'object',
            properties: {
              old_string: { type: 'string', description: 'Exact string to find and replace' },
              new_string: { type: 'string', description: 'Replacement string' },
            },
            required: ['old_string', 'new_string'],
          },
        },
      },
      required: ['path', 'edits'],
    },
  },
} as const;

/**
 * Required fields and property types per seed: the Go InputSchema in seeds/multiedit.task.md,
 * the TypeScript interfaces in MultiEdit.story.md ("MultiEditOperation") and
 * MultiEdit-batch.proposal.md ("MultiEditInput", "FileEdit"); for the reference dialects, the
 * parameters of the reference (edit.py's `__call__`, codex's function-form `{ input }`, Claude
 * Code's Edit/Write inputs, gemini-cli edit.ts's schema).
 */
const SEED_SHAPES: Partial<Record<ProfileId, { required: string[]; props: Record<string, string>; itemRequired: string[]; itemProps: Record<string, string> }>> = {
  edit_text_file: { required: ['path', 'old_string', 'new_string'], props: { path: 'string', old_string: 'string', new_string: 'string' }, itemRequired: [], itemProps: {} },
  multi_edit_text_file: {
    required: ['path', 'edits'],
    props: { path: 'string', edits: 'array' },
    itemRequired: ['old_string', 'new_string'],
    itemProps: { old_string: 'string', new_string: 'string' },
  },
  MultiEdit: {
    required: ['file_path', 'edits'],
    props: { file_path: 'string', edits: 'array' },
    itemRequired: ['old_string', 'new_string'],
    itemProps: { old_string: 'string', new_string: 'string', replace_all: 'boolean' },
  },
  multiedit: {
    required: ['file_path', 'edits'],
    props: { file_path: 'string', edits: 'array' },
    itemRequired: ['old_string', 'new_string'],
    itemProps: { old_string: 'string', new_string: 'string', replace_all: 'boolean' },
  },
  MultiEditBatch: {
    required: ['description', 'edits'],
    props: { description: 'string', edits: 'array', atomic: 'boolean', dry_run: 'boolean' },
    itemRequired: ['file_path', 'old_string', 'new_string'],
    itemProps: { file_path: 'string', old_string: 'string', new_string: 'string', replace_all: 'boolean' },
  },
  str_replace_based_edit_tool: {
    required: ['command', 'path'],
    props: { command: 'string', path: 'string', file_text: 'string', old_str: 'string', new_str: 'string', insert_line: 'integer', view_range: 'array' },
    itemRequired: [],
    itemProps: {},
  },
  str_replace_editor: {
    required: ['command', 'path'],
    props: { command: 'string', path: 'string', file_text: 'string', old_str: 'string', new_str: 'string', insert_line: 'integer', view_range: 'array' },
    itemRequired: [],
    itemProps: {},
  },
  apply_patch: { required: ['input'], props: { input: 'string' }, itemRequired: [], itemProps: {} },
  Edit: {
    required: ['file_path', 'old_string', 'new_string'],
    props: { file_path: 'string', old_string: 'string', new_string: 'string', replace_all: 'boolean' },
    itemRequired: [],
    itemProps: {},
  },
  Write: { required: ['file_path', 'content'], props: { file_path: 'string', content: 'string' }, itemRequired: [], itemProps: {} },
  claude_code_MultiEdit: {
    required: ['file_path', 'edits'],
    props: { file_path: 'string', edits: 'array' },
    itemRequired: ['old_string', 'new_string'],
    itemProps: { old_string: 'string', new_string: 'string', replace_all: 'boolean' },
  },
  replace: {
    required: ['file_path', 'instruction', 'old_string', 'new_string'],
    props: { file_path: 'string', instruction: 'string', old_string: 'string', new_string: 'string', allow_multiple: 'boolean' },
    itemRequired: [],
    itemProps: {},
  },
  aider_edit: { required: ['reply'], props: { reply: 'string', format: 'string', chat_files: 'array' }, itemRequired: [], itemProps: {} },
  replace_in_file: { required: ['path', 'diff'], props: { path: 'string', diff: 'string' }, itemRequired: [], itemProps: {} },
  write_to_file: { required: ['path', 'content'], props: { path: 'string', content: 'string' }, itemRequired: [], itemProps: {} },
  apply_diff: { required: ['path', 'diff'], props: { path: 'string', diff: 'string' }, itemRequired: [], itemProps: {} },
};

/**
 * More valid inputs and invalid ones (a required field missing or mistyped), beyond each profile's
 * own example call (`Profile.example`, which every profile's tests below use).
 */
const SAMPLES: Partial<Record<ProfileId, { valid: unknown[]; invalid: unknown[] }>> = {
  edit_text_file: {
    valid: [{ path: '/a.ts', old_string: 'a', new_string: 'b' }],
    invalid: [{ path: '/a.ts', old_string: 'a' }, { path: 1, old_string: 'a', new_string: 'b' }],
  },
  multi_edit_text_file: {
    valid: [{ path: '/a.ts', edits: [{ old_string: 'a', new_string: 'b' }] }],
    invalid: [{ path: '/a.ts', edits: [{ old_string: 'a' }] }, { edits: [] }],
  },
  MultiEdit: {
    valid: [{ file_path: '/a.ts', edits: [{ old_string: 'a', new_string: 'b', replace_all: true }] }],
    invalid: [{ file_path: '/a.ts', edits: [{ old_string: 'a', new_string: 'b', replace_all: 'yes' }] }, { file_path: '/a.ts' }],
  },
  multiedit: {
    valid: [{ file_path: 'a.ts', edits: [{ old_string: 'a', new_string: 'b' }] }],
    invalid: [{ file_path: 'a.ts', edits: 'a→b' }, { edits: [{ old_string: 'a', new_string: 'b' }] }],
  },
  MultiEditBatch: {
    valid: [{ description: 'rename', edits: [{ file_path: '/a.ts', old_string: 'a', new_string: 'b' }], atomic: false, dry_run: true }],
    invalid: [
      { description: '', edits: [{ file_path: '/a.ts', old_string: 'a', new_string: 'b' }] },
      { description: 'rename', edits: [{ old_string: 'a', new_string: 'b' }] },
      { description: 'rename', edits: [] },
    ],
  },
  str_replace_based_edit_tool: {
    valid: [{ command: 'str_replace', path: '/a.ts', old_str: 'a', new_str: 'b' }, { command: 'view', path: '/a.ts', view_range: [1, -1] }],
    invalid: [{ command: 'str_replace', old_str: 'a' }, { command: 'view', path: '/a.ts', view_range: 'all' }],
  },
  str_replace_editor: {
    valid: [{ command: 'undo_edit', path: '/a.ts' }, { command: 'insert', path: '/a.ts', insert_line: 0, new_str: 'x' }],
    invalid: [{ path: '/a.ts' }, { command: 'insert', path: '/a.ts', insert_line: 'one', new_str: 'x' }],
  },
  apply_patch: {
    valid: [{ input: '*** Begin Patch\n*** Delete File: a.ts\n*** End Patch' }],
    invalid: [{ patch: '*** Begin Patch' }, { input: 1 }],
  },
  Edit: {
    valid: [{ file_path: '/a.ts', old_string: 'a', new_string: 'b', replace_all: true }],
    invalid: [{ file_path: '/a.ts', old_string: 'a' }, { file_path: '/a.ts', old_string: 'a', new_string: 'b', replace_all: 'yes' }],
  },
  Write: {
    valid: [{ file_path: '/a.ts', content: 'x\n' }],
    invalid: [{ file_path: '/a.ts' }, { file_path: '/a.ts', content: 1 }],
  },
  claude_code_MultiEdit: {
    valid: [{ file_path: '/a.ts', edits: [{ old_string: 'a', new_string: 'b', replace_all: true }] }],
    invalid: [{ file_path: '/a.ts', edits: [] }, { file_path: '/a.ts', edits: [{ old_string: 'a' }] }],
  },
  replace: {
    valid: [{ file_path: '/a.ts', instruction: 'rename a to b', old_string: 'a', new_string: 'b', allow_multiple: true }],
    invalid: [{ file_path: '/a.ts', old_string: 'a', new_string: 'b' }, { file_path: '/a.ts', instruction: 'i', old_string: 'a', new_string: 'b', allow_multiple: 'yes' }],
  },
  replace_in_file: {
    valid: [{ path: 'a.ts', diff: '------- SEARCH\na\n=======\nb\n+++++++ REPLACE' }],
    invalid: [{ path: 'a.ts' }, { path: 'a.ts', diff: 1 }],
  },
  write_to_file: { valid: [{ path: 'a.ts', content: 'a\n' }], invalid: [{ path: 'a.ts' }, { path: 1, content: 'a' }] },
  apply_diff: {
    valid: [{ path: 'a.ts', diff: '<<<<<<< SEARCH\n:start_line:1\n-------\na\n=======\nb\n>>>>>>> REPLACE' }],
    invalid: [{ diff: 'x' }, { path: 'a.ts', diff: ['x'] }],
  },
  aider_edit: {
    valid: [{ reply: 'a.ts\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n', format: 'diff', chat_files: ['a.ts'] }],
    invalid: [{ format: 'diff' }, { reply: 'x', format: 'editor-diff' }],
  },
};

/** Profiles that a vendor's API declares by type alone (no schema in the tool list). */
const ANTHROPIC_BUILTINS: Partial<Record<ProfileId, unknown>> = {
  str_replace_based_edit_tool: { type: 'text_editor_20250728', name: 'str_replace_based_edit_tool' },
  str_replace_editor: { type: 'text_editor_20250124', name: 'str_replace_editor' },
};

/** The profile's example call, then the samples above. */
function validInputs(id: ProfileId): unknown[] {
  const example = PROFILES[id].example;
  return [...(example !== undefined ? [example] : []), ...(SAMPLES[id]?.valid ?? [])];
}

/** The samples above, and each valid input without one of the fields the schema requires. */
function invalidInputs(id: ProfileId): unknown[] {
  const required = (toolInputSchema(id).required as string[] | undefined) ?? [];
  const dropped = validInputs(id).flatMap((input) =>
    required.filter((key) => Object.hasOwn(input as object, key)).map((key) => Object.fromEntries(Object.entries(input as object).filter(([k]) => k !== key))),
  );
  return [...(SAMPLES[id]?.invalid ?? []), ...dropped];
}

function prop(schema: JsonSchema, key: string): JsonSchema {
  return (schema.properties as Record<string, JsonSchema>)[key]!;
}

describe('tool definitions are generated from the profiles', () => {
  it.each(PROFILE_IDS)('%s: name, description and schema come from the profile', (id) => {
    const def = toolDefinition(id, 'mcp');
    expect(def.name).toBe(listedToolName(id));
    expect(def.description).toBe(PROFILES[id].description);
    expect(def.description.trim().length).toBeGreaterThan(0);
    if (id !== 'multiedit' && id !== 'apply_patch') {
      const { $schema: _ignored, ...generated } = z.toJSONSchema(PROFILES[id].schema, { io: 'input' });
      expect(def.inputSchema).toEqual(generated);
    }
  });

  it('lists the two MCP profiles exactly as their seeds\' "Tool Metadata" blocks', () => {
    expect(toolDefinition('edit_text_file', 'mcp')).toEqual(SEED_TOOL_METADATA.edit_text_file);
    expect(toolDefinition('multi_edit_text_file', 'mcp')).toEqual(SEED_TOOL_METADATA.multi_edit_text_file);
  });

  it.each(PROFILE_IDS.filter((id) => SEED_SHAPES[id] !== undefined))('%s: requires exactly the fields the seed requires, with the seed\'s types', (id) => {
    const schema = toolInputSchema(id);
    const seed = SEED_SHAPES[id]!;
    expect(schema.type).toBe('object');
    expect([...(schema.required as string[])].sort()).toEqual([...seed.required].sort());
    for (const [key, type] of Object.entries(seed.props)) expect(prop(schema, key).type, key).toBe(type);
    if (seed.itemRequired.length === 0) return;
    const items = prop(schema, 'edits').items as JsonSchema;
    expect([...(items.required as string[])].sort()).toEqual([...seed.itemRequired].sort());
    for (const [key, type] of Object.entries(seed.itemProps)) expect(prop(items, key).type, key).toBe(type);
  });
});

describe('tool list formats', () => {
  it('mcp is { name, description, inputSchema }', () => {
    for (const def of toolDefinitions('mcp')) expect(Object.keys(def).sort()).toEqual(['description', 'inputSchema', 'name']);
  });

  it('anthropic is { name, description, input_schema }, and the text editor tool is declared by its type', () => {
    for (const [i, def] of toolDefinitions('anthropic').entries()) {
      const id = PROFILE_IDS[i]!;
      if (ANTHROPIC_BUILTINS[id]) expect(def, id).toEqual(ANTHROPIC_BUILTINS[id]);
      else expect(Object.keys(def).sort(), id).toEqual(['description', 'input_schema', 'name']);
    }
  });

  it("openai-responses is the Responses API's flat { type: 'function', name, description, parameters, strict: false }, and apply_patch its built-in", () => {
    for (const [i, def] of toolDefinitions('openai-responses').entries()) {
      const id = PROFILE_IDS[i]!;
      if (id === 'apply_patch') expect(def).toEqual({ type: 'apply_patch' });
      else expect(def, id).toEqual({ type: 'function', name: listedToolName(id), description: PROFILES[id].description, parameters: toolInputSchema(id), strict: false });
    }
  });

  it("openai is Chat Completions' { type: 'function', function: { name, description, parameters } }", () => {
    for (const def of toolDefinitions('openai')) {
      expect(Object.keys(def).sort()).toEqual(['function', 'type']);
      expect(def.type).toBe('function');
      expect(Object.keys(def.function).sort()).toEqual(['description', 'name', 'parameters']);
    }
  });

  it.each(PROFILE_IDS)('%s: the three formats carry the same name, description and schema', (id) => {
    const mcp = toolDefinition(id, 'mcp');
    const anthropic = toolDefinition(id, 'anthropic');
    const openai = toolDefinition(id, 'openai');
    if (!ANTHROPIC_BUILTINS[id]) expect(anthropic).toEqual({ name: mcp.name, description: mcp.description, input_schema: mcp.inputSchema });
    expect(openai.function).toEqual({ name: mcp.name, description: mcp.description, parameters: mcp.inputSchema });
  });

  it.each(TOOL_FORMATS)('%s: every schema is a plain object schema (no top-level anyOf/oneOf/allOf, no $schema)', (format) => {
    for (const def of toolDefinitions(format)) {
      const schema = 'function' in def ? def.function.parameters : 'inputSchema' in def ? def.inputSchema : 'input_schema' in def ? def.input_schema : 'parameters' in def ? def.parameters : undefined;
      if (schema === undefined) continue; // a vendor's own tool, declared without a schema
      const id = 'function' in def ? def.function.name : 'name' in def ? def.name : def.type;
      expect(schema.type, id).toBe('object');
      for (const key of ['anyOf', 'oneOf', 'allOf', '$schema']) expect(schema, `${format} ${id}`).not.toHaveProperty(key);
    }
  });
});

describe('a tool list never repeats a name', () => {
  it('lists the batch profile as MultiEditBatch and Claude Code\'s MultiEdit as claude_code_MultiEdit, since MultiEdit names the single-file profile', () => {
    expect(PROFILES.MultiEditBatch.toolName).toBe('MultiEdit');
    expect(PROFILES.claude_code_MultiEdit.toolName).toBe('MultiEdit');
    const names = toolDefinitions('mcp').map((d) => d.name);
    expect(names).toHaveLength(PROFILE_IDS.length);
    expect(names.filter((n) => n === 'MultiEdit')).toEqual(['MultiEdit']);
    expect(names[PROFILE_IDS.indexOf('MultiEdit')]).toBe('MultiEdit');
    expect(names[PROFILE_IDS.indexOf('MultiEditBatch')]).toBe('MultiEditBatch');
    expect(names[PROFILE_IDS.indexOf('claude_code_MultiEdit')]).toBe('claude_code_MultiEdit');
  });

  it.each(TOOL_FORMATS)('%s: names are unique and valid tool names (^[a-zA-Z0-9_-]{1,64}$)', (format) => {
    const names = toolDefinitions(format).map((d) => ('function' in d ? d.function.name : 'name' in d ? d.name : d.type));
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });

  it('every listed name routes a call back to the profile it was defined from', () => {
    for (const id of PROFILE_IDS) {
      for (const input of validInputs(id)) expect(profileForTool(listedToolName(id), input), id).toBe(id);
    }
  });

  it('a profiles filter picks and orders the list, without duplicates', () => {
    expect(toolDefinitions('mcp', ['MultiEditBatch', 'edit_text_file', 'MultiEditBatch']).map((d) => d.name)).toEqual(['MultiEditBatch', 'edit_text_file']);
    expect(toolDefinitions('mcp', [])).toEqual([]);
  });
});

describe('the JSON Schemas validate like the zod schemas (Ajv, draft 2020-12)', () => {
  it.each(PROFILE_IDS)('%s: has a valid call to test with (its example, or a sample here)', (id) => {
    expect(validInputs(id).length).toBeGreaterThan(0);
  });

  it.each(PROFILE_IDS)('%s: accepts a valid input and rejects invalid ones', (id) => {
    const validate = ajv.compile(toolInputSchema(id));
    for (const input of validInputs(id)) {
      expect(validate(input), JSON.stringify(validate.errors)).toBe(true);
      expect(PROFILES[id].schema.safeParse(input).success).toBe(true);
    }
    for (const input of invalidInputs(id)) {
      expect(validate(input), JSON.stringify(input)).toBe(false);
      expect(PROFILES[id].schema.safeParse(input).success, JSON.stringify(input)).toBe(false);
    }
  });

  it('lets through what a profile reports with its own table row (SPEC 3): empty edits, empty old_string', () => {
    for (const id of ['multi_edit_text_file', 'MultiEdit', 'multiedit'] as const) {
      const pathKey = id === 'multi_edit_text_file' ? 'path' : 'file_path';
      expect(ajv.validate(toolInputSchema(id), { [pathKey]: '/a', edits: [] }), id).toBe(true);
    }
    expect(ajv.validate(toolInputSchema('edit_text_file'), { path: '/a', old_string: '', new_string: 'x' })).toBe(true);
  });

  it('multiedit advertises the snake_case spelling; camelCase is accepted by the profile but not listed', () => {
    const camel = { filePath: '/a.ts', edits: [{ oldString: 'a', newString: 'b' }] };
    expect(PROFILES.multiedit.schema.safeParse(camel).success).toBe(true);
    expect(ajv.validate(toolInputSchema('multiedit'), camel)).toBe(false);
  });
});
