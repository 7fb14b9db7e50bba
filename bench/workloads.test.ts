// The benchmark's workload generator (bench/workloads.ts): deterministic for a seed, sizes about
// what the issue asks for, and edits that apply as the benchmark expects. No timing here.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SEED, WORKLOAD_IDS, makeWorkload, mulberry32, type Workload, type WorkloadId } from './workloads';

const cache = new Map<string, Workload>();
function workload(id: WorkloadId, seed = DEFAULT_SEED): Workload {
  const key = `${id}:${seed}`;
  let w = cache.get(key);
  if (!w) {
    w = makeWorkload(id, seed);
    cache.set(key, w);
  }
  return w;
}

function content(w: Workload): string {
  const text = w.files[w.path];
  if (text === undefined) throw new Error(`${w.id}: no file at ${w.path}`);
  return text;
}

function fingerprint(w: Workload): string {
  return createHash('sha256')
    .update(JSON.stringify({ files: w.files, input: w.input, edits: w.edits, expect: w.expect, profile: w.profile }))
    .digest('hex');
}

function occurrences(text: string, pattern: string): number {
  let n = 0;
  for (let i = text.indexOf(pattern); i !== -1; i = text.indexOf(pattern, i + 1)) n++;
  return n;
}

const trimmedLines = (text: string): string[] => text.split('\n').map((l) => l.trim());

/**
 * Proof that every rename of W2/W3 is unique when it applies, without replaying 10,000 edits on
 * 5 MB: identifiers carry their line's serial (`_L000123`), every serial in a line is that
 * line's, each edit touches a different line, and a new name keeps the old name's serial. So an
 * edit can only create or destroy text containing its own serial, and each old_string occurring
 * once in the original still occurs once when its turn comes.
 */
function checkRenames(w: Workload): void {
  const text = content(w);
  const serialRe = /_L(\d{6})/g;
  const bad: string[] = [];
  const positions = new Map<string, number[]>();
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(serialRe)) if (Number(m[1]) !== i) bad.push(`line ${i} holds serial ${m[1]}`);
  });
  for (const m of text.matchAll(serialRe)) {
    const serial = m[1] as string;
    const list = positions.get(serial);
    if (list) list.push(m.index);
    else positions.set(serial, [m.index]);
  }
  const seen = new Set<string>();
  for (const e of w.edits) {
    const serials = [...e.oldString.matchAll(serialRe)].map((m) => m[1] as string);
    const serial = serials[0] as string;
    if (serials.length !== 1) bad.push(`${e.oldString}: ${serials.length} serials`);
    if (seen.has(serial)) bad.push(`${e.oldString}: a second edit on line ${serial}`);
    seen.add(serial);
    const newSerials = [...e.newString.matchAll(serialRe)].map((m) => m[1]);
    if (newSerials.length !== 1 || newSerials[0] !== serial) bad.push(`${e.newString}: serials ${newSerials.join(',')}`);
    if (e.newString === e.oldString || e.replaceAll) bad.push(`${e.oldString}: not a rename`);
    // Exact substring count of old_string in the original: any occurrence contains its serial.
    const offset = e.oldString.indexOf('_L');
    const hits = (positions.get(serial) ?? []).filter((p) => text.startsWith(e.oldString, p - offset)).length;
    if (hits !== 1) bad.push(`${e.oldString}: ${hits} occurrences`);
  }
  expect(bad).toEqual([]);
}

describe('mulberry32', () => {
  it('is deterministic for a seed and stays in [0, 1)', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(Array.from({ length: 1000 }, () => c())).not.toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(new Set(xs).size).toBeGreaterThan(990);
  });
});

