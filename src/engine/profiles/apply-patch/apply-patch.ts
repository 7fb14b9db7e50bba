// Profile `apply_patch` (SPEC 11): OpenAI's V4A patch format as Codex applies it
// (openai/codex codex-rs/apply-patch, and core's apply_patch tool handler). Codex first verifies
// the whole patch against the files as they are (parse, then each operation in order: a file to
// delete or update must be readable, every chunk must be found), rejects an empty patch or one
// that writes outside the project, and only then applies the operations one by one. The texts
// are those the model receives: verification errors prefixed "apply_patch verification failed: "
// ("error: " before 2025-09-09, releases.ts),
// the success summary the apply_patch program prints.

import { resolveCallPath, shownOnWindows } from '../../paths';
import { StagedFile } from '../../staged-file';
import { fail, succeed, type Profile, type ProfileContext } from '../profile';
import { FileStates, firstEnding, mixedEndings, readErrorText, replaceAll, type FileState, type Reach } from './file-states';
import { applyPatchHooks } from './dialect-hooks';
import { applyPatchSchema, patchOf } from './input';
import { parseErrorText, parsePatch, type Hunk } from './parser';
import { planUpdate, type UpdatePlan } from './plan-update';
import { LineMatcher } from './seek';
import { applyUpdatePlan } from './update-steps';
import { applyPatchSuite } from './cases';
import { applyPatchRulesFor, BEFORE_3374_RELEASE, isApplyPatchRelease, rulesKey, type ApplyPatchRules } from './releases';

const DESCRIPTION = `Create, delete, update and rename files with one patch in the V4A format (OpenAI's apply_patch, as Codex applies it).

The patch starts with "*** Begin Patch" and ends with "*** End Patch". Between them, each file operation is one of:
- "*** Add File: <path>", then the new file's lines, each prefixed with "+".
- "*** Delete File: <path>".
- "*** Update File: <path>", optionally followed by "*** Move to: <new path>", then one or more hunks. A hunk starts with "@@" (or "@@ <a line above the change, such as a class or function signature>"), followed by lines prefixed with " " (unchanged context), "-" (removed) or "+" (added). Give about three lines of context before and after each change, and end a hunk that reaches the end of the file with "*** End of File".

Paths are relative to the working directory. Hunks are found in order, each after the previous one; a hunk that does not match exactly is matched ignoring trailing whitespace, then surrounding whitespace, then typographic dashes, quotes and spaces.`;

const OUTSIDE = 'patch rejected: writing outside of the project; rejected by user approval settings';

type Failure = { code: string; message: string };

export const applyPatch: Profile = {
  id: 'apply_patch',
  origin: 'OpenAI',
  title: "Codex's V4A patches: add, delete, update and move files",
  example: {"input": "*** Begin Patch\n*** Update File: test/config.toml\n@@ [server]\n host = \"localhost\"\n-port = 8080\n+port = 3000\n*** Add File: test/notes.md\n+# Notes\n+The port moved to 3000.\n*** End Patch"},
  suite: applyPatchSuite,
  ...applyPatchHooks,
  toolName: 'apply_patch',
  description: DESCRIPTION,
  schema: applyPatchSchema,
  // The host checks RunOptions.release against `releases` before it runs.
  run: (raw, ctx) => runApplyPatch(raw, ctx, applyPatchRulesFor(ctx.release)),
  releases: {
    default: '0.148.0',
    kind: `a Codex version (such as 0.148.0), or ${BEFORE_3374_RELEASE}`,
    choices: [
      // Short, as the other pickers' labels: a select is as wide as its longest option, and the
      // composer bar must fit 1024 px. What each release changes is in releases.ts.
      { value: '0.148.0', label: '0.148.0 and later' },
      { value: '0.147.0', label: '0.147.0 (before 0.148.0)' },
      { value: BEFORE_3374_RELEASE, label: 'before-3374 (before 2025-09-09)' },
    ],
    accepts: isApplyPatchRelease,
  },
  session: {
    // A session's call runs as the Codex release that recorded it, else the one out on its date (releases.ts).
    build(_state, { version, recordedAt }) {
      const rules = applyPatchRulesFor(version, recordedAt);
      return { key: `apply_patch#${rulesKey(rules)}`, profile: () => ({ ...applyPatch, run: (raw, ctx) => runApplyPatch(raw, ctx, rules) }) };
    },
  },
};

