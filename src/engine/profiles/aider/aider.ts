// Profile `aider_edit`: aider's edit formats (Aider-AI/aider @5dc9490bb35f9729ef2c95d00a19ccd30c26339c,
// Apache-2.0; src/engine/profiles/aider/aider_edit.md). The model edits files by writing them into its reply;
// the call is that reply, its format (aider's --edit-format) and the files in the chat. The reply
// is read and applied as aider does, and what aider sends back to the model when edits fail is
// the error, byte for byte. Nothing is written when any edit fails (aider keeps the ones that
// applied; a warning names them).

import type { RunOutcome, ToolError } from '../../types';
import { fail, succeed, zodDetail, type Profile, type ProfileContext } from '../profile';
import { sessionBlockInput } from './convert';
import { applyEditBlocks, namedFiles, type Chat } from './editblock-apply';
import { chooseFence, fenceOf, TRIPLE, type Fence } from './fence';
import { AiderFiles, stageOf, type AiderFile } from './files';
import { aiderSchema, type AiderInput } from './input';
import { comparePy } from './python';
import { applyUdiff, udiffPaths } from './udiff-apply';
import * as hooks from './hooks';
import { findWholeEdits } from './wholefile';
import { asRead } from './reasoning';
import { AIDER_SUITE } from './suite';

const DESCRIPTION = `aider's edit formats (aider 0.86.3.dev, Aider-AI/aider): the model edits files by writing the edits into its reply.

- diff / diff-fenced: SEARCH/REPLACE blocks, each after the file's name (diff-fenced: the name inside the fence):
  path/to/file.py
  <<<<<<< SEARCH
  lines to find
  =======
  lines to put there
  >>>>>>> REPLACE
  An empty SEARCH creates a file or appends to it. A block matches exactly, else with its leading whitespace off by one amount, else piece by piece around ... lines.
- udiff: unified diffs in \`\`\`diff fences (--- path, +++ path, @@ ... @@ hunks); a hunk applies where its lines match, with a flexible retry.
- whole: the file's name, then its whole new content in a fence.
- When an edit fails, the result is the text aider sends back to the model, and no file changes.`;

const invalid = (message: string): RunOutcome => fail({ code: 'invalid_input', message });
const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

function wholeNames(reply: string, fence: Fence): string[] {
  const parsed = findWholeEdits(reply, fence, []);
  return parsed.ok ? parsed.edits.map((e) => e.path) : [];
}

interface Prepared {
  files: AiderFiles;
  chat: Chat;
  warnings: string[];
}

/** The chat: its files loaded, unreadable ones dropped (aider drops them too), the fence chosen from their text. */
async function prepareChat(input: AiderInput, ctx: ProfileContext): Promise<Prepared | RunOutcome> {
  const files = new AiderFiles(ctx);
  const warnings: string[] = [];
  const format = input.format ?? 'diff';
  const given = input.fence === undefined ? null : fenceOf(input.fence);
  let names = input.chat_files;
  if (names === undefined) {
    const first = given ?? [TRIPLE, TRIPLE];
    const named = format === 'udiff' ? udiffPaths(input.reply) : format === 'whole' ? wholeNames(input.reply, first) : namedFiles(input.reply, first, []);
    names = [];
    for (const n of named) if ((await files.load(n))?.kind === 'text') names.push(n);
  }
  const kept: string[] = [];
  for (const n of names) {
    const f = await files.load(n);
    if (f === null) return outside(n, ctx);
    if (f.kind === 'text') kept.push(n);
    else warnings.push(`chat_files: aider cannot read ${n} (${f.kind === 'missing' ? 'no such file' : f.kind === 'directory' ? 'a folder' : 'not UTF-8 text, or too large'}) and drops it from the chat`);
  }
  const chosen = chooseFence(kept.map((n) => files.get(n).content!));
  const fence = given ?? chosen.fence;
  if (given !== null && kept.length > 0 && given !== chosen.fence) warnings.push(`fence: aider would quote these chat files with ${chosen.fence[0]}...${chosen.fence[1]}; the call says ${given[0]}...${given[1]}, so the chat held files this call does not name`);
  else if (given === null && chosen.fallback) warnings.push(`aider finds no fence that no line of the chat's files starts with, and falls back to ${fence[0]}...${fence[1]}`);
  const valid = [...new Set(kept)].sort(comparePy);
  return { files, chat: { files, names: [...valid], valid, fence }, warnings };
}

function outside(path: string, ctx: ProfileContext): RunOutcome {
  return fail({ code: 'outside_workspace', message: `${path} is outside the workspace (${ctx.mount}): the playground reads and writes files only under it` });
}

async function loadAll(paths: readonly string[], files: AiderFiles, ctx: ProfileContext): Promise<RunOutcome | null> {
  for (const p of paths) {
    // open('x/', 'w') fails in aider too (after it touched `x`); the playground refuses the name up front.
    if (p.endsWith('/')) return fail({ code: 'not_a_file', message: `${p} names a folder (it ends with /): aider cannot write a file by that name` });
    if ((await files.load(p)) === null) return outside(p, ctx);
  }
  return null;
}

function leftOnDisk(files: readonly AiderFile[]): string[] {
  const left = files.filter((f) => f.changed).map((f) => `${f.resolved.displayPath} (${f.changes.length === 0 ? 'created empty' : f.original === null ? 'created' : 'edited'})`);
  return left.length === 0 ? [] : [`aider writes each edit that applies as it goes and creates a missing file before editing it; it would have left on disk: ${left.join(', ')}`];
}

