// Anthropic's text editor tool as the computer-use demo implements it (anthropic-quickstarts,
// computer-use-demo/computer_use_demo/tools/edit.py): two profiles from one factory.
// - `str_replace_based_edit_tool`: types text_editor_20250728 and text_editor_20250429 (class
//   EditTool20250429): view, create, str_replace, insert; 20250728 adds `max_characters` for view.
// - `str_replace_editor`: type text_editor_20250124 (class EditTool20250124), adds undo_edit.
//
// The reference takes keyword arguments and checks no types: its checks run in its order
// (validate_path, then the command's own), and its texts are returned byte for byte.

import { z } from 'zod';
import { isAbsolute } from '../../paths';
import type { RunOutcome } from '../../types';
import { EMPTY_STAGE, fail, zodDetail, type Profile, type ProfileContext } from '../profile';
import { create, undoEdit } from './create-undo';
import { insert, strReplace } from './edit';
import { MemoryEditHistory, type EditHistory } from './history';
import { pyPath } from './output';
import { runOpenHandsEditor } from './openhands-aci/editor';
import { runSweAgentEditor, type PortOptions } from './swe-agent';
import { uncaught } from './uncaught';
import { DEFAULT_TEXT_EDITOR_VARIANT, isTextEditorVariant, variantSpec, type TextEditorVariant } from './variants';
import { viewDirectory, viewFile } from './view';
import { outsideWarning, probe, toolError } from './workspace';

interface Variant {
  id: 'str_replace_based_edit_tool' | 'str_replace_editor';
  /** The reference's class: Python names it in a missing-argument TypeError. */
  className: string;
  commands: readonly string[];
  maxCharacters: boolean;
  description: string;
}

const BASE_COMMANDS = ['view', 'create', 'str_replace', 'insert'] as const;

const VARIANTS: Record<Variant['id'], Variant> = {
  str_replace_based_edit_tool: {
    id: 'str_replace_based_edit_tool',
    className: 'EditTool20250429',
    commands: BASE_COMMANDS,
    maxCharacters: true,
    description:
      "Anthropic's text editor tool for Claude 4 models (API types text_editor_20250728 and text_editor_20250429), as the computer-use demo runs it. " +
      '`view` shows a file with line numbers (all of it or a `view_range` of lines) or lists a folder two levels deep; `create` writes a new file; ' +
      '`str_replace` replaces text that occurs exactly once; `insert` adds text after a line number (0 for the top). ' +
      'Editing rewrites the whole file: every tab becomes spaces and every line ending LF.',
  },
  str_replace_editor: {
    id: 'str_replace_editor',
    className: 'EditTool20250124',
    commands: [...BASE_COMMANDS, 'undo_edit'],
    maxCharacters: false,
    description:
      "Anthropic's text editor tool for Claude 3.7 Sonnet (API type text_editor_20250124), as the computer-use demo runs it. " +
      '`view` shows a file with line numbers or lists a folder two levels deep; `create` writes a new file; `str_replace` replaces text that occurs ' +
      'exactly once; `insert` adds text after a line number; `undo_edit` puts back the file as it was before its last edit in the session. ' +
      'Editing rewrites the whole file: every tab becomes spaces and every line ending LF.',
  },
};

/**
 * The input as the tool definitions advertise it. `command` validates as any string (an unknown
 * one is the reference's own error row) while its JSON Schema lists the version's commands;
 * `view_range` is any array, whose items the reference judges itself.
 */
export function textEditorSchema(variant: Variant) {
  const shape = {
    command: z.string().meta({ enum: [...variant.commands] }).describe(`The command to run: ${variant.commands.join(', ')}`),
    path: z.string().describe('Absolute path of the file or folder, e.g. /repo/src/main.py'),
    file_text: z.string().optional().describe('create: the content of the new file'),
    view_range: z
      .array(z.unknown())
      .optional()
      .describe('view of a file: [first, last], two line numbers, 1-based and inclusive; last may be -1 for the end of the file'),
    old_str: z.string().optional().describe('str_replace: the exact text to replace; it must occur exactly once'),
    new_str: z.string().optional().describe('str_replace: the replacement (omitted: delete old_str); insert: the text to insert'),
    insert_line: z.int().optional().describe('insert: the line after which new_str goes; 0 inserts at the top'),
  };
  if (!variant.maxCharacters) return z.object(shape);
  return z.object({
    ...shape,
    max_characters: z
      .int()
      .min(1)
      .optional()
      .describe('view of a file: show at most this many characters (set in the text_editor_20250728 tool definition; accepted here per call)'),
  });
}

