// aider's `udiff` format (aider/coders/udiff_coder.py): each hunk normalised (whitespace-only lines
// cut to their line break, then re-diffed by difflib), duplicates dropped, then applied in order:
// its old text replaced (search_replace.py's flexible search), else with the lines of the old text
// the file lacks dropped (make_new_lines_explicit), else change by change with as much of the
// surrounding context as still matches. The failed hunks' texts, joined, are the reply.

import type { ToolError } from '../../types';
import { diffLines } from './dmp-cleanup';
import type { Chat } from './editblock-apply';
import { PyError, pyCount, pyStrip, splitKeep, splitLines } from './python';
import { flexiSearchAndReplace } from './search-replace';
import { fullHunk } from './sequence-matcher';
import { beforeAfter, beforeAfterLines, udiffEdits } from './udiff-parse';

export type UdiffApplied = { ok: true; edited: string[] } | { ok: false; error: ToolError };

const noMatch = (path: string, original: string, n: number): string =>
  `UnifiedDiffNoMatch: hunk failed to apply!\n\n${path} does not contain lines that match the diff you provided!\nTry again.\nDO NOT skip blank lines, comments, docstrings, etc!\nThe diff needs to apply cleanly to the lines in ${path}!\n\n${path} does not contain these ${n} exact lines in a row:\n\`\`\`\n${original}\`\`\`\n`;

const OTHER_HUNKS_APPLIED = 'Note: some hunks did apply successfully. See the updated source code shown above.\n\n';

/** cleanup_pure_whitespace_lines: a blank line becomes the one character Python's odd slice picks. */
function cleanupWhitespace(lines: readonly string[]): string[] {
  return lines.map((line) => {
    if (pyStrip(line) !== '') return line;
    const k = line.length - line.replace(/[\r\n]+$/, '').length;
    if (line.length === 0) throw new PyError('IndexError', 'string index out of range');
    return k === 0 ? line[0]! : line[line.length - k]!;
  });
}

/** normalize_hunk. */
export function normalizeHunk(hunk: readonly string[]): string[] {
  const [before, after] = beforeAfterLines(hunk);
  return fullHunk(cleanupWhitespace(before), cleanupWhitespace(after));
}

/** directly_apply_hunk. */
function directlyApply(content: string, hunk: readonly string[]): string | null {
  const [before, after] = beforeAfter(hunk);
  if (before === '') return null;
  const [beforeLines] = beforeAfterLines(hunk);
  const bare = beforeLines.map((l) => pyStrip(l)).join('');
  if ([...bare].length < 10 && pyCount(content, before) > 1) return null;
  return flexiSearchAndReplace([before, after, content]);
}

/** make_new_lines_explicit: drop from the hunk's old side the lines the file does not have. */
function makeNewLinesExplicit(content: string, hunk: string[]): string[] {
  const [before, after] = beforeAfter(hunk);
  const back = diffLines(before, content).filter((l) => l[0] !== '+');
  const newBefore = directlyApply(before, back);
  if (!newBefore) return hunk;
  if ([...pyStrip(newBefore)].length < 10) return hunk;
  const nb = splitKeep(newBefore);
  if (nb.length < splitKeep(before).length * 0.66) return hunk;
  return fullHunk(nb, splitKeep(after));
}

/** apply_partial_hunk: the changes with the most context on either side that still applies. */
function applyPartial(content: string, prec: readonly string[], changes: readonly string[], foll: readonly string[]): string | null {
  const all = prec.length + foll.length;
  for (let drop = 0; drop <= all; drop++) {
    const use = all - drop;
    for (let usePrec = prec.length; usePrec >= 0; usePrec--) {
      if (usePrec > use) continue;
      const useFoll = use - usePrec;
      if (useFoll > foll.length) continue;
      const res = directlyApply(content, [...prec.slice(prec.length - usePrec), ...changes, ...foll.slice(0, useFoll)]);
      if (res) return res;
    }
  }
  return null;
}

/** apply_hunk. */
function applyHunk(content: string, original: string[]): string | null {
  const direct = directlyApply(content, original);
  if (direct) return direct;
  const hunk = makeNewLinesExplicit(content, original);
  const sections: string[][] = [];
  let section: string[] = [];
  let cur = ' ';
  for (const line of hunk) {
    const first = [...line][0] ?? '';
    const op = first === '-' || first === '+' ? 'x' : first === '\n' ? ' ' : first;
    if (op !== cur) {
      sections.push(section);
      section = [];
      cur = op;
    }
    section.push(line);
  }
  sections.push(section);
  if (cur !== ' ') sections.push([]);
  let text = content;
  for (let i = 2; i < sections.length; i += 2) {
    const res = applyPartial(text, sections[i - 2]!, sections[i - 1]!, sections[i]!);
    if (!res) return null;
    text = res;
  }
  return text;
}

/** The file names the reply's diffs name. */
export function udiffPaths(reply: string): string[] {
  try {
    return [...new Set(udiffEdits(reply).flatMap((h) => (h.path === null ? [] : [h.path])))];
  } catch {
    return [];
  }
}

/** apply_updates for udiff: prepare (create the missing files), then each distinct hunk in order. */
export function applyUdiff(reply: string, chat: Chat): UdiffApplied {
  try {
    const edits = udiffEdits(reply);
    for (const e of edits) if (e.path !== null && !chat.names.includes(e.path)) chat.files.get(e.path).touch();
    const seen = new Set<string>();
    const uniq: { path: string; hunk: string[] }[] = [];
    for (const e of edits) {
      const hunk = normalizeHunk(e.lines);
      if (hunk.length === 0) continue;
      if (e.path === null) throw new PyError('TypeError', "unsupported operand type(s) for +: 'NoneType' and 'str'");
      const key = `${e.path}\n${hunk.join('')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      uniq.push({ path: e.path, hunk });
    }
    const errors: string[] = [];
    uniq.forEach(({ path, hunk }, k) => {
      const file = chat.files.get(path);
      const [original, after] = beforeAfter(hunk);
      let res: string | null = null;
      if (file.content !== null) res = pyStrip(original) === '' ? file.content + after : applyHunk(file.content, hunk);
      if (!res) errors.push(noMatch(path, original, splitLines(original).length));
      else file.write(res, k, pyStrip(original) === '' ? 'append' : 'udiff', `Hunk ${k + 1} of ${path}`);
    });
    if (errors.length > 0) {
      let text = errors.join('\n\n');
      if ([...text].length < uniq.length) text += OTHER_HUNKS_APPLIED;
      return { ok: false, error: { code: 'ValueError', message: text } };
    }
    // prepare_to_edit keeps a hunk without a file name, so aider would report `Applied edit to None`.
    return { ok: true, edited: [...new Set(edits.map((e) => e.path ?? 'None'))] };
  } catch (e) {
    if (e instanceof PyError) return { ok: false, error: { code: e.pyClass, message: e.message } };
    throw e;
  }
}
