// OpenHands' port of the text editor: `OHEditor` in All-Hands-AI/openhands-aci
// (`openhands_aci/editor/editor.py` and its neighbours), release by release from 0.1.0 to 0.3.2.
// OpenHands runs it in its sandbox and hands the model the result's output, or `ERROR:\n` and
// the message of a ToolError (`_execute_file_editor` in openhands/runtime/action_execution_server.py;
// `_make_api_tool_result` in openhands_aci/editor/__init__.py before that).
//
// The releases changed what the model reads many times (src/engine/profiles/anthropic/str_replace_editor.md,
// "Variants"); `features()` names each change with the release that brought it.

import { isAbsolute } from '../../../paths';
import type { RunOutcome } from '../../../types';
import { EMPTY_STAGE, fail, succeed, type ProfileContext } from '../../profile';
import { emptiedWarning } from '../edit';
import type { EditHistory } from '../history';
import { pyPath } from '../output';
import { pyEncodeError, pyOsError } from '../python-io';
import { createStage } from '../stage';
import type { PortOptions } from '../swe-agent';
import { type OpenHandsAciRelease, type OpenHandsDelivery } from '../variants';
import { createBlocker, outsideWarning, probe, toolError } from '../workspace';
import { COMMANDS, SUPPORTED_BINARY, TOOL_NAME, features, uncaught, type Port } from './features';
import { pushCapped, pyValue } from './output';
import { suffixOf } from './file-checks';
import { view } from './view';
import { insert, strReplace, undo } from './edits';

/** The arguments as the editor's keyword parameters bind them (JSON null is an omitted one, as OpenHands passes None). */
interface Args {
  command: string;
  path: string;
  file_text: string | undefined;
  view_range: unknown;
  old_str: string | undefined;
  new_str: string | undefined;
  insert_line: number | boolean | undefined;
}

const NOT_THE_TOOL = 'OpenHands refuses such a call before running its editor (the model reads its function-call validation error instead)';

function bind(raw: unknown): { ok: true; args: Args } | { ok: false; outcome: RunOutcome } {
  const invalid = (message: string) => ({ ok: false as const, outcome: fail({ code: 'InvalidInput', message: `Invalid input: ${message}` }, EMPTY_STAGE, [NOT_THE_TOOL]) });
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return invalid('input: expected an object of arguments');
  const r = raw as Record<string, unknown>;
  for (const k of ['command', 'path'] as const) if (typeof r[k] !== 'string') return invalid(`${k}: expected a string`);
  const str = (k: string): string | undefined => {
    const v = r[k];
    return v === undefined || v === null ? undefined : typeof v === 'string' ? v : undefined;
  };
  for (const k of ['file_text', 'old_str', 'new_str']) if (r[k] !== undefined && r[k] !== null && typeof r[k] !== 'string') return invalid(`${k}: expected a string`);
  const il = r.insert_line;
  if (il !== undefined && il !== null && typeof il !== 'boolean' && !(typeof il === 'number' && Number.isInteger(il))) return invalid('insert_line: expected an integer');
  return {
    ok: true,
    args: {
      command: r.command as string,
      path: r.path as string,
      file_text: str('file_text'),
      view_range: r.view_range === null ? undefined : r.view_range,
      old_str: str('old_str'),
      new_str: str('new_str'),
      insert_line: il === null ? undefined : (il as number | boolean | undefined),
    },
  };
}

/** `str(Path(cwd) / path)`. */
const joinCwd = (cwd: string, rel: string): string => pyPath(cwd.endsWith('/') ? cwd + rel : `${cwd}/${rel}`);