async function runApplyPatch(raw: unknown, ctx: ProfileContext, rules: ApplyPatchRules) {
  const input = patchOf(raw);
  if (!input.ok) return fail({ code: 'FunctionCallError', message: `failed to parse function arguments: ${input.message}` });
  const parsed = parsePatch(input.patch);
  if (!parsed.ok) return fail({ code: parsed.error.kind, message: rules.verifyPrefix + parseErrorText(parsed.error) });
  const { hunks } = parsed;
  const twice = rules.oneOperationPerPath ? pathTargetedTwice(hunks, ctx) : null;
  if (twice !== null) return fail({ code: 'InvalidPatchError', message: `${rules.verifyPrefix}invalid patch: multiple operations target ${twice}` });
  const states = new FileStates(ctx.fs, ctx.maxFileBytes);
  const verified = await verify(hunks, states, ctx, rules);
  if ('code' in verified) return fail(verified);
  if (hunks.length === 0) return fail({ code: 'PatchRejected', message: 'patch rejected: empty patch' });
  if (verified.outside) return fail({ code: 'PatchRejected', message: OUTSIDE });
  return applyAll(hunks, verified.plans, states, ctx, rules);
}

/** From 0.148.0, before verifying any operation: the first path two operations name (an update counts its source). */
function pathTargetedTwice(hunks: readonly Hunk[], ctx: ProfileContext): string | null {
  const targets = new Set<string>();
  for (const hunk of hunks) {
    const { absPath } = resolveCallPath(hunk.path, ctx.mount, ctx.cwd);
    if (targets.has(absPath)) return absPath;
    targets.add(absPath);
  }
  return null;
}

/** codex's verification: every operation against the files as the call found them. */
async function verify(hunks: readonly Hunk[], states: FileStates, ctx: ProfileContext, rules: ApplyPatchRules): Promise<Failure | { plans: Map<number, UpdatePlan>; outside: boolean }> {
  const plans = new Map<number, UpdatePlan>();
  let outside = false;
  for (const [i, hunk] of hunks.entries()) {
    const resolved = resolveCallPath(hunk.path, ctx.mount, ctx.cwd);
    if (hunk.kind === 'update' && hunk.movePath !== null && !resolveCallPath(hunk.movePath, ctx.mount, ctx.cwd).ok) outside = true;
    // A file outside the workspace cannot be read here; codex would, and then reject the patch.
    if (!resolved.ok) {
      outside = true;
      continue;
    }
    if (hunk.kind === 'add') continue;
    const state = await states.get(resolved, reachOf(hunk));
    const shown = shownOnWindows(hunk.path, resolved.absPath, ctx.cwd, rules.windowsBackslashes);
    if (state.found.kind !== 'text') {
      const what = hunk.kind === 'delete' ? 'Failed to read' : 'Failed to read file to update';
      return { code: 'IoError', message: `${rules.verifyPrefix}${what} ${shown}: ${readErrorText(state.found, ctx.maxFileBytes)}` };
    }
    if (hunk.kind === 'update') {
      const plan = planUpdate(FileStates.matcher(state), hunk.chunks, shown, rules.listedNotFound);
      if (!plan.ok) return { code: 'ComputeReplacements', message: rules.verifyPrefix + plan.message };
      plans.set(i, plan);
    }
  }
  return { plans, outside };
}

