// `create` (a new file with the given text, never over an existing path, never creating its
// folders) and `undo_edit` (the text before the last edit written back).

import type { RunOutcome } from '../../types';
import { EMPTY_STAGE, fail, succeed, type ProfileContext } from '../profile';
import { emptiedWarning } from './edit';
import type { EditHistory } from './history';
import { catN } from './output';
import { pyEncodeError, pyOsError } from './python-io';
import { createStage, readFile, undoStage } from './stage';
import { createBlocker, outsideWarning, readText, toolError, type Target } from './workspace';

export async function create(target: Target, fileText: string, ctx: ProfileContext, history: EditHistory): Promise<RunOutcome> {
  const { shown } = target;
  const blocker = await createBlocker(target, ctx);
  if (blocker !== null || target.kind === 'outside') {
    const warnings = target.kind === 'outside' ? [outsideWarning(shown, ctx.mount, target)] : [];
    return fail(toolError(`Ran into ${blocker ?? pyOsError(13, shown)} while trying to write to ${shown}`), EMPTY_STAGE, warnings);
  }
  const encodeError = pyEncodeError(fileText);
  if (encodeError !== null) return fail(toolError(`Ran into ${encodeError} while trying to write to ${shown}`), EMPTY_STAGE, [emptiedWarning(shown)]);
  const stage = createStage(target.resolved, fileText, ctx.diffContext);
  history.push(shown, fileText);
  return succeed({ output: `File created successfully at: ${shown}` }, { files: [stage] });
}

const lossy = new TextDecoder('utf-8', { ignoreBOM: true });

export async function undoEdit(target: Extract<Target, { resolved: unknown }>, ctx: ProfileContext, history: EditHistory): Promise<RunOutcome> {
  const { shown } = target;
  const previous = history.pop(shown);
  if (previous === undefined) return fail(toolError(`No edit history found for ${shown}.`));
  // The reference writes without reading: the current text is read only to stage the change, so
  // a file it could not decode is shown decoded lossily and written whole.
  const rd = await readText(target, ctx);
  if (!rd.ok && rd.reason === 'denied') return fail(toolError(`Ran into ${pyOsError(13, shown)} while trying to write to ${shown}`));
  if (!rd.ok && rd.bytes === undefined) return fail(rd.error);
  const bytes = rd.ok ? rd.bytes : rd.bytes!;
  const file = readFile(bytes, rd.ok ? rd.raw : lossy.decode(bytes));
  const { stage, warnings } = undoStage(file, target, ctx.diffContext, previous, !rd.ok);
  return succeed({ output: `Last edit to ${shown} undone successfully. ${catN(previous, shown)}` }, { files: [stage] }, warnings);
}
