// diff-match-patch's diff_main (its Python port, as aider's search_replace.py calls it for
// diff_lines) over sequences of line numbers: the common head and tail, one inside the other, the
// half-match speedup, then Myers' bisection, and diff_cleanupMerge. Written from the algorithm
// diff-match-patch documents. Its 5-second timeout is not reproduced: the diff runs to the end.
// The cleanups and aider's diff_lines are in dmp-cleanup.ts.

export type Seq = number[];
export type Op = -1 | 0 | 1;
export type Diff = [Op, Seq];

export const eq = (a: Seq, b: Seq): boolean => a.length === b.length && a.every((x, i) => x === b[i]);
export const cat = (...xs: Seq[]): Seq => ([] as number[]).concat(...xs);

export function commonPrefix(a: Seq, b: Seq): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return i;
}

export function commonSuffix(a: Seq, b: Seq): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[a.length - 1 - i] === b[b.length - 1 - i]) i++;
  return i;
}

export function find(hay: Seq, needle: Seq, from = 0): number {
  outer: for (let i = from; i + needle.length <= hay.length; i++) {
    for (let k = 0; k < needle.length; k++) if (hay[i + k] !== needle[k]) continue outer;
    return i;
  }
  return -1;
}

export function diffMain(t1: Seq, t2: Seq): Diff[] {
  if (eq(t1, t2)) return t1.length > 0 ? [[0, t1]] : [];
  const pre = commonPrefix(t1, t2);
  const prefix = t1.slice(0, pre);
  let a = t1.slice(pre);
  let b = t2.slice(pre);
  const suf = commonSuffix(a, b);
  const suffix = suf === 0 ? [] : a.slice(a.length - suf);
  a = a.slice(0, a.length - suf);
  b = b.slice(0, b.length - suf);
  const diffs = compute(a, b);
  if (prefix.length > 0) diffs.unshift([0, prefix]);
  if (suffix.length > 0) diffs.push([0, suffix]);
  cleanupMerge(diffs);
  return diffs;
}

function compute(t1: Seq, t2: Seq): Diff[] {
  if (t1.length === 0) return [[1, t2]];
  if (t2.length === 0) return [[-1, t1]];
  const [long, short] = t1.length > t2.length ? [t1, t2] : [t2, t1];
  const i = find(long, short);
  if (i !== -1) {
    const op: Op = t1.length > t2.length ? -1 : 1;
    return [[op, long.slice(0, i)], [0, short], [op, long.slice(i + short.length)]];
  }
  if (short.length === 1) return [[-1, t1], [1, t2]];
  const hm = halfMatch(t1, t2);
  if (hm !== null) {
    const [a1, b1, a2, b2, mid] = hm;
    return [...diffMain(a1, a2), [0, mid], ...diffMain(b1, b2)];
  }
  return bisect(t1, t2);
}

type Half = [Seq, Seq, Seq, Seq, Seq];

function halfMatchI(long: Seq, short: Seq, i: number): Half | null {
  const seed = long.slice(i, i + Math.floor(long.length / 4));
  let best: Half | null = null;
  let bestLen = 0;
  for (let j = find(short, seed); j !== -1; j = find(short, seed, j + 1)) {
    const p = commonPrefix(long.slice(i), short.slice(j));
    const s = commonSuffix(long.slice(0, i), short.slice(0, j));
    if (bestLen < s + p) {
      bestLen = s + p;
      best = [long.slice(0, i - s), long.slice(i + p), short.slice(0, j - s), short.slice(j + p), cat(short.slice(j - s, j), short.slice(j, j + p))];
    }
  }
  return best !== null && bestLen * 2 >= long.length ? best : null;
}

function halfMatch(t1: Seq, t2: Seq): Half | null {
  const [long, short] = t1.length > t2.length ? [t1, t2] : [t2, t1];
  if (long.length < 4 || short.length * 2 < long.length) return null;
  const hm1 = halfMatchI(long, short, Math.floor((long.length + 3) / 4));
  const hm2 = halfMatchI(long, short, Math.floor((long.length + 1) / 2));
  if (hm1 === null && hm2 === null) return null;
  const hm = hm2 === null ? hm1! : hm1 === null ? hm2 : hm1[4].length > hm2[4].length ? hm1 : hm2;
  return t1.length > t2.length ? hm : [hm[2], hm[3], hm[0], hm[1], hm[4]];
}

