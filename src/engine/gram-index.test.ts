// The gram index (gram-index.ts) answers as indexOf, and StagedFile.find on a long original that
// the index serves answers as indexOf on the joined content, edits made. The budget keeps the
// indexes held at once under its limit, dropping the least recently used.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRAM_BUDGET, GramBudget, GramIndex, type GramHolder } from './gram-index';
import { StagedFile } from './staged-file';

const WORDS = ['ab', 'abab', 'ba', ' ', '\n', 'x', 'aaaaaaaa', 'é', '😀', 'line', '\t'];
const textOf = (picks: number[]): string => picks.map((k) => WORDS[k % WORDS.length]).join('');

describe('GramIndex', () => {
  it('a cursor finds what indexOf finds, from every start', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 200 }), fc.nat(), fc.integer({ min: 8, max: 30 }), fc.nat(), (picks, at, len, noise) => {
        const text = textOf(picks);
        const index = new GramIndex(text);
        // A pattern from the text (found) or from the words (maybe not).
        const pattern = noise % 3 === 0 ? textOf([noise, noise >> 2, noise >> 4, noise >> 6, noise >> 8]).padEnd(8, 'b') : text.slice(at % Math.max(1, text.length), (at % Math.max(1, text.length)) + len);
        const cursor = index.cursor(pattern, Infinity);
        if (pattern.length < 8) expect(cursor).toBeNull();
        else for (let from = 0; from <= text.length + 1; from += 1 + (from % 7)) expect(cursor!.next(from)).toBe(text.indexOf(pattern, from));
      }),
      { numRuns: 400 },
    );
  });

  it('answers null for a pattern whose rarest gram is too common', () => {
    const index = new GramIndex('a'.repeat(1000));
    expect(index.cursor('aaaaaaaaaa', 100)).toBeNull();
    expect(index.cursor('aaaaaaaaaa', 1000)!.next(990)).toBe(990);
    expect(index.cursor('aaaaaaaaaa', 1000)!.next(991)).toBe(-1);
  });
});

describe('StagedFile.find on a long original (served by the gram index)', () => {
  it('answers as indexOf on the joined content after edits', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(), fc.nat(40), fc.nat()), { minLength: 1, maxLength: 30 }), fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 40 }), fc.nat()), { minLength: 1, maxLength: 12 }), (edits, patterns) => {
        // 80,000 characters: over the size from which find indexes the original.
        const base = Array.from({ length: 4000 }, (_, i) => `v${i % 97}=ab${i % 13};\n`).join('').padEnd(80_000, 'z');
        const staged = new StagedFile(base);
        let joined = base;
        for (const [at, len, pick] of edits) {
          const start = at % joined.length;
          const end = Math.min(joined.length, start + len);
          const text = textOf([pick, pick >> 3, pick >> 6]);
          staged.apply([{ start, end, text }]);
          joined = joined.slice(0, start) + text + joined.slice(end);
          for (const [p, plen, from] of patterns) {
            const s = p % joined.length;
            const pattern = joined.slice(s, s + plen);
            if (pattern === '') continue;
            const f = from % (joined.length + 1);
            expect(staged.find(pattern, f)).toBe(joined.indexOf(pattern, f));
          }
        }
        expect(staged.text).toBe(joined);
      }),
      { numRuns: 60 },
    );
  });
});

describe('GramBudget: the indexes held at once stay under the limit', () => {
  const holder = (name: string, dropped: string[]): GramHolder => ({ dropGrams: () => dropped.push(name) });

  it('drops the least recently used indexes to make room, and refuses one larger than the limit', () => {
    const dropped: string[] = [];
    const budget = new GramBudget(100);
    const a = holder('a', dropped);
    const b = holder('b', dropped);
    const c = holder('c', dropped);
    const idA = budget.admit(a, 40)!;
    budget.admit(b, 40);
    expect(budget.positions).toBe(80);
    // a was used after b was admitted: b is now the least recently used.
    budget.use(idA);
    budget.admit(c, 40);
    expect(dropped).toEqual(['b']);
    expect(budget.positions).toBe(80);
    expect(budget.admit(holder('huge', dropped), 101)).toBeNull();
    expect(budget.positions).toBe(80);
    // Room for 90 means dropping both a and c, oldest first.
    budget.admit(holder('d', dropped), 90);
    expect(dropped).toEqual(['b', 'a', 'c']);
    expect(budget.positions).toBe(90);
  });

  it('a released index frees its positions, and is not dropped again', () => {
    const dropped: string[] = [];
    const budget = new GramBudget(50);
    const id = budget.admit(holder('a', dropped), 30)!;
    budget.release(id);
    budget.release(id);
    expect(budget.positions).toBe(0);
    budget.admit(holder('b', dropped), 50);
    expect(dropped).toEqual([]);
  });

  it('a staged file whose index was dropped finds the same occurrences (by scanning, then by a new index)', () => {
    const base = Array.from({ length: 6000 }, (_, i) => `key_${i % 311} = value_${i % 17};\n`).join('');
    const staged = new StagedFile(base);
    staged.apply([{ start: 100, end: 110, text: 'key_9 = value_99;\n' }]);
    const joined = staged.text;
    const patterns = ['key_9 = value_9', 'key_300 = value_', 'value_16;\nkey_1', 'not in the text at all'];
    const before = GRAM_BUDGET.positions;
    for (let round = 0; round < 3; round++) {
      for (const p of patterns) for (const from of [0, 5000, 100_000]) expect(staged.find(p, from)).toBe(joined.indexOf(p, from));
      // The index is built after a few searches and counted in the budget; then dropped as the budget would.
      expect(GRAM_BUDGET.positions).toBe(before + base.length - 7);
      (staged as unknown as { search: GramHolder }).search.dropGrams();
      expect(GRAM_BUDGET.positions).toBe(before);
    }
  });
});