export async function runOpenHandsEditor(release: OpenHandsAciRelease, raw: unknown, ctx: ProfileContext, history: EditHistory, options: PortOptions = {}, delivery: OpenHandsDelivery = 'runtime'): Promise<RunOutcome> {
  const f = features(release);
  const bound = bind(raw);
  if (!bound.ok) return bound.outcome;
  const a = bound.args;
  const shown = pyPath(a.path);
  /** A ToolError as OpenHands hands it over (its runtime after `ERROR:\n`, the agent SDK alone). */
  const error = (message: string, warnings: string[] = []): RunOutcome => fail(toolError(delivery === 'sdk' ? message : `ERROR:\n${message}`), EMPTY_STAGE, warnings);
  const invalidParam = (param: string, value: string, hint: string, warnings: string[] = []): RunOutcome => error(`Invalid \`${param}\` parameter: ${value}. ${hint}`, warnings);
  const missing = (param: string): RunOutcome => error(`Parameter \`${param}\` is required for command: ${a.command}.`);

  // validate_path
  if (!isAbsolute(shown)) {
    const cwd = options.cwd ?? ctx.mount;
    let hint = 'The path should be an absolute path, starting with `/`.';
    if (f.relative === 'same') hint += ` Maybe you meant ${shown}?`;
    else if (f.relative === 'cwd') hint += ` Maybe you meant ${joinCwd(cwd, shown)}?`;
    else {
      const there = await probe(joinCwd(cwd, shown), ctx);
      if (there.kind !== 'missing' && there.kind !== 'outside') hint += ` Maybe you meant ${joinCwd(cwd, shown)}?`;
    }
    return invalidParam('path', shown, hint);
  }
  const target = await probe(shown, ctx);
  const exists = target.kind !== 'missing' && target.kind !== 'outside';
  const outside = target.kind === 'outside' ? [outsideWarning(shown, ctx.mount, target)] : [];
  if (a.command === 'create' && exists) return invalidParam('path', shown, `File already exists at: ${shown}. Cannot overwrite files using command \`create\`.`);
  if (a.command !== 'create' && !exists) return invalidParam('path', shown, `The path ${shown} does not exist. Please provide a valid path.`, outside);
  if (a.command !== 'view') {
    if (target.kind === 'directory') return invalidParam('path', shown, `The path ${shown} is a directory and only the \`view\` command can be used on directories.`);
    if (f.supportedBinary && SUPPORTED_BINARY.includes(suffixOf(shown).toLowerCase())) {
      return invalidParam('path', shown, `The path ${shown} points to a binary file (${suffixOf(shown)}) and only the \`view\` command can be used on supported binary files.`);
    }
  }
  const found = target.kind === 'outside' || target.kind === 'missing' ? null : target;
  const port: Port = { f, ctx, history, error, invalidParam };

  if (a.command === 'view' && found) return view(port, found, a.view_range);
  if (a.command === 'create') {
    if (f.bareRaise ? !a.file_text : a.file_text === undefined) {
      if (f.bareRaise) return uncaught('RuntimeError', 'No active exception to reraise');
      return missing('file_text');
    }
    if (f.falsyParams && a.file_text === '') return missing('file_text');
    const text = a.file_text!;
    const blocker = await createBlocker(target, ctx);
    if (blocker !== null || target.kind === 'outside') return error(`Ran into ${blocker ?? pyOsError(13, shown)} while trying to write to ${shown}`, outside);
    const encodeError = pyEncodeError(text);
    if (encodeError !== null) return error(`Ran into ${encodeError} while trying to write to ${shown}`, [emptiedWarning(shown)]);
    pushCapped(history, shown, text, f.historyCap);
    return succeed({ output: `File created successfully at: ${shown}` }, { files: [createStage(target.resolved, text, ctx.diffContext)] });
  }
  if (a.command === 'str_replace' && found) {
    if (f.falsyParams ? !a.old_str : a.old_str === undefined) return missing('old_str');
    if (f.sameCheck && a.new_str === a.old_str) return invalidParam('new_str', pyValue(a.new_str), 'No replacement was performed. `new_str` and `old_str` must be different.');
    return strReplace(port, found, a.old_str!, a.new_str);
  }
  if (a.command === 'insert' && found) {
    if (a.insert_line === undefined) return missing('insert_line');
    if (f.falsyParams ? !a.new_str : a.new_str === undefined) return missing('new_str');
    return insert(port, found, Number(a.insert_line), a.insert_line, a.new_str!);
  }
  if (a.command === 'undo_edit' && found) return undo(port, found);
  return error(`Unrecognized command ${a.command}. The allowed commands for the ${TOOL_NAME} tool are: ${COMMANDS}`);
}

