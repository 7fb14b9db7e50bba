import { describe, expect, it } from 'vitest';
import { clipLongStrings, diffStat, SHOWN_ITEMS, SHOWN_STRING_CHARS } from './run-views';

describe('clipLongStrings', () => {
  it('answers a value with nothing to cut as it is, not a copy', () => {
    const value = { results: Array.from({ length: 500 }, (_, i) => ({ edit: i, lines: [i, i + 1] })), note: 'short' };
    expect(clipLongStrings(value, 'copy it')).toBe(value);
  });

  it('cuts a long string and copies only the objects and arrays on the way to it', () => {
    const long = 'x'.repeat(SHOWN_STRING_CHARS + 5);
    const untouched = { a: 1 };
    const value = { untouched, list: [untouched, { diff: long }] };
    const out = clipLongStrings(value, 'copy the result for all of it');
    expect(out).toEqual({ untouched: { a: 1 }, list: [{ a: 1 }, { diff: `${'x'.repeat(SHOWN_STRING_CHARS)}… [5 more characters; copy the result for all of it]` }] });
    expect(out.untouched).toBe(untouched);
    expect(out.list[0]).toBe(untouched);
    expect(value.list[1]).toEqual({ diff: long });
  });

  it('cuts arrays only when asked, saying how many items are left out', () => {
    const value = { rawInput: Array.from({ length: SHOWN_ITEMS + 2 }, (_, i) => i) };
    expect(clipLongStrings(value, 'copy it')).toBe(value);
    expect(clipLongStrings(value, 'copy the event for all of it', { items: true })).toEqual({
      rawInput: [...Array.from({ length: SHOWN_ITEMS }, (_, i) => i), '… [2 more items; copy the event for all of it]'],
    });
  });

  it('keeps a key named __proto__ a key', () => {
    const value = JSON.parse(`{"__proto__": {"text": "${'y'.repeat(SHOWN_STRING_CHARS + 1)}"}, "b": 2}`) as Record<string, unknown>;
    const out = clipLongStrings(value, 'copy it');
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__', 'b']);
    expect(JSON.stringify(out)).toBe(`{"__proto__":{"text":"${'y'.repeat(SHOWN_STRING_CHARS)}… [1 more characters; copy it]"},"b":2}`);
  });
});

describe('diffStat', () => {
  it('counts + and - lines inside hunks, not the file headers', () => {
    expect(diffStat('--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-a\n+b\n c\n@@ -9 +9,2 @@\n-d\n+e\n+f\n')).toEqual({ added: 3, removed: 2 });
    expect(diffStat('')).toEqual({ added: 0, removed: 0 });
  });
});
