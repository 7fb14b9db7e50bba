// `view`: a file through `cat -n` (all of it, or a `view_range` of lines), a folder as the
// reference's `find {path} -maxdepth 2 -not -path '*/\.*'` prints it. Never writes.

import type { RunOutcome } from '../../types';
import { EMPTY_STAGE, fail, succeed, type ProfileContext } from '../profile';
import { catN, MAX_RESPONSE_LEN, maybeTruncate } from './output';
import { universalNewlines } from './python-io';
import { countChar, pyList, pyScalar } from './python-text';
import { readText, toolError, type Target } from './workspace';

type Found = Extract<Target, { resolved: unknown }>;

/**
 * `view_range` as the reference judges it: an empty list means the whole file; anything but
 * two ints (bools are ints in Python) is invalid.
 */
type Range = { kind: 'none' } | { kind: 'invalid' } | { kind: 'range'; values: [number | boolean, number | boolean] };

function readViewRange(v: readonly unknown[] | undefined): Range {
  if (v === undefined || v.length === 0) return { kind: 'none' };
  const isInt = (x: unknown): x is number | boolean => typeof x === 'boolean' || (typeof x === 'number' && Number.isInteger(x));
  if (v.length !== 2 || !isInt(v[0]) || !isInt(v[1])) return { kind: 'invalid' };
  return { kind: 'range', values: [v[0], v[1]] };
}

export async function viewFile(target: Found, viewRange: readonly unknown[] | undefined, limit: number | undefined, ctx: ProfileContext): Promise<RunOutcome> {
  const rd = await readText(target, ctx);
  if (!rd.ok) return fail(rd.error);
  const text = universalNewlines(rd.raw);
  const { shown } = target;
  const range = readViewRange(viewRange);
  if (range.kind === 'none') return succeed({ output: catN(text, shown, 1, limit ?? MAX_RESPONSE_LEN) }, EMPTY_STAGE, [], false);
  if (range.kind === 'invalid') return fail(toolError('Invalid `view_range`. It should be a list of two integers.'));
  const [initRaw, finalRaw] = range.values;
  const init = Number(initRaw);
  const final = Number(finalRaw);
  const n = countChar(text, '\n') + 1;
  const shownRange = pyList(range.values);
  if (init < 1 || init > n) {
    return fail(toolError(`Invalid \`view_range\`: ${shownRange}. Its first element \`${pyScalar(initRaw)}\` should be within the range of lines of the file: ${pyList([1, n])}`));
  }
  if (final > n) {
    return fail(toolError(`Invalid \`view_range\`: ${shownRange}. Its second element \`${pyScalar(finalRaw)}\` should be smaller than the number of lines in the file: \`${n}\``));
  }
  if (final !== -1 && final < init) {
    return fail(toolError(`Invalid \`view_range\`: ${shownRange}. Its second element \`${pyScalar(finalRaw)}\` should be larger or equal than its first \`${pyScalar(initRaw)}\``));
  }
  const start = startOfLine(text, init);
  const end = final === -1 ? text.length : endOfLine(text, start, final - init);
  return succeed({ output: catN(text.slice(start, end), shown, init, limit ?? MAX_RESPONSE_LEN) }, EMPTY_STAGE, [], false);
}

/** Offset where 1-based `line` starts (the line exists). */
function startOfLine(text: string, line: number): number {
  let at = 0;
  for (let k = 1; k < line; k++) at = text.indexOf('\n', at) + 1;
  return at;
}

/** End (exclusive, before its `\n`) of the line `more` lines below the one starting at `start`. */
function endOfLine(text: string, start: number, more: number): number {
  let at = start;
  for (let k = 0; k < more; k++) at = text.indexOf('\n', at) + 1;
  const nl = text.indexOf('\n', at);
  return nl === -1 ? text.length : nl;
}

const isHidden = (p: string): boolean => p.includes('/.');
const joinShown = (base: string, name: string): string => (base.endsWith('/') ? base + name : `${base}/${name}`);
const joinWs = (base: string, name: string): string => (base === '' ? name : `${base}/${name}`);
const byName = (a: { name: string }, b: { name: string }): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * The reference's `find` listing: the folder, then each entry and, for a folder, its entries
 * (pre-order, as find walks), leaving out every path with a `/.` in it. find prints in the
 * order the filesystem lists; here siblings are sorted by name so the answer is stable.
 */
export async function viewDirectory(target: Found, ctx: ProfileContext): Promise<RunOutcome> {
  const base = target.shown;
  const out: string[] = [];
  const err: string[] = [];
  const denied = (p: string): void => {
    err.push(`find: \u2018${p}\u2019: Permission denied`);
  };
  if (!isHidden(base)) out.push(base);
  const top = await ctx.fs.list(target.resolved.path);
  if (top.kind === 'denied') denied(base);
  else if (top.kind === 'directory') {
    for (const entry of [...top.entries].sort(byName)) {
      const p = joinShown(base, entry.name);
      if (!isHidden(p)) out.push(p);
      if (entry.kind !== 'directory') continue;
      const sub = await ctx.fs.list(joinWs(target.resolved.path, entry.name));
      if (sub.kind === 'denied') denied(p);
      if (sub.kind !== 'directory') continue;
      for (const child of [...sub.entries].sort(byName)) {
        const q = joinShown(p, child.name);
        if (!isHidden(q)) out.push(q);
      }
    }
  }
  // With anything on stderr the demo's agent loop returns stderr alone, as an error result.
  if (err.length > 0) return fail(toolError(maybeTruncate(`${err.join('\n')}\n`)));
  const stdout = maybeTruncate(out.length > 0 ? `${out.join('\n')}\n` : '');
  return succeed({ output: `Here's the files and directories up to 2 levels deep in ${base}, excluding hidden items:\n${stdout}\n` }, EMPTY_STAGE, [], false);
}
