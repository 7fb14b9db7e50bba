// Roo Code's apply_diff pieces: the scoring, the line numbers, a full no-match text, and
// properties over generated diffs and files (fast-check, fixed seeds).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryFs } from '../../../workspace/memory-fs';
import { commitStage } from '../../commit';
import { runProfile } from '../../run';
import { fromRaw } from '../../text';
import { savedText } from '../cline/document';
import { applyDiffProfile } from './apply-diff';
import { addLineNumbers, everyLineHasLineNumbers, stripLineNumbers } from './line-numbers';
import { applyDiff } from './multi-search-replace';
import { fuzzySearch, levenshtein, normalizeString, similarity } from './similarity';
import { APPLY_DIFF_SPEC } from './spec-tests';

/** Textbook recursion with a memo: the oracle for the two-row distance. */
function naive(a: string, b: string): number {
  const memo = new Map<string, number>();
  const d = (i: number, j: number): number => {
    if (i === 0) return j;
    if (j === 0) return i;
    const key = `${i},${j}`;
    if (!memo.has(key)) memo.set(key, Math.min(d(i - 1, j) + 1, d(i, j - 1) + 1, d(i - 1, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1)));
    return memo.get(key)!;
  };
  return d(a.length, b.length);
}

/** The two-row table, a second oracle for strings too long for the recursion. */
function rows(a: string, b: string): number {
  let prev = Array.from({ length: a.length + 1 }, (_, i) => i);
  for (let j = 1; j <= b.length; j++) {
    const row = [j];
    for (let i = 1; i <= a.length; i++) row.push(Math.min(prev[i]! + 1, row[i - 1]! + 1, prev[i - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = row;
  }
  return prev[a.length]!;
}

describe('scoring', () => {
  it('normalises quotes, dashes, ellipses, no-break spaces and whitespace runs', () => {
    expect(normalizeString('  \u201Ca\u201D \u2018b\u2019\u2026\u2014\u2013\u00A0c\t\n d ')).toBe(`"a" 'b'...-- c d`);
  });

  it('levenshtein equals the textbook distance', () => {
    fc.assert(fc.property(fc.string({ maxLength: 9 }), fc.string({ maxLength: 9 }), (a, b) => levenshtein(a, b) === naive(a, b)), { numRuns: 300, seed: 11 });
    // Across block boundaries (32, 64 positions), on a small alphabet so that runs match.
    const long = fc.array(fc.constantFrom('a', 'b', 'c', ' '), { minLength: 20, maxLength: 110 }).map((cs) => cs.join(''));
    fc.assert(fc.property(long, long, (a, b) => levenshtein(a, b) === rows(a, b)), { numRuns: 300, seed: 13 });
  });

  it('similarity: 1 for texts equal once normalised, 0 for an empty search, else 1 − distance / length', () => {
    expect(similarity('a   b', ' a b ')).toBe(1);
    expect(similarity('abc', '')).toBe(0);
    expect(similarity('abcd', 'abce')).toBe(0.75);
  });

  it('the length bound never changes which stretch fuzzySearch picks', () => {
    const slow = (lines: string[], chunk: string) => {
      let best = { bestScore: 0, bestMatchIndex: -1 };
      const len = chunk.split(/\r?\n/).length;
      const mid = Math.floor(lines.length / 2);
      const order: number[] = [];
      for (let l = mid, r = mid + 1; l >= 0 || r <= lines.length - len; l--, r++) {
        if (l >= 0) order.push(l);
        if (r <= lines.length - len) order.push(r);
      }
      for (const i of order) {
        const s = similarity(lines.slice(i, i + len).join('\n'), chunk);
        if (s > best.bestScore) best = { bestScore: s, bestMatchIndex: i };
      }
      return best;
    };
    const word = fc.constantFrom('a', 'ab', 'abc', ' x', 'yz', '');
    fc.assert(
      fc.property(fc.array(word, { maxLength: 10 }), fc.array(word, { minLength: 1, maxLength: 3 }), (lines, chunk) => {
        const got = fuzzySearch(lines, chunk.join('\n'), 0, lines.length);
        const want = slow(lines, chunk.join('\n'));
        return got.bestScore === want.bestScore && got.bestMatchIndex === want.bestMatchIndex;
      }),
      { numRuns: 300, seed: 12 },
    );
  });
});

describe('line numbers', () => {
  it('adds, recognises and strips them as read_file shows them', () => {
    expect(addLineNumbers('a\nb\n', 9)).toBe(' 9 | a\n10 | b\n');
    expect(addLineNumbers('', 3)).toBe('3 | \n');
    expect(everyLineHasLineNumbers('1 | a\n2 | b')).toBe(true);
    expect(everyLineHasLineNumbers('1 || a')).toBe(false);
    expect(stripLineNumbers('1 | a\r\n2 |b\r\n')).toBe('a\r\nb\r\n');
    expect(stripLineNumbers('| a\n3 | b', true)).toBe('a\nb');
  });
});

describe('applyDiff: the reference spec, each test with its own threshold and buffer', () => {
  it.each(APPLY_DIFF_SPEC.map((t) => [t.it, t] as const))('%s', (_it, t) => {
    const r = applyDiff(t.original, t.diff, { threshold: t.threshold, buffer: t.buffer });
    expect(r.success).toBe(t.expected !== null);
    if (r.success) expect(r.content).toBe(t.expected);
  });
});

describe('applyDiff', () => {
  it('answers a failed block with the whole no-match text', () => {
    const r = applyDiff('one\ntwo\nthree', '<<<<<<< SEARCH\n:start_line:2\n-------\ntwx\n=======\n2\n>>>>>>> REPLACE');
    expect(r).toEqual({
      success: false,
      failParts: [
        'No sufficiently similar match found at line: 2 (66% similar, needs 100%)\n\nDebug Info:\n- Similarity Score: 66%\n- Required Threshold: 100%\n- Search Range: starting at line 2\n- Tried both standard and aggressive line number stripping\n- Tip: Use the read_file tool to get the latest content of the file before attempting to use the apply_diff tool again, as the file content may have changed\n\nSearch Content:\ntwx\n\nBest Match Found:\n2 | two\n\n\nOriginal Content:\n1 | one\n2 | two\n3 | three\n',
      ],
    });
  });

  it('moves a later block\'s start line by what earlier blocks added', () => {
    const r = applyDiff('a\nb\nc', '<<<<<<< SEARCH\n:start_line:1\n-------\na\n=======\na1\na2\n>>>>>>> REPLACE\n<<<<<<< SEARCH\n:start_line:3\n-------\nc\n=======\nC\n>>>>>>> REPLACE');
    expect(r).toMatchObject({ success: true, content: 'a1\na2\nb\nC', failParts: [] });
  });
});

const MARKERS = ['<<<<<<< SEARCH', '=======', '>>>>>>> REPLACE', ':start_line:2', '-------', '\\=======', '1 | a', '>>>>>>>'];
const lineArb = fc.oneof(fc.constantFrom(...MARKERS), fc.constantFrom('a', 'b', '  a', '', 'c\r', '\tb'), fc.string({ maxLength: 5 }));
const diffArb = fc.array(lineArb, { maxLength: 14 }).map((ls) => ls.join('\n'));
const fileArb = fc.array(fc.constantFrom('a', 'b', '  a', '', 'c', '\tb', 'x y'), { maxLength: 8 }).chain((ls) => fc.constantFrom('\n', '\r\n').map((eol) => ls.join(eol)));

describe('properties (fast-check)', () => {
  it('never throws, and the file saved is the strategy\'s content with the document\'s line ending', async () => {
    await fc.assert(
      fc.asyncProperty(diffArb, fileArb, async (diff, file) => {
        const fs = new MemoryFs({ 'f.txt': file });
        const out = await runProfile(applyDiffProfile, fs, { path: 'f.txt', diff }, { mount: '/w' });
        const r = applyDiff(file, diff);
        expect(out.ok).toBe(diff !== '' && r.success);
        if (!out.ok || !r.success) return;
        expect((await commitStage(fs, out.stage)).ok).toBe(true);
        const saved = new TextDecoder().decode(fs.files.get('f.txt'));
        expect(saved).toBe(savedText(r.content, fromRaw(file, false).shape.eol));
      }),
      { numRuns: 400, seed: 20261126 },
    );
  });

  it('any input of any shape is answered, never thrown', async () => {
    await fc.assert(
      fc.asyncProperty(fc.anything(), async (input) => {
        const out = await runProfile(applyDiffProfile, new MemoryFs({ 'a.txt': 'a\n' }), input, { mount: '/w' });
        expect(typeof out.ok).toBe('boolean');
      }),
      { numRuns: 300, seed: 8 },
    );
  });
});