describe('makeWorkload', () => {
  it.each(WORKLOAD_IDS.map((id) => [id]))('%s is deterministic for a seed', (id) => {
    expect(fingerprint(makeWorkload(id, DEFAULT_SEED))).toBe(fingerprint(workload(id)));
  });

  it('depends on the seed', () => {
    expect(fingerprint(workload('W2', 1))).not.toBe(fingerprint(workload('W2', 2)));
    expect(fingerprint(workload('W5', 1))).not.toBe(fingerprint(workload('W5', 2)));
  });

  it('reports the size of what it generates', () => {
    for (const id of WORKLOAD_IDS) {
      const w = workload(id);
      const text = content(w);
      expect(w.bytes).toBe(Buffer.byteLength(text));
      expect(w.lines).toBe(text.split('\n').length - 1);
      expect(text.endsWith('\n')).toBe(true);
      expect(w.callPath).toBe(`/${w.path}`);
    }
  });

  it("W1 is TC6's case exactly", () => {
    const w = workload('W1');
    const expected = Array.from({ length: 100 }, (_, i) => `key_${String(i).padStart(3, '0')} = value_${String(i).padStart(3, '0')}\n`).join('');
    expect(content(w)).toBe(expected);
    expect(w.profile).toBe('multi_edit_text_file');
    expect(w.input).toEqual({
      path: '/config/keys.txt',
      edits: Array.from({ length: 100 }, (_, i) => ({ old_string: `value_${String(i).padStart(3, '0')}`, new_string: `new_value_${String(i).padStart(3, '0')}` })),
    });
    expect(w.expect).toEqual({ ok: true, applied: 100, replacements: 100 });
  });

  it('W1 can run through MultiEdit too', () => {
    const w = makeWorkload('W1', DEFAULT_SEED, { exactProfile: 'MultiEdit' });
    expect(w.profile).toBe('MultiEdit');
    expect((w.input as { file_path: string }).file_path).toBe('/config/keys.txt');
  });

  it('W2 is about 1 MB, 20k lines, 1,000 renames unique when they apply', () => {
    const w = workload('W2');
    expect(w.lines).toBe(20_000);
    expect(w.bytes).toBeGreaterThan(0.9e6);
    expect(w.bytes).toBeLessThan(1.15e6);
    expect(w.edits).toHaveLength(1_000);
    checkRenames(w);
    // Replay for real (1,000 edits on 1 MB is cheap): each old_string occurs exactly once.
    let text = content(w);
    const notUnique: string[] = [];
    for (const e of w.edits) {
      const at = text.indexOf(e.oldString);
      if (at === -1 || text.indexOf(e.oldString, at + 1) !== -1) notUnique.push(e.oldString);
      else text = text.slice(0, at) + e.newString + text.slice(at + e.oldString.length);
    }
    expect(notUnique).toEqual([]);
  }, 30_000);

  it('W2 spreads its edits through the file and mixes longer and shorter names', () => {
    const w = workload('W2');
    const text = content(w);
    const lineOf = (s: string): number => text.slice(0, text.indexOf(s)).split('\n').length - 1;
    const lines = w.edits.map((e) => lineOf(e.oldString)).sort((a, b) => a - b);
    const gaps = lines.slice(1).map((l, i) => l - (lines[i] as number));
    // One edit per stratum of ~20 lines: no gap is huge.
    expect(Math.max(...gaps)).toBeLessThan(100);
    expect(lines[0] as number).toBeLessThan(100);
    expect(lines[lines.length - 1] as number).toBeGreaterThan(19_900);
    const longer = w.edits.filter((e) => e.newString.length > e.oldString.length).length;
    expect(longer).toBeGreaterThan(300);
    expect(longer).toBeLessThan(700);
  });

  it('W3 is about 5 MB, 100k lines, 10,000 renames unique when they apply', () => {
    const w = workload('W3');
    expect(w.lines).toBe(100_000);
    expect(w.bytes).toBeGreaterThan(4.5e6);
    expect(w.bytes).toBeLessThan(5.75e6);
    expect(w.edits).toHaveLength(10_000);
    expect(w.expect).toEqual({ ok: true, applied: 10_000, replacements: 10_000 });
    checkRenames(w);
  }, 30_000);

  it('W4 is one replace_all of an identifier occurring 50,000 times in about 5 MB', () => {
    const w = workload('W4');
    expect(w.bytes).toBeGreaterThan(4.5e6);
    expect(w.bytes).toBeLessThan(5.75e6);
    expect(w.profile).toBe('MultiEdit');
    expect(w.edits).toEqual([{ oldString: 'sharedCounter', newString: 'globalTally', replaceAll: true }]);
    expect((w.input as { edits: unknown[] }).edits).toEqual([{ old_string: 'sharedCounter', new_string: 'globalTally', replace_all: true }]);
    expect(occurrences(content(w), 'sharedCounter')).toBe(50_000);
    expect(occurrences(content(w), 'globalTally')).toBe(0);
    expect(w.expect).toEqual({ ok: true, applied: 1, replacements: 50_000 });
  });

  it('W5 is a 40-line block shifted by 2 spaces: no exact match, one trimmed-line match', () => {
    const w = workload('W5');
    const text = content(w);
    expect(w.lines).toBe(20_000);
    expect(w.profile).toBe('multiedit');
    const [edit] = w.edits;
    if (!edit) throw new Error('no edit');
    const find = edit.oldString.split('\n');
    expect(find).toHaveLength(40);
    expect(text.includes(edit.oldString)).toBe(false);
    const fileLines = text.split('\n');
    const want = find.map((l) => l.trim());
    const have = trimmedLines(text);
    const starts: number[] = [];
    for (let s = 0; s + 40 <= have.length; s++) {
      let j = 0;
      while (j < 40 && have[s + j] === want[j]) j++;
      if (j === 40) starts.push(s);
    }
    expect(starts).toHaveLength(1);
    const s = starts[0] as number;
    find.forEach((l, j) => {
      const actual = fileLines[s + j] as string;
      expect(l).toBe(actual.trim() === '' ? actual : `  ${actual}`);
    });
    // new_string is shifted the same way.
    for (const l of edit.newString.split('\n')) if (l.trim() !== '') expect(l.startsWith('  ')).toBe(true);
  });

  it('W6 is a 10-line miss: no line of it occurs in the file', () => {
    const w = workload('W6');
    expect(w.lines).toBe(20_000);
    const have = new Set(trimmedLines(content(w)));
    const find = (w.edits[0]?.oldString ?? '').split('\n');
    expect(find).toHaveLength(10);
    for (const l of find) expect(have.has(l.trim())).toBe(false);
    expect(w.expect).toEqual({ ok: false, code: 'STRING_NOT_FOUND' });
  });

  it.each([
    ['W6b', 20_000],
    ['W6b-100k', 100_000],
  ] as const)('%s: a miss starting with `}` in %i lines, one line in 8 a bare `}`', (id, lineCount) => {
    const w = workload(id);
    const text = content(w);
    expect(w.lines).toBe(lineCount);
    const lines = text.split('\n').slice(0, -1);
    expect(lines.filter((l) => l === '}')).toHaveLength(lineCount / 8);
    expect(lines.filter((l) => l.trim() === '}')).toHaveLength(lineCount / 8);
    const find = (w.edits[0]?.oldString ?? '').split('\n');
    expect(find[0]).toBe('}');
    const have = new Set(trimmedLines(text));
    expect(find.filter((l) => !have.has(l.trim())).length).toBeGreaterThanOrEqual(5);
    expect(w.expect).toEqual({ ok: false, code: 'STRING_NOT_FOUND' });
  });

  it('W6b-100k is W6b five times over (same shape, for linearity)', () => {
    const small = workload('W6b');
    const big = workload('W6b-100k');
    expect(big.edits).toEqual(small.edits);
    expect(big.bytes / small.bytes).toBeGreaterThan(4.8);
    expect(big.bytes / small.bytes).toBeLessThan(5.2);
  });
});
