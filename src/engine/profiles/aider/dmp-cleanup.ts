// diff-match-patch's cleanups over a line diff (see dmp-lines.ts), and aider's diff_lines on top.

import { cat, cleanupMerge, commonSuffix, diffMain, eq, type Diff, type Seq } from './dmp-lines';
import { isPySpace, splitKeep } from './python';

const EDIT_COST = 4;

/** The reference's `chr(n).isalnum()` (Unicode letters and numbers). */
const isAlnum = (n: number): boolean => /^[\p{L}\p{N}]$/u.test(String.fromCodePoint(n));

const endsWith = (s: Seq, tail: readonly number[]): boolean => s.length >= tail.length && tail.every((x, i) => s[s.length - tail.length + i] === x);
const startsWith = (s: Seq, head: readonly number[]): boolean => s.length >= head.length && head.every((x, i) => s[i] === x);
const [LF, CR] = [10, 13];
/** BLANKLINEEND `\n\r?\n$` (Python's `$` also matches before a final LF). */
const blankLineEnd = (s: Seq): boolean => [[LF, LF], [LF, CR, LF], [LF, LF, LF], [LF, CR, LF, LF]].some((t) => endsWith(s, t));
/** BLANKLINESTART `^\r?\n\r?\n`. */
const blankLineStart = (s: Seq): boolean => [[LF, LF], [CR, LF, LF], [LF, CR, LF], [CR, LF, CR, LF]].some((t) => startsWith(s, t));

function semanticScore(one: Seq, two: Seq): number {
  if (one.length === 0 || two.length === 0) return 6;
  const c1 = one[one.length - 1]!;
  const c2 = two[0]!;
  const non1 = !isAlnum(c1);
  const non2 = !isAlnum(c2);
  const ws1 = non1 && isPySpace(String.fromCodePoint(c1));
  const ws2 = non2 && isPySpace(String.fromCodePoint(c2));
  const lb1 = ws1 && (c1 === CR || c1 === LF);
  const lb2 = ws2 && (c2 === CR || c2 === LF);
  if ((lb1 && blankLineEnd(one)) || (lb2 && blankLineStart(two))) return 5;
  if (lb1 || lb2) return 4;
  if (non1 && !ws1 && ws2) return 3;
  if (ws1 || ws2) return 2;
  if (non1 || non2) return 1;
  return 0;
}

function semanticLossless(diffs: Diff[]): void {
  for (let pointer = 1; pointer < diffs.length - 1; pointer++) {
    if (diffs[pointer - 1]![0] !== 0 || diffs[pointer + 1]![0] !== 0) continue;
    let eq1 = diffs[pointer - 1]![1];
    let edit = diffs[pointer]![1];
    let eq2 = diffs[pointer + 1]![1];
    const c = commonSuffix(eq1, edit);
    if (c > 0) {
      const common = edit.slice(edit.length - c);
      eq1 = eq1.slice(0, eq1.length - c);
      edit = cat(common, edit.slice(0, edit.length - c));
      eq2 = cat(common, eq2);
    }
    let best = { eq1, edit, eq2, score: semanticScore(eq1, edit) + semanticScore(edit, eq2) };
    while (edit.length > 0 && eq2.length > 0 && edit[0] === eq2[0]) {
      eq1 = cat(eq1, [edit[0]!]);
      edit = cat(edit.slice(1), [eq2[0]!]);
      eq2 = eq2.slice(1);
      const score = semanticScore(eq1, edit) + semanticScore(edit, eq2);
      if (score >= best.score) best = { eq1, edit, eq2, score };
    }
    if (eq(diffs[pointer - 1]![1], best.eq1)) continue;
    if (best.eq1.length > 0) diffs[pointer - 1] = [0, best.eq1];
    else diffs.splice(--pointer, 1);
    diffs[pointer] = [diffs[pointer]![0], best.edit];
    if (best.eq2.length > 0) diffs[pointer + 1] = [0, best.eq2];
    else diffs.splice(pointer-- + 1, 1);
  }
}

function commonOverlap(a: Seq, b: Seq): number {
  if (a.length === 0 || b.length === 0) return 0;
  const t1 = a.length > b.length ? a.slice(a.length - b.length) : a;
  const t2 = a.length < b.length ? b.slice(0, a.length) : b;
  const n = Math.min(a.length, b.length);
  if (eq(t1, t2)) return n;
  let best = 0;
  let length = 1;
  for (;;) {
    const pattern = t1.slice(t1.length - length);
    let found = -1;
    outer: for (let i = 0; i + pattern.length <= t2.length; i++) {
      for (let k = 0; k < pattern.length; k++) if (t2[i + k] !== pattern[k]) continue outer;
      found = i;
      break;
    }
    if (found === -1) return best;
    length += found;
    if (found === 0 || eq(t1.slice(t1.length - length), t2.slice(0, length))) {
      best = length;
      length++;
    }
  }
}

/** Replace the equality at `at` by a deletion and an insertion of it (the next diff becomes an insertion). */
function split(diffs: Diff[], at: number, text: Seq): void {
  diffs.splice(at, 0, [-1, text]);
  diffs[at + 1] = [1, diffs[at + 1]![1]];
}