function shellNote(shell: readonly string[]): string[] {
  return shell.length === 0 ? [] : [`The reply has ${plural(shell.length, 'shell command block')}; aider would offer to run ${shell.length === 1 ? 'it' : 'them'} (the playground does not)`];
}

function finish(p: Prepared, result: { ok: true; edited: string[]; none: string } | { ok: false; error: ToolError }, extra: string[], ctx: ProfileContext): RunOutcome {
  const warnings = [...p.warnings, ...extra];
  if (!result.ok) return fail(result.error, { files: [] }, [...warnings, ...leftOnDisk(p.files.all)]);
  const staged = p.files.all.filter((f) => f.changed).map((f) => stageOf(f, ctx.diffContext));
  ctx.progress(result.edited.length, result.edited.length);
  if (result.edited.length === 0) warnings.push(result.none);
  const output = result.edited.map((path) => `Applied edit to ${path}`).join('\n');
  return succeed({ output }, { files: staged.map((s) => s.stage) }, [...warnings, ...staged.flatMap((s) => s.warnings)], staged.length > 0);
}

async function runDiff(input: AiderInput, p: Prepared, ctx: ProfileContext): Promise<RunOutcome> {
  const problem = await loadAll(namedFiles(input.reply, p.chat.fence, p.chat.valid), p.files, ctx);
  if (problem !== null) return problem;
  const applied = applyEditBlocks(input.reply, p.chat);
  const none = 'The reply has no SEARCH/REPLACE block: aider changes no file';
  return finish(p, applied.ok ? { ok: true, edited: applied.edited, none } : applied, shellNote(applied.shell), ctx);
}

async function runWhole(input: AiderInput, p: Prepared, ctx: ProfileContext): Promise<RunOutcome> {
  const parsed = findWholeEdits(input.reply, p.chat.fence, p.chat.valid);
  if (!parsed.ok) return finish(p, parsed, [], ctx);
  const problem = await loadAll(parsed.edits.map((e) => e.path), p.files, ctx);
  if (problem !== null) return problem;
  // aider would overwrite a file it cannot read as text; the playground stages only text.
  for (const e of parsed.edits) {
    const f = p.files.get(e.path);
    if (f.kind === 'directory' || f.kind === 'unreadable') {
      const what = f.kind === 'directory' ? 'a folder' : 'not UTF-8 text, or over the size limit';
      return fail({ code: 'not_text', message: `${e.path} is ${what}: aider would write the new content over it; the playground writes only text files` }, { files: [] }, p.warnings);
    }
  }
  // prepare_to_edit creates the missing files, then each is written whole.
  for (const e of parsed.edits) p.files.get(e.path).touch();
  parsed.edits.forEach((e, k) => p.files.get(e.path).write(e.content, k, 'whole', `File ${k + 1}: written whole`));
  return finish(p, { ok: true, edited: [...new Set(parsed.edits.map((e) => e.path))], none: 'The reply has no fenced block: aider changes no file' }, [], ctx);
}

async function runUdiff(input: AiderInput, p: Prepared, ctx: ProfileContext): Promise<RunOutcome> {
  const problem = await loadAll(udiffPaths(input.reply), p.files, ctx);
  if (problem !== null) return problem;
  const applied = applyUdiff(input.reply, p.chat);
  return finish(p, applied.ok ? { ok: true, edited: applied.edited, none: 'The reply has no ```diff block with a change: aider changes no file' } : applied, [], ctx);
}

async function runAider(raw: unknown, ctx: ProfileContext): Promise<RunOutcome> {
  const parsed = aiderSchema.safeParse(raw);
  // A transcript lists each block as a call of its own ({ path, search, replace }): one block's reply.
  const block = parsed.success ? null : sessionBlockInput(raw);
  const given = parsed.success ? parsed.data : block !== null && aiderSchema.safeParse(block).success ? block : null;
  if (given === null) return invalid(zodDetail(parsed.error!));
  const input = asRead(given);
  const prepared = await prepareChat(input, ctx);
  if (!('chat' in prepared)) return prepared;
  switch (input.format ?? 'diff') {
    case 'whole':
      return runWhole(input, prepared, ctx);
    case 'udiff':
      return runUdiff(input, prepared, ctx);
    default:
      return runDiff(input, prepared, ctx);
  }
}

export const aider: Profile = {
  id: 'aider_edit',
  origin: 'aider',
  title: "aider's edit formats: SEARCH/REPLACE, udiff, whole",
  example: { reply: 'Serve on port 3000:\n\ntest/config.toml\n```toml\n<<<<<<< SEARCH\nport = 8080\n=======\nport = 3000\n>>>>>>> REPLACE\n```\n' },
  suite: AIDER_SUITE,
  toolName: 'aider_edit',
  description: DESCRIPTION,
  schema: aiderSchema,
  rejectsUnknownFields: true,
  run: runAider,
  claimsCall: hooks.claimsCall,
  otherToolNames: [hooks.SESSION_REPLY_TOOL, hooks.SESSION_BLOCK_TOOL],
  judging: { sameOutput: hooks.sameOutput },
  freeform: { field: 'reply', bareText: { pattern: hooks.BARE_TEXT, kind: 'bare' } },
  paths: (input) => hooks.paths(input),
  createdPaths: (input) => hooks.createdPaths(input),
  toFindReplace: (input, path) => hooks.toPlain(input, path),
  fromFindReplace: (plain) => hooks.fromPlain(plain),
};
