// Roo Code's apply_diff blocks applied to a file: MultiSearchReplaceDiffStrategy.applyDiff in
// RooCodeInc/Roo-Code src/core/diff/strategies/multi-search-replace.ts at
// cb836567180a3ff1da6d082f3178b90c3bd22a70 (Apache-2.0), with the threshold its Task uses (1.0:
// the normalised texts must be equal) and 40 buffer lines. Written from its behaviour:
//
// - A block is `<<<<<<< SEARCH`, optional `:start_line:N` and `:end_line:N` lines, an optional
//   `-------` line, the search text, `=======`, the replacement, `>>>>>>> REPLACE`. Blocks apply
//   sorted by start line; a later block's line is moved by what earlier blocks added or removed.
// - A block is found at its start line if that stretch scores at least the threshold, else by a
//   middle-out search (40 lines around the start line, or the whole file), else once more with
//   `| ` line prefixes stripped. A block that fails is reported and skipped; the others apply.
// - The replacement is re-indented: its indentation relative to the search's first line is kept
//   on top of the matched first line's. Lines are rejoined with the file's ending (CRLF if any).

import { addLineNumbers, everyLineHasLineNumbers, stripLineNumbers } from './line-numbers';
import { markerError } from './markers';
import { fuzzySearch, similarity, type FuzzyMatch } from './similarity';

export const FUZZY_THRESHOLD = 1.0;
export const BUFFER_LINES = 40;

/** The strategy's constructor arguments; the tool uses the defaults, the reference's tests others. */
export interface StrategyOptions {
  threshold?: number;
  buffer?: number;
}

interface Tuning {
  threshold: number;
  buffer: number;
}

/** One applied block: the lines before and after it (the steps of the stage). */
export interface AppliedBlock {
  block: number;
  after: string[];
}

export type DiffOutcome =
  | { success: true; content: string; failParts: string[]; applied: AppliedBlock[] }
  | { success: false; error: string }
  | { success: false; failParts: string[] };

/** One block, as the reference's pattern reads it (groups: 2 start line, 6 search, 7 replace). */
export const BLOCK =
  /(?:^|\n)(?<!\\)<<<<<<< SEARCH>?\s*\n((?::start_line:\s*(\d+)\s*\n))?((?::end_line:\s*(\d+)\s*\n))?((?<!\\)-------\s*\n)?([\s\S]*?)(?:\n)?(?:(?<=\n)(?<!\\)=======\s*\n)([\s\S]*?)(?:\n)?(?:(?<=\n)(?<!\\)>>>>>>> REPLACE)(?=\n|$)/g;

const NO_BLOCKS =
  'Invalid diff format - missing required sections\n\nDebug Info:\n- Expected Format: <<<<<<< SEARCH\\n:start_line: start line\\n-------\\n[search content]\\n=======\\n[replace content]\\n>>>>>>> REPLACE\n- Tip: Make sure to include start_line/SEARCH/=======/REPLACE sections with correct markers on new lines';
const IDENTICAL =
  'Search and replace content are identical - no changes would be made\n\nDebug Info:\n- Search and replace must be different to make changes\n- Use read_file to verify the content you want to change';
const EMPTY_SEARCH =
  'Empty search content is not allowed\n\nDebug Info:\n- Search content cannot be empty\n- For insertions, provide a specific line using :start_line: and include content to search for\n- For example, match a single line to insert before/after it';

export function unescapeMarkers(content: string): string {
  return content
    .replace(/^\\<<<<<<</gm, '<<<<<<<')
    .replace(/^\\=======/gm, '=======')
    .replace(/^\\>>>>>>>/gm, '>>>>>>>')
    .replace(/^\\-------/gm, '-------')
    .replace(/^\\:end_line:/gm, ':end_line:')
    .replace(/^\\:start_line:/gm, ':start_line:');
}

interface Block {
  index: number;
  startLine: number;
  search: string;
  replace: string;
}

export function applyDiff(original: string, diff: string, options: StrategyOptions = {}): DiffOutcome {
  const tuning: Tuning = { threshold: options.threshold ?? FUZZY_THRESHOLD, buffer: options.buffer ?? BUFFER_LINES };
  const invalid = markerError(diff);
  if (invalid !== null) return { success: false, error: invalid };
  const blocks: Block[] = [...diff.matchAll(BLOCK)]
    .map((m, index) => ({ index, startLine: Number(m[2] ?? 0), search: m[6]!, replace: m[7]! }))
    .sort((a, b) => a.startLine - b.startLine);
  if (blocks.length === 0) return { success: false, error: NO_BLOCKS };
  const eol = original.includes('\r\n') ? '\r\n' : '\n';
  let lines = original.split(/\r?\n/);
  let delta = 0;
  const failParts: string[] = [];
  const applied: AppliedBlock[] = [];
  for (const block of blocks) {
    const result = applyBlock(lines, block, delta, tuning);
    if ('error' in result) {
      failParts.push(result.error);
      continue;
    }
    delta += result.delta;
    lines = result.lines;
    applied.push({ block: block.index, after: lines });
  }
  if (applied.length === 0) return { success: false, failParts };
  return { success: true, content: lines.join(eol), failParts, applied };
}