const OPTIONAL_KEYS = ['file_text', 'view_range', 'old_str', 'new_str', 'insert_line', 'max_characters'] as const;

interface Input {
  command: string;
  path: string;
  file_text?: string;
  view_range?: unknown[];
  old_str?: string;
  new_str?: string;
  insert_line?: number;
  max_characters?: number;
}

const INVALID_INPUT_WARNING =
  'The reference checks no input types: a value of another JSON type (null included) reaches its Python code as it is, where it is taken for an omitted argument (null) or mostly fails with an exception its agent loop does not catch';

/** The keyword arguments as Python would bind them, or the outcome of a call it cannot bind. */
function bind(variant: Variant, schema: z.ZodType, raw: unknown): { ok: true; input: Input } | { ok: false; outcome: RunOutcome } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, outcome: fail({ code: 'InvalidInput', message: 'Invalid input: input: expected an object of arguments' }, EMPTY_STAGE, [INVALID_INPUT_WARNING]) };
  }
  const missing = (['command', 'path'] as const).filter((k) => !Object.hasOwn(raw, k));
  if (missing.length > 0) {
    const names = missing.map((k) => `'${k}'`).join(' and ');
    const message = `${variant.className}.__call__() missing ${missing.length} required keyword-only argument${missing.length === 1 ? '' : 's'}: ${names}`;
    return { ok: false, outcome: uncaught('TypeError', message) };
  }
  const record = raw as Record<string, unknown>;
  const picked: Record<string, unknown> = { command: record.command, path: record.path };
  for (const key of OPTIONAL_KEYS) if (Object.hasOwn(raw, key)) picked[key] = record[key];
  const parsed = schema.safeParse(picked);
  if (!parsed.success) return { ok: false, outcome: fail({ code: 'InvalidInput', message: `Invalid input: ${zodDetail(parsed.error)}` }, EMPTY_STAGE, [INVALID_INPUT_WARNING]) };
  return { ok: true, input: parsed.data as Input };
}

const required = (param: string, command: string): RunOutcome => fail(toolError(`Parameter \`${param}\` is required for command: ${command}`));

/** One call of the tool. `history` is the session's edit history (a fresh one for a single call). */
export async function runTextEditor(variant: Variant, schema: z.ZodType, raw: unknown, ctx: ProfileContext, history: EditHistory): Promise<RunOutcome> {
  const bound = bind(variant, schema, raw);
  if (!bound.ok) return bound.outcome;
  const input = bound.input;
  const { command } = input;
  const shown = pyPath(input.path);

  // validate_path
  if (!isAbsolute(shown)) return fail(toolError(`The path ${shown} is not an absolute path, it should start with \`/\`. Maybe you meant ${shown}?`));
  const target = await probe(shown, ctx);
  const exists = target.kind !== 'missing' && target.kind !== 'outside';
  const outside = target.kind === 'outside' ? [outsideWarning(shown, ctx.mount, target)] : [];
  if (!exists && command !== 'create') return fail(toolError(`The path ${shown} does not exist. Please provide a valid path.`), EMPTY_STAGE, outside);
  if (exists && command === 'create') return fail(toolError(`File already exists at: ${shown}. Cannot overwrite files using command \`create\`.`));
  if (target.kind === 'directory' && command !== 'view') {
    return fail(toolError(`The path ${shown} is a directory and only the \`view\` command can be used on directories`));
  }

  const found = target.kind === 'outside' || target.kind === 'missing' ? null : target;
  if (command === 'view' && found) {
    if (found.kind === 'directory') {
      if (input.view_range !== undefined && input.view_range.length > 0) return fail(toolError('The `view_range` parameter is not allowed when `path` points to a directory.'));
      return viewDirectory(found, ctx);
    }
    return viewFile(found, input.view_range, variant.maxCharacters ? input.max_characters : undefined, ctx);
  }
  if (command === 'create') {
    if (input.file_text === undefined) return required('file_text', 'create');
    return create(target, input.file_text, ctx, history);
  }
  if (command === 'str_replace' && found) {
    if (input.old_str === undefined) return required('old_str', 'str_replace');
    return strReplace(found, input.old_str, input.new_str, ctx, history);
  }
  if (command === 'insert' && found) {
    if (input.insert_line === undefined) return required('insert_line', 'insert');
    if (input.new_str === undefined) return required('new_str', 'insert');
    return insert(found, input.insert_line, input.new_str, ctx, history);
  }
  if (command === 'undo_edit' && variant.commands.includes('undo_edit') && found) return undoEdit(found, ctx, history);
  return fail(toolError(`Unrecognized command ${command}. The allowed commands for the ${variant.id} tool are: ${variant.commands.join(', ')}`));
}

