import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { profileForTool } from './envelope';
import { PROFILES } from './profiles/registry';
import { listedToolName, TOOL_FORMATS, toolDefinition, toolDefinitions, toolInputSchema } from './tool-definitions';
import { PROFILE_IDS } from './profiles/registry';
import { expectValidation, validInputs } from '../../tests/support/tool-definition';

const PROFILES_DIR = join(dirname(fileURLToPath(import.meta.url)), 'profiles');
/** The profile folders' tool-definition tests, as text. */
const FOLDER_TESTS = readdirSync(PROFILES_DIR, { withFileTypes: true }).flatMap((d) =>
  d.isDirectory() && existsSync(join(PROFILES_DIR, d.name, 'tool-definition.test.ts')) ? [readFileSync(join(PROFILES_DIR, d.name, 'tool-definition.test.ts'), 'utf8')] : [],
);

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
 * Each profile's own data (the fields and types its seed or reference requires, more valid and
 * invalid inputs, a vendor's declaration by type) is in its folder's `tool-definition.test.ts`,
 * checked by tests/support/tool-definition.ts; here, what every registered profile shares, on its
 * example call.
 */

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

});

describe('tool list formats', () => {
  it('mcp is { name, description, inputSchema }', () => {
    for (const def of toolDefinitions('mcp')) expect(Object.keys(def).sort()).toEqual(['description', 'inputSchema', 'name']);
  });

  it('anthropic is { name, description, input_schema }, and the text editor tool is declared by its type', () => {
    for (const [i, def] of toolDefinitions('anthropic').entries()) {
      const id = PROFILE_IDS[i]!;
      // A profile declared by its type (its folder's tool-definition.test.ts checks the declaration) has no schema here.
      const builtin = PROFILES[id].builtinDefinition?.anthropic;
      if (builtin) expect(def, id).toEqual(builtin);
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
    if (!PROFILES[id].builtinDefinition?.anthropic) expect(anthropic).toEqual({ name: mcp.name, description: mcp.description, input_schema: mcp.inputSchema });
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
  it.each(PROFILE_IDS)("%s: has a valid call to test with (its example, or valid samples in its folder's tool-definition.test.ts)", (id) => {
    const samples = FOLDER_TESTS.some((text) => text.includes(`describeToolDefinition('${id}', {`) && /\n {2}samples: \{\s*valid: \[\{/.test(text.slice(text.indexOf(`describeToolDefinition('${id}', {`)).split('\n});')[0]!));
    expect(validInputs(id).length > 0 || samples).toBe(true);
  });

  it.each(PROFILE_IDS)('%s: accepts its example call and rejects it without each required field', (id) => {
    expectValidation(id);
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
