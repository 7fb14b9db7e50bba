import { describe, expect, it } from 'vitest';
import { CONTEXT_LINES, lineAt, linePieces, lineStarts, lineWindows, MAX_LINE_CHARS, spanLines, trailingFrom, whitespaceRuns, WHOLE_FILE_LINES } from './stage-lines';

const FILE = 'line 1\nline 2\nline 3\n';

describe('line index', () => {
  it('a text ending in \\n has a last, empty line', () => {
    expect(lineStarts(FILE)).toEqual([0, 7, 14, 21]);
    expect(lineStarts('AAA')).toEqual([0]);
    expect(lineStarts('')).toEqual([0]);
  });

  it('a trailing \\n belongs to the line it ends (SPEC 2.6)', () => {
    const starts = lineStarts(FILE);
    expect(spanLines(starts, { start: 7, end: 14 })).toEqual({ first: 1, last: 1 });
    expect(lineAt(starts, 13)).toBe(1);
    expect(lineAt(starts, 14)).toBe(2);
  });
});

describe('line windows', () => {
  it('a small file is shown whole', () => {
    expect(lineWindows(lineStarts(FILE), [{ start: 7, end: 13 }]).windows).toEqual([{ from: 0, to: 4 }]);
  });

  it('a large file shows context around each span, merging windows that touch', () => {
    const text = Array.from({ length: 5000 }, (_, i) => `l${i}`).join('\n');
    const starts = lineStarts(text);
    const at = (line: number) => ({ start: starts[line]!, end: starts[line]! + 2 });
    const { windows, hiddenSpans } = lineWindows(starts, [at(100), at(105), at(3000)]);
    expect(windows).toEqual([
      { from: 100 - CONTEXT_LINES, to: 105 + CONTEXT_LINES + 1 },
      { from: 3000 - CONTEXT_LINES, to: 3000 + CONTEXT_LINES + 1 },
    ]);
    expect(hiddenSpans).toBe(0);
    expect(starts.length).toBeGreaterThan(WHOLE_FILE_LINES);
  });

  it('very many far-apart spans stop at the rendering budget', () => {
    const text = Array.from({ length: 100_000 }, (_, i) => `l${i}`).join('\n');
    const starts = lineStarts(text);
    const spans = Array.from({ length: 1000 }, (_, k) => ({ start: starts[k * 100]!, end: starts[k * 100]! + 1 }));
    const { windows, hiddenSpans } = lineWindows(starts, spans);
    expect(windows.reduce((n, w) => n + w.to - w.from, 0)).toBeLessThanOrEqual(600);
    expect(hiddenSpans).toBeGreaterThan(0);
  });
});

describe('line pieces', () => {
  it('splits a line where a span starts and ends', () => {
    expect(linePieces(FILE, lineStarts(FILE), 1, [{ start: 12, end: 13 }])).toEqual([
      { kind: 'text', text: 'line ' },
      { kind: 'mark', text: '2', eol: false },
    ]);
  });

  it('a span over several lines marks each, reaching past the line ends it crosses', () => {
    const starts = lineStarts(FILE);
    const span = [{ start: 7, end: 21 }];
    expect(linePieces(FILE, starts, 1, span)).toEqual([{ kind: 'mark', text: 'line 2', eol: true }]);
    expect(linePieces(FILE, starts, 2, span)).toEqual([{ kind: 'mark', text: 'line 3', eol: true }]);
    expect(linePieces(FILE, starts, 3, span)).toEqual([]);
  });

  it('an empty span is a caret', () => {
    expect(linePieces('AAA', [0], 0, [{ start: 0, end: 0 }])).toEqual([{ kind: 'caret' }, { kind: 'text', text: 'AAA' }]);
    expect(linePieces('', [0], 0, [{ start: 0, end: 0 }])).toEqual([{ kind: 'caret' }]);
  });

  it('a very long line is clipped around its span', () => {
    const text = 'x'.repeat(10_000) + 'NEEDLE' + 'y'.repeat(10_000);
    const pieces = linePieces(text, [0], 0, [{ start: 10_000, end: 10_006 }]);
    expect(pieces[0]).toMatchObject({ kind: 'clip' });
    expect(pieces).toContainEqual({ kind: 'mark', text: 'NEEDLE', eol: false });
    expect(pieces[pieces.length - 1]).toMatchObject({ kind: 'clip' });
    const shown = pieces.reduce((n, p) => n + ('text' in p ? p.text.length : 0), 0);
    expect(shown).toBe(MAX_LINE_CHARS);
  });
});

describe('whitespace is drawn exactly (issue 17, item 10)', () => {
  it('finds where a line\'s trailing spaces and tabs start', () => {
    expect(trailingFrom('return    1;  ')).toBe(12);
    expect(trailingFrom('\treturn 1;\t ')).toBe(10);
    expect(trailingFrom('no trailing')).toBe(11);
    expect(trailingFrom('crlf  \r')).toBe(4);
  });
  it('keeps runs of spaces as text, and marks tabs and trailing spaces', () => {
    expect(whitespaceRuns('return    1;  ', 0, 12)).toEqual([
      { kind: 'plain', text: 'return    1;' },
      { kind: 'trail', text: '  ' },
    ]);
    expect(whitespaceRuns('\t\tx', 0, 3)).toEqual([
      { kind: 'tab', text: '\t' },
      { kind: 'tab', text: '\t' },
      { kind: 'plain', text: 'x' },
    ]);
    // A piece that starts mid-line: columns count from `at`.
    expect(whitespaceRuns('a  ', 10, 11)).toEqual([
      { kind: 'plain', text: 'a' },
      { kind: 'trail', text: '  ' },
    ]);
  });
});