const PORT_DESCRIPTIONS: Record<Exclude<ReturnType<typeof variantSpec>['port'], 'anthropic-quickstarts'>, string> = {
  'swe-agent':
    "SWE-agent 1.x's port of Anthropic's text editor (tools/edit_anthropic/bin/str_replace_editor), run as a shell command: the same commands and most texts as the computer-use demo, " +
    "a str_replace snippet one line earlier, an old_str equal to new_str refused, a missing parent folder refused, and undo_edit that never finds a history. Answers are what SWE-ReX's shell session hands over.",
  'openhands-aci':
    "OpenHands' port of Anthropic's text editor (openhands-aci's OHEditor), as the release it names answers: its own error texts (`Invalid `path` parameter: …`), snippet window and line counting; " +
    'errors reach the model as `ERROR:` and the message.',
};

/**
 * A text editor profile. Without `history` every call starts with an empty one (a call stands
 * alone); a session replay passes its own, so `undo_edit` sees the edits of earlier calls.
 * `variant` picks whose port answers (variants.ts; default: anthropic-quickstarts, the demo);
 * `options.cwd` is the agent's working folder, which a relative path's suggestion joins (default:
 * the mount).
 */
export function createTextEditor(id: Variant['id'], history?: EditHistory, variant?: TextEditorVariant, options: PortOptions = {}): Profile {
  if (variant === undefined) {
    // No variant of its own: the run's (ctx.release, when it names a variant), else the demo's.
    const fixed = createTextEditor(id, history, DEFAULT_TEXT_EDITOR_VARIANT, options);
    return {
      ...fixed,
      run: (input, ctx) =>
        ctx.release !== undefined && ctx.release !== DEFAULT_TEXT_EDITOR_VARIANT && isTextEditorVariant(ctx.release)
          ? createTextEditor(id, history, ctx.release, options).run(input, ctx)
          : fixed.run(input, ctx),
    };
  }
  const tool = VARIANTS[id];
  const schema = textEditorSchema(tool);
  const spec = variantSpec(variant);
  const profile = { id: tool.id, origin: 'Anthropic', toolName: tool.id, schema };
  if (spec.port === 'swe-agent') {
    const portSchema = textEditorSchema(VARIANTS.str_replace_editor);
    return { ...profile, schema: portSchema, description: PORT_DESCRIPTIONS['swe-agent'], run: (input, ctx) => runSweAgentEditor(input, ctx, spec.delivery, options) };
  }
  if (spec.port === 'openhands-aci') {
    const portSchema = textEditorSchema(VARIANTS.str_replace_editor);
    return {
      ...profile,
      schema: portSchema,
      description: `${PORT_DESCRIPTIONS['openhands-aci']} Release: openhands-aci ${spec.release}${spec.delivery === 'sdk' ? ", as the agent SDK's file_editor answers (a failure's message without `ERROR:`)" : ''}.`,
      run: (input, ctx) => runOpenHandsEditor(spec.release, input, ctx, history ?? new MemoryEditHistory(), options, spec.delivery),
    };
  }
  return {
    ...profile,
    description: tool.description,
    run: (input, ctx) => runTextEditor(tool, schema, input, ctx, history ?? new MemoryEditHistory()),
  };
}

export { VARIANTS as TEXT_EDITOR_VARIANTS };
