// What the replay does after a shell call: the files the command may have changed (shell-effects.ts)
// become unknown until the transcript shows them again, and the files it wrote whole with text the
// transcript holds (a literal here-document, shell-writes.ts) take that text and stay known, so
// the edit calls on them after it are judged.

import { encodeText } from '../engine/text';
import type { FileKnowledge } from './file-knowledge';
import { notToolAnswer } from './not-answer';
import type { OverlayFs } from './overlay-fs';
import { joinDir } from './shell-class';
import { shellCommandOf, shellEffect, type ShellEffect } from './shell-effects';
import { effectWithHome, homeOf, inHome } from './shell-home';
import { writesDone, type WholeWrite } from './shell-writes';
import { codeWrites, scriptFiles } from './code-writes';
import { parseScript } from './shell-script';
import { deleteComplained, plainDeletes } from './shell-deletes';
import { decodeFile } from '../engine/text';
import type { SessionCall, SessionFormat } from './types';

/** `to.push(...items)` without spreading `items` into arguments: a huge command would overflow the stack. */
const append = <T>(to: T[], items: readonly T[]): void => {
  for (const x of items) to.push(x);
};

export interface ShellContext {
  overlay: OverlayFs;
  knowledge: FileKnowledge;
  format: SessionFormat | null;
  /** Workspace paths of `paths` (relative ones against `cwd`); those outside the mount left out. */
  workspacePaths: (paths: readonly string[], cwd?: string) => string[];
}

/** Makes `path` hold what `write` left in it; false when that cannot be known (an append to a file of unknown state). */
async function takeWrite(ctx: ShellContext, path: string, write: WholeWrite): Promise<boolean> {
  const text = encodeText(write.text, false);
  if (!write.append) {
    await ctx.overlay.write(path, text);
    return true;
  }
  if (ctx.knowledge.whyUnknown(path) !== undefined) return false;
  const rd = await ctx.overlay.read(path);
  if (rd.kind === 'missing') await ctx.overlay.write(path, text);
  else if (rd.kind === 'file') {
    const bytes = new Uint8Array(rd.bytes.length + text.length);
    bytes.set(rd.bytes);
    bytes.set(text, rd.bytes.length);
    await ctx.overlay.write(path, bytes);
  } else return false;
  return true;
}

/**
 * The directory a shell call ran in, where the transcript says: its `workdir`, or in a Codex
 * rollout the turn's directory (Codex starts each command there; no `cd` carries over).
 */
function workdirOf(call: SessionCall, format: SessionFormat | null): string | undefined {
  if (call.input !== null && typeof call.input.workdir === 'string') return call.input.workdir;
  return format === 'codex-rollout' ? call.cwd : undefined;
}

/**
 * Codex's command tools (by the names Codex and the Responses API give them), which start each
 * command afresh in the session's folder whatever the transcript's format: a relative path there
 * is the session's own, as its apply_patch calls' relative paths are. (Claude Code's `Bash` and
 * Anthropic's `bash` keep their directory from call to call.)
 */
const FRESH_SHELLS: ReadonlySet<string> = new Set(['shell', 'container.exec', 'exec_command', 'shell_command', 'local_shell']);

/** The folder a whole write's relative path is relative to: its `cd`'s, against the call's workdir. */
const writeDir = (workdir: string | undefined, w: WholeWrite): string | undefined => (w.dir === null ? workdir : joinDir(workdir, w.dir));

const isAbsolute = (p: string | undefined): boolean => p !== undefined && (p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p));

/** A command's effect, its `~` paths in the home folder the call's directory lies in (shell-home.ts). */
const homeEffect = (command: string, call: SessionCall, workdir: string | undefined): ShellEffect | null => {
  const effect = shellEffect(command);
  return effect === null ? null : effectWithHome(effect, homeOf(workdir ?? call.cwd));
};

/**
 * Whether the replay knows which file a whole write wrote: any path of a command Codex ran
 * (FRESH_SHELLS), an absolute path, or a relative one under an absolute `cd` or the call's own
 * `workdir`; not a `~` path whose home folder is not known. A relative path
 * otherwise resolves against a shell's directory the transcript may not show: Claude Code's Bash
 * keeps its directory from call to call, and a parallel subagent's `cd` moved it (a public
 * transcript's `cat > types/state.ts` wrote under `todo-app/` while its lines' `cwd` said the
 * folder above).
 */