function bisect(t1: Seq, t2: Seq): Diff[] {
  const n1 = t1.length;
  const n2 = t2.length;
  const maxD = Math.floor((n1 + n2 + 1) / 2);
  const off = maxD;
  const len = 2 * maxD;
  const v1 = new Array<number>(len).fill(-1);
  v1[off + 1] = 0;
  const v2 = v1.slice();
  const delta = n1 - n2;
  const front = delta % 2 !== 0;
  let [k1start, k1end, k2start, k2end] = [0, 0, 0, 0];
  for (let d = 0; d < maxD; d++) {
    for (let k1 = -d + k1start; k1 < d + 1 - k1end; k1 += 2) {
      const k1o = off + k1;
      let x1 = k1 === -d || (k1 !== d && v1[k1o - 1]! < v1[k1o + 1]!) ? v1[k1o + 1]! : v1[k1o - 1]! + 1;
      let y1 = x1 - k1;
      while (x1 < n1 && y1 < n2 && t1[x1] === t2[y1]) [x1, y1] = [x1 + 1, y1 + 1];
      v1[k1o] = x1;
      if (x1 > n1) k1end += 2;
      else if (y1 > n2) k1start += 2;
      else if (front) {
        const k2o = off + delta - k1;
        if (k2o >= 0 && k2o < len && v2[k2o] !== -1 && x1 >= n1 - v2[k2o]!) return bisectSplit(t1, t2, x1, y1);
      }
    }
    for (let k2 = -d + k2start; k2 < d + 1 - k2end; k2 += 2) {
      const k2o = off + k2;
      let x2 = k2 === -d || (k2 !== d && v2[k2o - 1]! < v2[k2o + 1]!) ? v2[k2o + 1]! : v2[k2o - 1]! + 1;
      let y2 = x2 - k2;
      while (x2 < n1 && y2 < n2 && t1[n1 - x2 - 1] === t2[n2 - y2 - 1]) [x2, y2] = [x2 + 1, y2 + 1];
      v2[k2o] = x2;
      if (x2 > n1) k2end += 2;
      else if (y2 > n2) k2start += 2;
      else if (!front) {
        const k1o = off + delta - k2;
        if (k1o >= 0 && k1o < len && v1[k1o] !== -1) {
          const x1 = v1[k1o]!;
          const y1 = off + x1 - k1o;
          if (x1 >= n1 - x2) return bisectSplit(t1, t2, x1, y1);
        }
      }
    }
  }
  return [[-1, t1], [1, t2]];
}

function bisectSplit(t1: Seq, t2: Seq, x: number, y: number): Diff[] {
  return [...diffMain(t1.slice(0, x), t2.slice(0, y)), ...diffMain(t1.slice(x), t2.slice(y))];
}

export function cleanupMerge(diffs: Diff[]): void {
  diffs.push([0, []]);
  let pointer = 0;
  let [nDel, nIns] = [0, 0];
  let [del, ins]: [Seq, Seq] = [[], []];
  while (pointer < diffs.length) {
    const [op, text] = diffs[pointer]!;
    if (op === 1) [nIns, ins, pointer] = [nIns + 1, cat(ins, text), pointer + 1];
    else if (op === -1) [nDel, del, pointer] = [nDel + 1, cat(del, text), pointer + 1];
    else {
      if (nDel + nIns > 1) {
        if (nDel !== 0 && nIns !== 0) {
          let c = commonPrefix(ins, del);
          if (c !== 0) {
            const x = pointer - nDel - nIns - 1;
            if (x >= 0 && diffs[x]![0] === 0) diffs[x] = [0, cat(diffs[x]![1], ins.slice(0, c))];
            else {
              diffs.unshift([0, ins.slice(0, c)]);
              pointer++;
            }
            [ins, del] = [ins.slice(c), del.slice(c)];
          }
          c = commonSuffix(ins, del);
          if (c !== 0) {
            diffs[pointer] = [diffs[pointer]![0], cat(ins.slice(ins.length - c), diffs[pointer]![1])];
            [ins, del] = [ins.slice(0, ins.length - c), del.slice(0, del.length - c)];
          }
        }
        const ops: Diff[] = [];
        if (del.length > 0) ops.push([-1, del]);
        if (ins.length > 0) ops.push([1, ins]);
        pointer -= nDel + nIns;
        diffs.splice(pointer, nDel + nIns, ...ops);
        pointer += ops.length + 1;
      } else if (pointer !== 0 && diffs[pointer - 1]![0] === 0) {
        diffs[pointer - 1] = [0, cat(diffs[pointer - 1]![1], text)];
        diffs.splice(pointer, 1);
      } else pointer++;
      [nDel, nIns, del, ins] = [0, 0, [], []];
    }
  }
  if (diffs[diffs.length - 1]![1].length === 0) diffs.pop();
  let changes = false;
  for (pointer = 1; pointer < diffs.length - 1; pointer++) {
    const [prev, cur, next] = [diffs[pointer - 1]!, diffs[pointer]!, diffs[pointer + 1]!];
    if (prev[0] !== 0 || next[0] !== 0) continue;
    const p = prev[1];
    const n = next[1];
    const c = cur[1];
    if (p.length <= c.length && eq(c.slice(c.length - p.length), p)) {
      if (p.length > 0) {
        diffs[pointer] = [cur[0], cat(p, c.slice(0, c.length - p.length))];
        diffs[pointer + 1] = [0, cat(p, n)];
      }
      diffs.splice(pointer - 1, 1);
      changes = true;
    } else if (n.length <= c.length && eq(c.slice(0, n.length), n)) {
      diffs[pointer - 1] = [0, cat(p, n)];
      diffs[pointer] = [cur[0], cat(c.slice(n.length), n)];
      diffs.splice(pointer + 1, 1);
      changes = true;
    }
  }
  if (changes) cleanupMerge(diffs);
}