/** codex applies the operations in order; the summary lists added, then modified, then deleted. */
async function applyAll(hunks: readonly Hunk[], plans: Map<number, UpdatePlan>, states: FileStates, ctx: ProfileContext, rules: ApplyPatchRules) {
  const total = hunks.reduce((n, h) => n + (h.kind === 'update' ? h.chunks.length : 1), 0);
  let index = 0;
  const step = () => ctx.progress(++index, total);
  const added: string[] = [];
  const modified: string[] = [];
  const deleted: string[] = [];
  const done: string[] = [];
  const warnings: string[] = [];
  const failed = (message: string) =>
    fail(
      { code: 'ApplyPatchFailure', message },
      { files: [] },
      done.length === 0 ? [] : [`Codex applies the operations one at a time and keeps those done before a failure; it would have left on disk: ${done.join(', ')}`],
    );
  for (const [i, hunk] of hunks.entries()) {
    const resolved = resolveCallPath(hunk.path, ctx.mount, ctx.cwd);
    if (!resolved.ok) return failed(`Failed to write file ${resolved.absPath}`);
    const state = await states.get(resolved, reachOf(hunk));
    // The path as codex names it in a message (on Windows, the directory joined with the path as written).
    const abs = shownOnWindows(hunk.path, resolved.absPath, ctx.cwd, rules.windowsBackslashes);
    if (hunk.kind === 'add') {
      if (await writeBlocked(states, resolved.path)) return failed(`Failed to write file ${abs}`);
      if (unstageable(state)) return fail(unstageableError(abs));
      if (state.exists) warnings.push(overwriteWarning(hunk.path, state));
      replaceAll(state, hunk.contents, { editIndex: index, strategy: 'exact', label: `Add ${hunk.path}` });
      step();
      Object.assign(state, { exists: true, shape: { bom: false, eol: '\n' }, wholeWrite: state.wholeWrite || state.found.kind === 'text' });
      states.touch(state);
      added.push(hunk.path);
      done.push(`A ${hunk.path}`);
      continue;
    }
    if (hunk.kind === 'delete') {
      if (!state.exists) return failed(`Failed to delete file ${abs}`);
      replaceAll(state, '', { editIndex: index, strategy: 'exact', label: `Delete ${hunk.path}` });
      step();
      state.exists = false;
      states.touch(state);
      deleted.push(hunk.path);
      done.push(`D ${hunk.path}`);
      continue;
    }
    if (!state.exists) return failed(`Failed to read file to update ${abs}: No such file or directory (os error 2)`);
    // Verified against the file as found; a file an earlier operation changed is searched again.
    const plan = state.touched ? planUpdate(LineMatcher.ofText(state.staged.text), hunk.chunks, abs, rules.listedNotFound) : plans.get(i)!;
    if (!plan.ok) return failed(plan.message);
    const firstIndex = index;
    const applied = applyUpdatePlan({ staged: state.staged, plan: plan.chunks, firstIndex, label: hunk.path, onStep: step });
    state.steps.push(...applied.steps);
    states.touch(state);
    if (applied.addedFinalNewline) warnings.push(`${hunk.path}: codex gives every line of the file a line break, so the file, which had no final newline, now ends with one`);
    if (applied.wroteLines && !state.wholeWrite && state.found.kind === 'text' && mixedEndings(state.found.text)) {
      const first = firstEnding(state.found.text) === '\r\n' ? 'CRLF' : 'LF';
      warnings.push(`${hunk.path}: the file mixes LF and CRLF line endings; codex ends every line it writes with ${first}, the ending of the file's first line`);
    }
    const target = hunk.movePath ?? hunk.path;
    if (hunk.movePath !== null) {
      const dest = resolveCallPath(hunk.movePath, ctx.mount, ctx.cwd);
      if (!dest.ok || (await writeBlocked(states, dest.path))) return failed(`Failed to write file ${dest.absPath}`);
      const destination = await states.get(dest);
      if (unstageable(destination)) return fail(unstageableError(dest.absPath));
      if (destination === state && dest.path !== resolved.path) {
        // Another name of the source's own file: the edits are in it already; removing the source
        // name would delete the file (codex's order: write through the link, then remove).
        warnings.push(`${hunk.movePath}: ${dest.displayPath} and ${resolved.displayPath} are one file (a link or another name of it): the move writes the file and removes no name (codex would write it and then remove ${resolved.displayPath}, which deletes the file when ${dest.displayPath} is a symlink to it)`);
      } else {
        move(state, destination, Math.max(firstIndex, index - 1), hunk.movePath, warnings);
        states.touch(destination);
      }
    }
    modified.push(target);
    done.push(`M ${target}`);
  }
  warnings.unshift(...states.warnings);
  const summary = ['Success. Updated the following files:', ...added.map((p) => `A ${p}`), ...modified.map((p) => `M ${p}`), ...deleted.map((p) => `D ${p}`)];
  return succeed({ output: `${summary.join('\n')}\n` }, { files: states.stages(ctx.diffContext) }, warnings);
}

