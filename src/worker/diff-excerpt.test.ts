import { describe, expect, it } from 'vitest';
import { diffExcerpt, DiffSource, EXCERPT_CONTEXT, excerptLine, isLargeDiff, LARGE_FILE_LINES, PAGE_LINES, parseHunks } from './diff-excerpt';

const lines = (n: number, f: (i: number) => string = (i) => `line ${i + 1}`): string => Array.from({ length: n }, (_, i) => `${f(i)}\n`).join('');

describe('hunk headers', () => {
  it('reads both counts, an omitted count as 1, and a zero count as "after line a"', () => {
    expect(parseHunks('--- a\n+++ a\n@@ -3,4 +3,5 @@\n x\n@@ -10 +11 @@\n-y\n+z\n@@ -0,0 +1,2 @@\n+n\n')).toEqual([
      { origFrom: 2, origTo: 6, modFrom: 2, modTo: 7 },
      { origFrom: 9, origTo: 10, modFrom: 10, modTo: 11 },
      { origFrom: 0, origTo: 0, modFrom: 0, modTo: 2 },
    ]);
  });
  it('reads only headers at a line start: a body line that quotes one, or a header path holding @@, is no hunk', () => {
    const diff = '--- a@@ -1 +1 @@\n+++ b\n@@ -2,3 +2,3 @@\n x\n-@@ -9 +9 @@\n+@@ -8 +8 @@\n \\ y\n\\ No newline at end of file\n@@ -40,2 +40 @@\n-p\n q';
    expect(parseHunks(diff)).toEqual([
      { origFrom: 1, origTo: 4, modFrom: 1, modTo: 4 },
      { origFrom: 39, origTo: 41, modFrom: 39, modTo: 40 },
    ]);
    expect(parseHunks('@@ -1 +1 @@\n-a\n+b\n')).toEqual([{ origFrom: 0, origTo: 1, modFrom: 0, modTo: 1 }]);
    expect(parseHunks('')).toEqual([]);
  });
});

describe('excerpt of a large file', () => {
  const original = lines(100_000);
  const modified = original.replace('line 50000\n', 'LINE 50000\n').replace('line 90000\n', 'line 90000\nadded\n');
  const diff = '--- /f\n+++ /f\n@@ -49997,7 +49997,7 @@\n@@ -89997,6 +89997,7 @@\n';

  it('is used only above the line threshold', () => {
    expect(isLargeDiff(original, modified)).toBe(true);
    expect(isLargeDiff(lines(10), lines(11))).toBe(false);
    expect(isLargeDiff('x'.repeat(LARGE_FILE_LINES * 10), 'y')).toBe(false);
  });

  it('keeps each hunk with context, joined by identical separators, labelled with real line numbers', () => {
    const ex = diffExcerpt(original, modified, diff);
    const o = ex.original.split('\n');
    const m = ex.modified.split('\n');
    const first = 49997 - 1 - EXCERPT_CONTEXT; // 0-based first shown line
    expect(o[0]).toBe(`⋯ ${first.toLocaleString('en')} unchanged lines not shown ⋯`);
    expect(m[0]).toBe(o[0]);
    expect(ex.originalLines[1]).toBe(first + 1);
    expect(o[ex.originalLines.indexOf(50000)]).toBe('line 50000');
    expect(m[ex.modifiedLines.indexOf(50000)]).toBe('LINE 50000');
    expect(m[ex.modifiedLines.indexOf(90001)]).toBe('added');
    expect(o[o.length - 1]).toMatch(/^⋯ [\d,]+ more lines not shown ⋯$/);
    expect(m[m.length - 1]).toBe(o[o.length - 1]);
    expect(o.length).toBeLessThan(200);
    expect(ex.originalLines).toHaveLength(o.length);
    expect(ex.modifiedLines).toHaveLength(m.length);
    expect(o.filter((l) => l.startsWith('⋯'))).toEqual(m.filter((l) => l.startsWith('⋯')));
    expect(ex).toMatchObject({ firstHunk: 0, shownHunks: 2, totalHunks: 2, page: 0, pages: 1 });
  });

  it('maps a real line to its excerpt line, or the nearest shown', () => {
    const ex = diffExcerpt(original, modified, diff);
    expect(ex.originalLines[excerptLine(ex.originalLines, 50000) - 1]).toBe(50000);
    expect(ex.originalLines[excerptLine(ex.originalLines, 1) - 1]).toBe(49997 - EXCERPT_CONTEXT);
  });

  it('a created huge file is cut at the line budget', () => {
    const created = lines(200_000);
    const ex = diffExcerpt('', created, '--- /dev/null\n+++ /f\n@@ -0,0 +1,200000 @@\n');
    expect(ex.original).toBe('');
    expect(ex.modified.split('\n').length).toBeLessThanOrEqual(PAGE_LINES + 1);
    expect(ex.modified.endsWith('more lines not shown ⋯')).toBe(true);
  });
});

describe('pages of dense changes', () => {
  // One changed line in every ten: with context, every hunk touches the next one.
  const original = lines(100_000);
  const modified = lines(100_000, (i) => (i % 10 === 5 ? `LINE ${i + 1}` : `line ${i + 1}`));
  const hunks = Array.from({ length: 10_000 }, (_, k) => `@@ -${k * 10 + 6} +${k * 10 + 6} @@\n-line ${k * 10 + 6}\n+LINE ${k * 10 + 6}\n`);
  const source = new DiffSource(original, modified, `--- /f\n+++ /f\n${hunks.join('')}`);

  it('cuts the file into pages of at most PAGE_LINES lines that cover every hunk once', () => {
    expect(source.pages).toBeGreaterThan(40);
    let next = 0;
    for (let page = 0; page < source.pages; page++) {
      const ex = source.excerpt(page);
      expect(ex.firstHunk).toBe(next);
      expect(ex.originalLines.length).toBeLessThanOrEqual(PAGE_LINES + 2);
      next += ex.shownHunks;
    }
    expect(next).toBe(10_000);
  });

  it('a later page starts with what it leaves out, and shows real line numbers', () => {
    const ex = source.excerpt(3);
    const o = ex.original.split('\n');
    expect(o[0]).toMatch(/^⋯ [\d,]+ lines before this page not shown ⋯$/);
    const at = ex.modifiedLines.indexOf(ex.firstHunk * 10 + 6);
    expect(ex.modified.split('\n')[at]).toBe(`LINE ${ex.firstHunk * 10 + 6}`);
  });

  it('finds the page of a line', () => {
    const page = source.pageOfLine('original', 55_006);
    const ex = source.excerpt(page);
    expect(ex.originalLines).toContain(55_006);
  });
});