const anchored = (call: SessionCall, workdir: string | undefined, w: WholeWrite): boolean =>
  // A `~` left in the path: the home folder it names is not known (shell-home.ts).
  !inHome(w.path) && (FRESH_SHELLS.has(call.toolName) || isAbsolute(w.path) || isAbsolute(writeDir(workdir, w)));

/**
 * The files a shell call wrote whole, as the recording shows them done (overwrites and appends,
 * each path joined to the folder it is relative to), in order: the seed's view of a shell call.
 */
export function doneWrites(call: SessionCall, format: SessionFormat | null): { path: string; append: boolean }[] {
  const command = call.kind === 'edit' ? null : shellCommandOf(call.toolName, call.input);
  const workdir = workdirOf(call, format);
  const effect = command === null || notToolAnswer(call.result) !== null ? null : homeEffect(command, call, workdir);
  if (effect === null || !writesDone(effect.writes, call.result)) return [];
  return effect.writes.filter((w) => anchored(call, workdir, w)).map((w) => ({ path: joinDir(writeDir(workdir, w), w.path), append: w.append }));
}

/**
 * What the script files a command runs may change, for those whose text the replay knows (code
 * read as inline code is, a shell script as a command line); a script it does not know is not
 * read, as a test run is not (docs/decisions.md).
 */
async function scriptWrites(ctx: ShellContext, command: string, cwd: string | undefined): Promise<{ paths: string[]; wide: boolean; named: string[] }> {
  const out = { paths: [] as string[], wide: false, named: [] as string[] };
  for (const run of scriptFiles(parseScript(command) ?? [])) {
    const [path] = ctx.workspacePaths([run.path], cwd);
    if (path === undefined || ctx.knowledge.whyUnknown(path) !== undefined) continue;
    const rd = await ctx.overlay.read(path);
    const dec = rd.kind === 'file' ? decodeFile(rd.bytes) : null;
    if (dec === null || !dec.ok) continue;
    const effect = run.shell ? shellEffect(dec.text.view) : null;
    // A shell script's whole writes are not taken (nothing checks that each ran): their files are unknown after it.
    const found = run.shell ? effect && { paths: [...effect.paths, ...effect.writes.map((w) => w.path)], wide: effect.wide || effect.folders !== undefined } : codeWrites(dec.text.view);
    if (found === null) continue;
    append(out.paths, found.paths);
    out.wide ||= found.wide;
    if (found.wide) out.named.push(run.path);
  }
  return out;
}

/**
 * The files a command that only deletes removed (shell-deletes.ts), when its answer shows no
 * complaint and the replay knows where each is (an absolute path, a known folder, or a command
 * Codex started in the session's folder): each is removed from the workspace and known absent.
 */
async function deletesDone(ctx: ShellContext, call: SessionCall, command: string, cwd: string | undefined): Promise<string[]> {
  const named = plainDeletes(command);
  if (named === null || call.result === null || call.result.isError || deleteComplained(call.result.text)) return [];
  const gone: string[] = [];
  for (const p of named) {
    if (!FRESH_SHELLS.has(call.toolName) && !isAbsolute(p) && !isAbsolute(cwd)) continue;
    const [path] = ctx.workspacePaths([p], cwd);
    if (path === undefined || (await ctx.overlay.stat(path)).kind === 'directory') continue;
    await ctx.overlay.remove(path);
    ctx.knowledge.markKnown(path);
    gone.push(path);
  }
  return gone;
}

/** A file name no folder holds, to resolve a folder by a path inside it. */
const FOLDER_PROBE = '\u0000folder';

