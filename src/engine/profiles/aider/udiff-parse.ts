// Reading unified diffs out of a reply, as aider's udiff_coder.py does (find_diffs,
// process_fenced_block, hunk_to_before_after): every ```diff fence, its `--- `/`+++ ` file
// names, and hunks cut at `@@` lines, each kept only when it has a `-` or `+` line.

import { indexError, PyError, pyStrip, splitKeep } from './python';

export interface RawHunk {
  path: string | null;
  lines: string[];
}

/** A hunk's old and new sides, line by line (hunk_to_before_after(hunk, lines=True)). */
export function beforeAfterLines(hunk: readonly string[]): [string[], string[]] {
  const before: string[] = [];
  const after: string[] = [];
  for (const line of hunk) {
    const short = line.length < 2;
    const op = short ? ' ' : line[0];
    const text = short ? line : line.slice(1);
    if (op === ' ') {
      before.push(text);
      after.push(text);
    } else if (op === '-') before.push(text);
    else if (op === '+') after.push(text);
  }
  return [before, after];
}

export function beforeAfter(hunk: readonly string[]): [string, string] {
  const [b, a] = beforeAfterLines(hunk);
  return [b.join(''), a.join('')];
}

/** Python 3.11+'s text for reading a local variable that was never set. */
const unbound = (name: string): PyError => new PyError('UnboundLocalError', `cannot access local variable '${name}' where it is not associated with a value`);

function fencedBlock(lines: readonly string[], start: number): { next: number; hunks: RawHunk[] } {
  if (start >= lines.length) throw unbound('line_num');
  let lineNum = start;
  for (; lineNum < lines.length; lineNum++) if (lines[lineNum]!.startsWith('```')) break;
  // Without a closing fence, Python's loop variable stays on the last line, which is left out.
  if (lineNum === lines.length) lineNum = lines.length - 1;
  let block = [...lines.slice(start, lineNum), '@@ @@'];
  let path: string | null = null;
  if (block[0]!.startsWith('--- ') && block[1]!.startsWith('+++ ')) {
    const a = pyStrip(block[0]!.slice(4));
    const b = pyStrip(block[1]!.slice(4));
    path = (a.startsWith('a/') || a === '/dev/null') && b.startsWith('b/') ? b.slice(2) : b;
    block = block.slice(2);
  }
  const hunks: RawHunk[] = [];
  let keeper = false;
  let hunk: string[] = [];
  for (const line of block) {
    hunk.push(line);
    if (line.length < 2) continue;
    if (line.startsWith('+++ ')) {
      if (hunk.length < 2) throw indexError();
      if (hunk[hunk.length - 2]!.startsWith('--- ')) {
        if (hunk.length < 3) throw indexError();
        hunk = hunk.slice(0, hunk[hunk.length - 3] === '\n' ? -3 : -2);
        hunks.push({ path, lines: hunk });
        hunk = [];
        keeper = false;
        path = pyStrip(line.slice(4));
        continue;
      }
    }
    const op = line[0]!;
    if (op === '-' || op === '+') {
      keeper = true;
      continue;
    }
    if (op !== '@') continue;
    if (!keeper) {
      hunk = [];
      continue;
    }
    hunks.push({ path, lines: hunk.slice(0, -1) });
    hunk = [];
    keeper = false;
  }
  return { next: lineNum + 1, hunks };
}

/** find_diffs: the hunks of every ```diff fence, in order. */
export function findDiffs(reply: string): RawHunk[] {
  const lines = splitKeep(reply.endsWith('\n') ? reply : `${reply}\n`);
  const hunks: RawHunk[] = [];
  let lineNum = 0;
  while (lineNum < lines.length) {
    if (lines[lineNum]!.startsWith('```diff')) {
      const r = fencedBlock(lines, lineNum + 1);
      hunks.push(...r.hunks);
      lineNum = r.next;
    } else lineNum++;
  }
  return hunks;
}

/** UnifiedDiffCoder.get_edits: a hunk without a file name belongs to the file named before it. */
export function udiffEdits(reply: string): RawHunk[] {
  let last: string | null = null;
  return findDiffs(reply).map((h) => {
    if (h.path) last = h.path;
    return { path: h.path ? h.path : last, lines: h.lines };
  });
}