type Applied = { lines: string[]; delta: number } | { error: string };

function applyBlock(lines: readonly string[], block: Block, delta: number, { threshold, buffer }: Tuning): Applied {
  let search = unescapeMarkers(block.search);
  let replace = unescapeMarkers(block.replace);
  let startLine = block.startLine + (block.startLine === 0 ? 0 : delta);
  const numbered = everyLineHasLineNumbers(search) && (everyLineHasLineNumbers(replace) || replace.trim() === '');
  if (numbered && startLine === 0) startLine = parseInt(search.split('\n')[0]!.split('|')[0]!, 10);
  if (numbered) {
    search = stripLineNumbers(search);
    replace = stripLineNumbers(replace);
  }
  if (search === replace) return { error: IDENTICAL };
  let searchLines = search === '' ? [] : search.split(/\r?\n/);
  let replaceLines = replace === '' ? [] : replace.split(/\r?\n/);
  if (searchLines.length === 0) return { error: EMPTY_SEARCH };
  const endLine = block.startLine + searchLines.length - 1;
  const chunk = searchLines.join('\n');
  let from = 0;
  let to = lines.length;
  let found = { bestScore: 0, bestMatchIndex: -1, bestMatchContent: '' };
  if (startLine) {
    const at = startLine - 1;
    const text = lines.slice(at, at + searchLines.length).join('\n');
    const score = similarity(text, chunk);
    if (score >= threshold) found = { bestScore: score, bestMatchIndex: at, bestMatchContent: text };
    else {
      from = Math.max(0, startLine - (buffer + 1));
      to = Math.min(lines.length, startLine + searchLines.length + buffer);
    }
  }
  if (found.bestMatchIndex === -1) found = fuzzySearch(lines, chunk, from, to);
  if (found.bestMatchIndex === -1 || found.bestScore < threshold) {
    const strippedSearch = stripLineNumbers(search, true);
    const strippedReplace = stripLineNumbers(replace, true);
    const strippedLines = strippedSearch ? strippedSearch.split(/\r?\n/) : [];
    const strippedChunk = strippedLines.join('\n');
    // Stripping changed nothing: the same search over the same lines finds the same.
    const again = strippedChunk === chunk ? found : fuzzySearch(lines, strippedChunk, from, to);
    if (again.bestMatchIndex === -1 || again.bestScore < threshold) return { error: noMatch(lines, chunk, found, startLine, endLine, { threshold, buffer }) };
    found = again;
    searchLines = strippedLines;
    replaceLines = strippedReplace ? strippedReplace.split(/\r?\n/) : [];
  }
  const at = found.bestMatchIndex;
  const matched = lines.slice(at, at + searchLines.length);
  const indented = reindent(replaceLines, matched[0] ?? '', searchLines[0] ?? '');
  return { lines: [...lines.slice(0, at), ...indented, ...lines.slice(at + searchLines.length)], delta: replaceLines.length - matched.length };
}

const indentOf = (line: string): string => /^[\t ]*/.exec(line)![0];

function reindent(replaceLines: readonly string[], matchedFirst: string, searchFirst: string): string[] {
  const matchedIndent = indentOf(matchedFirst);
  const base = indentOf(searchFirst).length;
  return replaceLines.map((line) => {
    const own = indentOf(line);
    const relative = own.length - base;
    const indent = relative < 0 ? matchedIndent.slice(0, Math.max(0, matchedIndent.length + relative)) : matchedIndent + own.slice(base);
    return indent + line.trim();
  });
}

function noMatch(lines: readonly string[], chunk: string, found: FuzzyMatch, startLine: number, endLine: number, { threshold, buffer }: Tuning): string {
  const score = Math.floor(found.bestScore * 100);
  const needs = Math.floor(threshold * 100);
  const around = lines.slice(Math.max(0, startLine - 1 - buffer), Math.min(lines.length, endLine + buffer)).join('\n');
  const originalSection = `\n\nOriginal Content:\n${addLineNumbers(around, Math.max(1, startLine - buffer))}`;
  const bestSection = found.bestMatchContent
    ? `\n\nBest Match Found:\n${addLineNumbers(found.bestMatchContent, found.bestMatchIndex + 1)}`
    : '\n\nBest Match Found:\n(no match)';
  const range = startLine ? ` at line: ${startLine}` : '';
  return (
    `No sufficiently similar match found${range} (${score}% similar, needs ${needs}%)\n\nDebug Info:\n- Similarity Score: ${score}%\n- Required Threshold: ${needs}%\n` +
    `- Search Range: ${startLine ? `starting at line ${startLine}` : 'start to end'}\n- Tried both standard and aggressive line number stripping\n` +
    '- Tip: Use the read_file tool to get the latest content of the file before attempting to use the apply_diff tool again, as the file content may have changed\n\n' +
    `Search Content:\n${chunk}${bestSection}${originalSection}`
  );
}