/** A deletion and a move's source remove a name; every other operation changes the file (FileStates). */
function reachOf(hunk: Hunk): Reach {
  return hunk.kind === 'delete' || (hunk.kind === 'update' && hunk.movePath !== null) ? 'name' : 'file';
}

/** codex writes a file only where no directory stands and every parent is a directory. */
async function writeBlocked(states: FileStates, path: string): Promise<boolean> {
  if (await states.isDirectory(path)) return true;
  const parts = path.split('/');
  for (let k = 1; k < parts.length; k++) if (await states.isFile(parts.slice(0, k).join('/'))) return true;
  return false;
}

/**
 * `*** Move to`: the destination takes the source's staged content (its diff reads from the
 * source's text) and the source is removed. codex writes the destination before removing the
 * source, so a move onto the file itself removes it.
 */
function move(source: FileState, dest: FileState, editIndex: number, named: string, warnings: string[]): void {
  if (dest === source) {
    replaceAll(source, '', { editIndex, strategy: 'exact', label: `Move onto itself: ${named} is removed` });
    source.exists = false;
    warnings.push(`${named}: codex writes a moved file and then removes its source, which is the same file here, so the file is deleted`);
    return;
  }
  if (dest.exists) warnings.push(`${named}: the move replaces the existing file`);
  if (source.found.kind === 'text' && !source.wholeWrite && mixedEndings(source.found.text)) {
    warnings.push(`${named}: the moved file mixes LF and CRLF line endings; codex keeps each line's own, the stage writes every line with ${source.shape.eol === '\r\n' ? 'CRLF' : 'LF'}`);
  }
  Object.assign(dest, {
    staged: source.staged,
    steps: [...source.steps],
    shape: source.shape,
    wholeWrite: true,
    movedFrom: source.movedFrom ?? { displayPath: source.resolved.displayPath, text: source.staged.original },
    exists: true,
    matcher: null,
  });
  const base = source.found.kind === 'text' ? source.found.text.view : '';
  Object.assign(source, { staged: new StagedFile(base), steps: [], movedFrom: null, wholeWrite: false });
  replaceAll(source, '', { editIndex, strategy: 'exact', label: `Move ${source.resolved.displayPath} to ${named}` });
  source.exists = false;
}

/**
 * A file the patch would overwrite that the playground cannot stage (not UTF-8, over the size
 * limit, unreadable): codex overwrites it, but a stage needs the old content to diff and commit.
 */
function unstageable(state: FileState): boolean {
  return !state.exists && !state.touched && (state.found.kind === 'not-utf8' || state.found.kind === 'too-large' || state.found.kind === 'denied');
}

function unstageableError(abs: string): { code: string; message: string } {
  return { code: 'Unsupported', message: `The playground cannot replace ${abs}: it is not a UTF-8 text file it can read (codex would overwrite it)` };
}

function overwriteWarning(named: string, state: FileState): string {
  const text = state.found.kind === 'text' && state.steps.length === 0 ? state.found.text : null;
  const crlf = text !== null && text.crlfAt.length > 0 ? ' and writes LF line endings where it had CRLF' : '';
  const bom = text !== null && text.shape.bom ? ', without its byte order mark' : '';
  return `${named}: "*** Add File" replaces the existing file${crlf}${bom}`;
}