export function cleanupSemantic(diffs: Diff[]): void {
  let changes = false;
  const equalities: number[] = [];
  let last: Seq | null = null;
  let [ins1, del1, ins2, del2] = [0, 0, 0, 0];
  for (let pointer = 0; pointer < diffs.length; pointer++) {
    const [op, text] = diffs[pointer]!;
    if (op === 0) {
      equalities.push(pointer);
      [ins1, del1, ins2, del2] = [ins2, del2, 0, 0];
      last = text;
      continue;
    }
    if (op === 1) ins2 += text.length;
    else del2 += text.length;
    if (last !== null && last.length > 0 && last.length <= Math.max(ins1, del1) && last.length <= Math.max(ins2, del2)) {
      split(diffs, equalities[equalities.length - 1]!, last);
      equalities.pop();
      if (equalities.length > 0) equalities.pop();
      pointer = equalities.length > 0 ? equalities[equalities.length - 1]! : -1;
      [ins1, del1, ins2, del2] = [0, 0, 0, 0];
      last = null;
      changes = true;
    }
  }
  if (changes) cleanupMerge(diffs);
  semanticLossless(diffs);
  for (let pointer = 1; pointer < diffs.length; pointer++) {
    if (diffs[pointer - 1]![0] !== -1 || diffs[pointer]![0] !== 1) continue;
    const del = diffs[pointer - 1]![1];
    const ins = diffs[pointer]![1];
    const o1 = commonOverlap(del, ins);
    const o2 = commonOverlap(ins, del);
    if (o1 >= o2) {
      if (o1 >= del.length / 2 || o1 >= ins.length / 2) {
        diffs.splice(pointer, 0, [0, ins.slice(0, o1)]);
        diffs[pointer - 1] = [-1, del.slice(0, del.length - o1)];
        diffs[pointer + 1] = [1, ins.slice(o1)];
        pointer++;
      }
    } else if (o2 >= del.length / 2 || o2 >= ins.length / 2) {
      diffs.splice(pointer, 0, [0, del.slice(0, o2)]);
      diffs[pointer - 1] = [1, ins.slice(0, ins.length - o2)];
      diffs[pointer + 1] = [-1, del.slice(o2)];
      pointer++;
    }
    pointer++;
  }
}

export function cleanupEfficiency(diffs: Diff[]): void {
  let changes = false;
  let equalities: number[] = [];
  let last: Seq | null = null;
  let [preIns, preDel, postIns, postDel] = [false, false, false, false];
  for (let pointer = 0; pointer < diffs.length; pointer++) {
    const [op, text] = diffs[pointer]!;
    if (op === 0) {
      if (text.length < EDIT_COST && (postIns || postDel)) {
        equalities.push(pointer);
        [preIns, preDel] = [postIns, postDel];
        last = text;
      } else {
        equalities = [];
        last = null;
      }
      postIns = postDel = false;
      continue;
    }
    if (op === -1) postDel = true;
    else postIns = true;
    const count = [preIns, preDel, postIns, postDel].filter(Boolean).length;
    if (last !== null && last.length > 0 && ((preIns && preDel && postIns && postDel) || (last.length < EDIT_COST / 2 && count === 3))) {
      split(diffs, equalities[equalities.length - 1]!, last);
      equalities.pop();
      last = null;
      if (preIns && preDel) {
        postIns = postDel = true;
        equalities = [];
      } else {
        if (equalities.length > 0) equalities.pop();
        pointer = equalities.length > 0 ? equalities[equalities.length - 1]! : -1;
        postIns = postDel = false;
      }
      changes = true;
    }
  }
  if (changes) cleanupMerge(diffs);
}

/** diff_linesToChars: each distinct line (cut after each LF) a number, in order of first sight. */
function linesToSeqs(a: string, b: string): { s1: Seq; s2: Seq; lines: string[] } {
  const lines = [''];
  const hash = new Map<string, number>();
  const munge = (text: string): Seq => {
    const out: Seq = [];
    let start = 0;
    let end = -1;
    while (end < text.length - 1) {
      end = text.indexOf('\n', start);
      if (end === -1) end = text.length - 1;
      const line = text.slice(start, end + 1);
      let n = hash.get(line);
      if (n === undefined) {
        lines.push(line);
        n = lines.length - 1;
        hash.set(line, n);
      }
      out.push(n);
      start = end + 1;
    }
    return out;
  };
  return { s1: munge(a), s2: munge(b), lines };
}

/** aider's diff_lines(search_text, replace_text): `-`, `+` and ` ` lines (cut again with splitlines). */
export function diffLines(a: string, b: string): string[] {
  const { s1, s2, lines } = linesToSeqs(a, b);
  const diffs = diffMain(s1, s2);
  cleanupSemantic(diffs);
  cleanupEfficiency(diffs);
  const out: string[] = [];
  for (const [op, seq] of diffs) {
    const sign = op < 0 ? '-' : op > 0 ? '+' : ' ';
    for (const line of splitKeep(seq.map((n) => lines[n]!).join(''))) out.push(sign + line);
  }
  return out;
}
