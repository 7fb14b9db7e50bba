// Gemini CLI's calculateReplacement: four deterministic strategies tried in order, the first
// that finds old_string wins. `exact` (literal, every occurrence); `flexible` (whole lines equal
// once trimmed, re-indented); `regex` (tokens of old_string with any whitespace between them, from
// a line start, re-indented); `fuzzy` (fuzzy.ts). Each answers with the spans it replaces in the
// content, so the stage shows the edit the reference makes; its rejoining of lines can also
// delete text no match covers (`deletions`, see ref-lines.ts).

import type { LineRange, Replacement } from '../../types';
import { fuzzyMatch } from './fuzzy';
import { leadingBlanks, lineDeletions, reindent, refLines } from './ref-lines';

export type StrategyName = 'exact' | 'flexible' | 'regex' | 'fuzzy';

export interface Calculation {
  /** The strategy that found old_string; absent when none did. */
  strategy?: StrategyName;
  occurrences: number;
  /** old_string and new_string with CRLF read as LF: the no-change check compares these. */
  finalOld: string;
  finalNew: string;
  /** Sorted, disjoint spans of the content and their new text (all occurrences the strategy replaces). */
  replacements: Replacement[];
  /** Text the strategy's rejoining of lines loses outside its matches (sorted, disjoint from `replacements`). */
  deletions: { start: number; end: number }[];
  /** The fuzzy strategy's matched lines (1-based), for its feedback sentence. */
  matchRanges?: LineRange[];
}

export interface EditRequest {
  content: string;
  oldString: string;
  newString: string;
  allowMultiple: boolean;
}

const lf = (s: string): string => s.replaceAll('\r\n', '\n');

/**
 * `keepBreak` false: the flexible strategy of 0.31.0 to 0.43.x (before 6fee663ddc), which joins
 * the line after a match onto the block and steps new_string's line count past the block.
 */
export function calculate(req: EditRequest, keepBreak = true): Calculation {
  const finalOld = lf(req.oldString);
  const finalNew = lf(req.newString);
  const none: Calculation = { occurrences: 0, finalOld, finalNew, replacements: [], deletions: [] };
  if (finalOld === '') return none;
  return exact(req, finalOld, finalNew) ?? flexible(req, finalOld, finalNew, keepBreak) ?? regex(req, finalOld, finalNew) ?? fuzzyMatch(req, finalOld, finalNew) ?? none;
}

function exact(req: EditRequest, find: string, put: string): Calculation | null {
  const starts: number[] = [];
  for (let i = req.content.indexOf(find); i !== -1; i = req.content.indexOf(find, i + find.length)) starts.push(i);
  if (starts.length === 0) return null;
  const base = { strategy: 'exact' as const, occurrences: starts.length, finalOld: find, finalNew: put, deletions: [] };
  // Too many without allow_multiple: the count decides (an error); nothing is replaced.
  if (!req.allowMultiple && starts.length > 1) return { ...base, replacements: [] };
  return { ...base, replacements: starts.map((s) => ({ start: s, end: s + find.length, text: put })) };
}

function flexible(req: EditRequest, find: string, put: string, keepBreak: boolean): Calculation | null {
  const { lines, dropped } = refLines(req.content, false);
  const wanted = find.split('\n').map((l) => l.trim());
  const putLines = put.split('\n');
  const n = wanted.length;
  const replacements: Replacement[] = [];
  // The reference splices each match into its line array and steps past it: matches never overlap.
  let i = 0;
  while (i <= lines.length - n) {
    let same = true;
    for (let k = 0; k < n && same; k++) same = lines[i + k]!.text.trim() === wanted[k];
    if (!same) {
      i++;
      continue;
    }
    const last = lines[i + n - 1]!;
    let text = reindent(putLines, leadingBlanks(lines[i]!.text)).join('\n');
    if (keepBreak && req.newString !== '' && last.text.endsWith('\n') && !text.endsWith('\n')) text += '\n';
    replacements.push({ start: lines[i]!.start, end: last.end, text });
    // Before 0.44 the reference stepped putLines.length places in its spliced array, where the block is one.
    i += keepBreak ? n : n + putLines.length - 1;
  }
  if (replacements.length === 0) return null;
  return { strategy: 'flexible', occurrences: replacements.length, finalOld: find, finalNew: put, replacements, deletions: lineDeletions({ lines, dropped }, replacements) };
}

const DELIMITERS = ['(', ')', ':', '[', ']', '{', '}', '>', '<', '='];

/** old_string's tokens (delimiters stand alone) joined by `\s*`, from a line start after its indentation. */
export function regexPattern(find: string): string | null {
  let spaced = find;
  for (const d of DELIMITERS) spaced = spaced.split(d).join(` ${d} `);
  const tokens = spaced.split(/\s+/).filter(Boolean);
  if (tokens.length === 0) return null;
  return `^([ \t]*)${tokens.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*')}`;
}

function regex(req: EditRequest, find: string, put: string): Calculation | null {
  const pattern = regexPattern(find);
  if (pattern === null) return null;
  const matches = [...req.content.matchAll(new RegExp(pattern, 'gm'))];
  if (matches.length === 0) return null;
  const putLines = put.split('\n');
  // Without allow_multiple only the first match is replaced (and more than one is an error anyway).
  const used = req.allowMultiple ? matches : matches.slice(0, 1);
  const replacements = used.map((m) => ({ start: m.index, end: m.index + m[0].length, text: reindent(putLines, m[1] || '').join('\n') }));
  return { strategy: 'regex', occurrences: matches.length, finalOld: find, finalNew: put, replacements, deletions: [] };
}