/** A shell command that may change files makes them unknown until the transcript shows them again; its whole writes are taken. */
export async function afterShell(ctx: ShellContext, call: SessionCall, notes: string[]): Promise<void> {
  const command = shellCommandOf(call.toolName, call.input);
  if (command === null || notToolAnswer(call.result) !== null) return;
  // A command that only reads may still run a script the session wrote (scriptWrites).
  const workdir = workdirOf(call, ctx.format);
  const effect = homeEffect(command, call, workdir) ?? { command: command.replace(/\s+/g, ' ').trim().slice(0, 300), paths: [], wide: false, writes: [] };
  // A drive path (`cd "C:\\w"`, a Windows code-mode script's workdir) is rooted too.
  const cwd = effect.cwd !== undefined && workdir !== undefined && !isAbsolute(effect.cwd) ? `${workdir}/${effect.cwd}` : (effect.cwd ?? workdir);
  const evidence = `call #${call.index} ran \`${effect.command}\``;
  if (effect.wide) {
    ctx.knowledge.markAllUnknown({ reason: 'changed-outside', evidence: `${evidence}, which may change any file` });
    notes.push('This command may change files it does not name: until the transcript shows a file again, a call on it that differs cannot be judged.');
  }
  for (const folder of effect.folders ?? []) {
    // The folder as a workspace path ('' for the root), by a name inside it; none when outside the mount.
    const [inside] = ctx.workspacePaths([`${folder.replace(/\/+$/, '')}/${FOLDER_PROBE}`], cwd);
    if (inside === undefined) continue;
    const where = inside.slice(0, -FOLDER_PROBE.length).replace(/\/$/, '');
    ctx.knowledge.markFolderUnknown(where, { reason: 'changed-outside', evidence: `${evidence}, which may change any file in ${folder}` });
    notes.push(`This command may change any file in ${folder}: until the transcript shows one again, a call on it that differs cannot be judged.`);
  }
  const changed = ctx.workspacePaths(effect.paths, cwd);
  // A relative path where the shell's folder is not known (Claude Code's Bash keeps its folder from
  // call to call): the file under the call's recorded folder may have changed too.
  if (cwd === undefined && call.cwd !== undefined) for (const p of ctx.workspacePaths(effect.paths.filter((x) => !isAbsolute(x)), call.cwd)) if (!changed.includes(p)) changed.push(p);
  const gone = await deletesDone(ctx, call, command, cwd);
  if (gone.length > 0) {
    for (let k = changed.length - 1; k >= 0; k--) if (gone.includes(changed[k]!)) changed.splice(k, 1);
    notes.push(`This command deletes ${gone.join(', ')}: the replay removes ${gone.length === 1 ? 'it' : 'them'}, and judges later calls on ${gone.length === 1 ? 'it' : 'them'}.`);
  }
  const done = effect.writes.length > 0 && writesDone(effect.writes, call.result);
  const taken: string[] = [];
  for (const w of effect.writes) {
    const [path] = ctx.workspacePaths([w.path], writeDir(workdir, w));
    if (path === undefined) continue;
    if (done && anchored(call, workdir, w) && (await takeWrite(ctx, path, w))) {
      ctx.knowledge.markKnown(path);
      if (!taken.includes(w.path)) taken.push(w.path);
    } else changed.push(path);
  }
  const scripts = await scriptWrites(ctx, command, cwd);
  if (scripts.wide && !effect.wide) {
    ctx.knowledge.markAllUnknown({ reason: 'changed-outside', evidence: `${evidence}, whose script ${scripts.named.join(', ')} may change any file` });
    notes.push(`The script ${scripts.named.join(', ')} this command runs writes files it does not name: until the transcript shows a file again, a call on it that differs cannot be judged.`);
  }
  append(changed, ctx.workspacePaths(scripts.paths, cwd));
  for (const p of changed) ctx.knowledge.markUnknown(p, { reason: 'changed-outside', evidence });
  if (taken.length > 0) notes.push(`This command writes ${taken.join(', ')} with a here-document whose text is literal: the replay takes the text it writes, and judges later calls on ${taken.length === 1 ? 'it' : 'them'}.`);
  if (changed.length > 0) notes.push(`This command may change ${changed.join(', ')}: until the transcript shows ${changed.length === 1 ? 'it' : 'them'} again, a call that differs on ${changed.length === 1 ? 'it' : 'them'} cannot be judged.`);
}
