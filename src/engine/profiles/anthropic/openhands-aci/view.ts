// `view` of a file or a folder, as each openhands-aci release shows it.

import type { RunOutcome } from '../../../types';
import { EMPTY_STAGE, fail, succeed } from '../../profile';
import { TRUNCATED_MESSAGE } from '../output';
import { pySplitlines, pyStrip } from '../python-str';
import { pyScalar } from '../python-text';
import { SUPPORTED_BINARY, type Found, type Port } from './features';
import { fileLines, makeOutput, pyValue, readRange, truncate } from './output';
import { readChecked, suffixOf } from './file-checks';

export async function view(p: Port, target: Found, range: unknown): Promise<RunOutcome> {
  const { f } = p;
  const { shown } = target;
  if (target.kind === 'directory') {
    if (range !== undefined && !(Array.isArray(range) && range.length === 0) && range !== false && range !== 0 && range !== '') {
      return p.invalidParam('view_range', pyValue(range), 'The `view_range` parameter is not allowed when `path` points to a directory.');
    }
    return viewFolder(p, target);
  }
  if (f.supportedBinary && SUPPORTED_BINARY.includes(suffixOf(shown).toLowerCase())) {
    return fail({ code: 'Unsupported', message: `openhands-aci shows ${shown} converted to Markdown (markitdown), which the playground does not reproduce` });
  }
  const rd = await readChecked(p, target, f.fileLines);
  if (!rd.ok) return rd.outcome;
  const { text } = rd;
  const done = (output: string): RunOutcome => succeed({ output }, EMPTY_STAGE, rd.warnings, false);
  const empty = range === undefined || range === null || (Array.isArray(range) && range.length === 0);
  if (empty) return done(makeOutput(f, text, shown, 1));
  const isInt = (x: unknown): x is number | boolean => typeof x === 'boolean' || (typeof x === 'number' && Number.isInteger(x));
  if (!Array.isArray(range) || range.length !== 2 || !isInt(range[0]) || !isInt(range[1])) return p.invalidParam('view_range', pyValue(range), 'It should be a list of two integers.');
  const shownRange = pyValue(range);
  const start = Number(range[0]);
  let end = Number(range[1]);
  const lines = f.fileLines ? fileLines(text) : text.split('\n');
  const n = lines.length;
  if (start < 1 || start > n) {
    return p.invalidParam('view_range', shownRange, `Its first element \`${pyScalar(range[0])}\` should be within the range of lines of the file: [1, ${n}].`);
  }
  let note = '';
  if (f.viewRangeClamp) {
    if (end === -1) end = n;
    else if (end > n) {
      note = `NOTE: We only show up to ${n} since there're only ${n} lines in this file.\n`;
      end = n;
    }
    if (end < start) return p.invalidParam('view_range', shownRange, `Its second element \`${end}\` should be greater than or equal to the first element \`${start}\`.`);
  } else {
    if (end > n) return p.invalidParam('view_range', shownRange, `Its second element \`${pyScalar(range[1])}\` should be smaller than the number of lines in the file: \`${n}\`.`);
    if (end !== -1 && end < start) {
      return p.invalidParam('view_range', shownRange, `Its second element \`${pyScalar(range[1])}\` should be greater than or equal to the first element \`${pyScalar(range[0])}\`.`);
    }
    if (end === -1) end = n;
  }
  if (!f.fileLines) return done(makeOutput(f, lines.slice(start - 1, end).join('\n'), shown, start));
  const content = readRange(lines, start, end);
  return done(note + makeOutput(f, f.viewRangeRejoin ? pySplitlines(content).join('\n') : content, shown, start));
}

const isHiddenName = (name: string): boolean => name.startsWith('.');

async function viewFolder(p: Port, target: Found): Promise<RunOutcome> {
  const { f, ctx } = p;
  const base = target.shown;
  const join = (a: string, b: string): string => (a.endsWith('/') ? a + b : `${a}/${b}`);
  const joinWs = (a: string, b: string): string => (a === '' ? b : `${a}/${b}`);
  const byName = (x: { name: string }, y: { name: string }): number => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0);
  // Until 0.1.8: `-not -path '*/\.*'` (any hidden component, the folder's own included); after:
  // only entries hidden at depth 1 or 2 below the folder.
  const hiddenAnywhere = (s: string): boolean => s.includes('/.');
  const found: { shown: string; dir: boolean }[] = [];
  const denied: string[] = [];
  let hidden = 0;
  if (!(!f.dirSorted && hiddenAnywhere(base))) found.push({ shown: base, dir: true });
  const top = await ctx.fs.list(target.resolved.path);
  if (top.kind === 'denied') denied.push(base);
  else if (top.kind === 'directory') {
    for (const e of [...top.entries].sort(byName)) {
      const s1 = join(base, e.name);
      if (isHiddenName(e.name)) hidden++;
      const skip1 = f.dirSorted ? isHiddenName(e.name) : hiddenAnywhere(s1);
      if (!skip1) found.push({ shown: s1, dir: e.kind === 'directory' });
      if (e.kind !== 'directory') continue;
      const sub = await ctx.fs.list(joinWs(target.resolved.path, e.name));
      if (sub.kind === 'denied') denied.push(s1);
      if (sub.kind !== 'directory') continue;
      for (const c of [...sub.entries].sort(byName)) {
        const s2 = join(s1, c.name);
        const skip2 = f.dirSorted ? isHiddenName(e.name) || isHiddenName(c.name) : hiddenAnywhere(s2);
        if (!skip2) found.push({ shown: s2, dir: c.kind === 'directory' });
      }
    }
  }
  if (denied.length > 0) return p.error(truncate(denied.map((d) => `find: \u2018${d}\u2019: Permission denied\n`).join(''), TRUNCATED_MESSAGE));
  if (f.dirSorted) found.sort((x, y) => (x.shown < y.shown ? -1 : x.shown > y.shown ? 1 : 0));
  const stdout = truncate(found.length > 0 ? `${found.map((e) => e.shown).join('\n')}\n` : '', f.dirNotice);
  const header = `Here's the files and directories up to 2 levels deep in ${base}, excluding hidden items:\n`;
  if (!f.dirHidden) return succeed({ output: `${header}${stdout}\n` }, EMPTY_STAGE, [], false);
  let body: string;
  if (f.dirSlashes) {
    const dirs = new Set(found.filter((e) => e.dir).map((e) => e.shown));
    const paths = pyStrip(stdout) === '' ? [] : pyStrip(stdout).split('\n');
    body = header + paths.map((x) => (dirs.has(x) ? `${x}/` : x)).join('\n');
  } else body = header + stdout;
  const msg = [body];
  if (hidden > 0) msg.push(`\n${hidden} hidden files/directories in this directory are excluded. You can use 'ls -la ${base}' to see them.`);
  return succeed({ output: msg.join('\n') }, EMPTY_STAGE, [], false);
}
