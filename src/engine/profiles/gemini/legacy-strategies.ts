// calculateReplacement as Gemini CLI had it before 0.31.0 (google-gemini/gemini-cli v0.28.0 and
// v0.29.0 to v0.30.1, packages/core/src/tools/edit.ts): three strategies, no fuzzy one, and a count
// that `expected_replacements` checks afterwards.
//
// - exact: every occurrence is replaced; the count is the number of occurrences.
// - flexible: whole lines equal once trimmed. Each line of new_string gets the first matched
//   line's indentation put in front as it is (blank lines too; no rebasing), the window's lines
//   become that one block without a line break after it (the last line's `\n` is lost, only the
//   file's final one is put back), and the scan goes on `new_string`'s line count past the block,
//   so that many lines after a match, less one, are never looked at.
// - regex: old_string's tokens with any whitespace between them, from a line start; only the
//   first match is replaced and the count is always 1. The indented block is a replacement
//   *string*, so `$&`, `$1`, `` $` ``, `$'` and `$$` in new_string are expanded.
// Indentation: `^(\s*)` up to 0.28 (a blank line's own line break counts, and the regex can start
// on an earlier blank line), `^([ \t]*)` from 0.29 (8cbe8513).

import type { Replacement } from '../../types';
import { lineDeletions, refLines } from './ref-lines';
import { regexPattern, type Calculation, type EditRequest } from './strategies';

export type Indent = 'blanks' | 'whitespace';

const INDENT = { blanks: /^[ \t]*/, whitespace: /^\s*/ } as const;

export function calculateLegacy(req: EditRequest, indent: Indent): Calculation {
  const finalOld = req.oldString.replaceAll('\r\n', '\n');
  const finalNew = req.newString.replaceAll('\r\n', '\n');
  const none: Calculation = { occurrences: 0, finalOld, finalNew, replacements: [], deletions: [] };
  if (finalOld === '') return none;
  return exact(req.content, finalOld, finalNew) ?? flexible(req.content, finalOld, finalNew, indent) ?? regex(req.content, finalOld, finalNew, indent) ?? none;
}

function exact(content: string, find: string, put: string): Calculation | null {
  const replacements: Replacement[] = [];
  for (let i = content.indexOf(find); i !== -1; i = content.indexOf(find, i + find.length)) replacements.push({ start: i, end: i + find.length, text: put });
  if (replacements.length === 0) return null;
  return { strategy: 'exact', occurrences: replacements.length, finalOld: find, finalNew: put, replacements, deletions: [] };
}

function flexible(content: string, find: string, put: string, indent: Indent): Calculation | null {
  const split = refLines(content, false);
  const { lines } = split;
  const wanted = find.split('\n').map((l) => l.trim());
  const putLines = put.split('\n');
  const n = wanted.length;
  const replacements: Replacement[] = [];
  let i = 0;
  while (i <= lines.length - n) {
    let same = true;
    for (let k = 0; k < n && same; k++) same = lines[i + k]!.text.trim() === wanted[k];
    if (!same) {
      i++;
      continue;
    }
    const lead = INDENT[indent].exec(lines[i]!.text)![0];
    replacements.push({ start: lines[i]!.start, end: lines[i + n - 1]!.end, text: putLines.map((l) => lead + l).join('\n') });
    // The reference steps `putLines.length` places in its spliced array, where the block is one.
    i += n + putLines.length - 1;
  }
  if (replacements.length === 0) return null;
  return { strategy: 'flexible', occurrences: replacements.length, finalOld: find, finalNew: put, replacements, deletions: lineDeletions(split, replacements) };
}

function regex(content: string, find: string, put: string, indent: Indent): Calculation | null {
  const blanks = regexPattern(find);
  if (blanks === null) return null;
  const pattern = indent === 'blanks' ? blanks : `^(\\s*)${blanks.slice('^([ \t]*)'.length)}`;
  const re = new RegExp(pattern, 'm');
  const m = re.exec(content);
  if (m === null) return null;
  const block = put
    .split('\n')
    .map((l) => (m[1] || '') + l)
    .join('\n');
  // String.replace with a replacement string: its `$` patterns are expanded against the match.
  const end = m.index + m[0].length;
  const whole = content.replace(re, block);
  const text = whole.slice(m.index, whole.length - (content.length - end));
  return { strategy: 'regex', occurrences: 1, finalOld: find, finalNew: put, replacements: [{ start: m.index, end, text }], deletions: [] };
}
