// apply_patch's hunk search (codex-rs/apply-patch/src/seek_sequence.rs): the first position at or
// after `start`, level by level, and with `*** End of File` the last position. The first four
// cases re-express seek_sequence.rs's unit tests; the rest pin the order of the levels and the
// positions codex's scan finds, which the indexed search must reproduce.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trimEndRust, trimRust } from './rust-text';
import { FUZZ_LEVELS, LineMatcher, normalisePunctuation, type FuzzLevel } from './seek';

const seek = (lines: string[], pattern: string[], start = 0, eof = false) => new LineMatcher(lines).seek(pattern, start, eof);

describe('seek_sequence', () => {
  it('test_exact_match_finds_sequence', () => {
    expect(seek(['foo', 'bar', 'baz'], ['bar', 'baz'])).toEqual({ index: 1, level: 'exact' });
  });

  it('test_rstrip_match_ignores_trailing_whitespace', () => {
    expect(seek(['foo   ', 'bar\t\t'], ['foo', 'bar'])).toEqual({ index: 0, level: 'trailing-whitespace' });
  });

  it('test_trim_match_ignores_leading_and_trailing_whitespace', () => {
    expect(seek(['    foo   ', '   bar\t'], ['foo', 'bar'])).toEqual({ index: 0, level: 'trimmed' });
  });

  it('test_pattern_longer_than_input_returns_none', () => {
    expect(seek(['just one line'], ['too', 'many', 'lines'])).toBeNull();
  });

  it('an empty pattern matches at start', () => {
    expect(seek(['a'], [], 1)).toEqual({ index: 1, level: 'exact' });
  });

  it('a stricter level anywhere after start wins over a looser one earlier', () => {
    expect(seek(['x ', 'y', 'x', 'y'], ['x', 'y'])).toEqual({ index: 2, level: 'exact' });
  });

  it('the search starts at `start`', () => {
    expect(seek(['a', 'b', 'a', 'b'], ['a', 'b'], 1)).toEqual({ index: 2, level: 'exact' });
    expect(seek(['a', 'b', 'a', 'b'], ['a', 'b'], 3)).toBeNull();
  });

  it('the first of several exact positions, even when the rarest line repeats', () => {
    expect(seek(['a', 'a', 'a', 'b', 'a', 'b'], ['a', 'a', 'b'])).toEqual({ index: 1, level: 'exact' });
    expect(seek(['z', 'a', 'q', 'a', 'b'], ['a', 'b'])).toEqual({ index: 3, level: 'exact' });
  });

  it('typographic dashes, quotes and spaces match their ASCII forms last', () => {
    expect(seek(['say \u201chi\u201d \u2013 it\u2019s\u00a0ok'], ['say "hi" - it\'s ok'])).toEqual({ index: 0, level: 'unicode-punctuation' });
    expect(normalisePunctuation(' a\u2212b\u3000 ')).toBe('a-b');
  });

  it('U+FEFF is no whitespace to Rust: a line that has it does not match one without it', () => {
    expect(seek(['\ufeffx'], ['x'])).toBeNull();
  });

  it('End of File: only the last position is tried, at every level', () => {
    expect(seek(['a', 'b', 'a', 'b'], ['a', 'b'], 0, true)).toEqual({ index: 2, level: 'exact' });
    expect(seek(['a', 'b', 'a', 'c'], ['a', 'b'], 0, true)).toBeNull();
    expect(seek(['a', 'b', ' a', 'b'], ['a', 'b'], 0, true)).toEqual({ index: 2, level: 'trimmed' });
  });

  it('End of File never searches before start', () => {
    expect(seek(['a', 'b'], ['b'], 2, true)).toBeNull();
  });
});

/** codex's scan, written the way seek_sequence.rs does it: every position, level by level. */
function scan(lines: string[], pattern: string[], start: number, eof: boolean): { index: number; level: FuzzLevel } | null {
  if (pattern.length === 0) return { index: start, level: 'exact' };
  if (pattern.length > lines.length) return null;
  const from = eof ? Math.max(lines.length - pattern.length, start) : start;
  const keys: ((s: string) => string)[] = [(s) => s, trimEndRust, trimRust, normalisePunctuation];
  for (const [k, key] of keys.entries()) {
    for (let i = from; i <= lines.length - pattern.length; i++) {
      if (pattern.every((p, j) => key(lines[i + j]!) === key(p))) return { index: i, level: FUZZ_LEVELS[k]! };
    }
  }
  return null;
}

describe('the indexed search finds what codex\'s scan finds', () => {
  const line = fc.constantFrom('a', 'b', ' a', 'a ', '\u2013', '-', '', '  ');
  it('for any lines, pattern, start and End of File flag', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), fc.array(line, { maxLength: 4 }), fc.nat(13), fc.boolean(), (lines, pattern, start, eof) => {
        expect(new LineMatcher(lines).seek(pattern, start, eof)).toEqual(scan(lines, pattern, start, eof));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('the search in the text (exact chunks found without splitting the file) finds what codex\'s scan finds', () => {
  const line = fc.constantFrom('a', 'b', ' a', 'a ', 'a\r', '\u2013', '-', '', '  ', 'ab', 'ba');
  /** codex's lines of a text: split at `\n`, no empty line after a final `\n`. */
  const linesOf = (text: string): string[] => {
    const lines = text.split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    return lines;
  };
  /** Where line `index` starts in the text. */
  const offsetOf = (lines: readonly string[], index: number): number => lines.slice(0, index).reduce((n, l) => n + l.length + 1, 0);

  it('for any text, patterns searched one after another (as the chunks of a patch are), and End of File flags', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 14 }),
        fc.boolean(),
        fc.array(fc.tuple(fc.array(line, { maxLength: 4 }), fc.nat(15), fc.boolean()), { maxLength: 5 }),
        fc.boolean(),
        (rows, finalNewline, searches, countFirst) => {
          const text = rows.join('\n') + (finalNewline && rows.length > 0 ? '\n' : '');
          const lines = linesOf(text);
          const matcher = LineMatcher.ofText(text);
          // The count is made on demand: asked for first, or only after the searches.
          if (countFirst) expect(matcher.lineCount).toBe(lines.length);
          for (const [pattern, start, eof] of searches) {
            const hit = matcher.seek(pattern, start, eof);
            const expected = scan(lines, pattern, start, eof);
            expect(hit === null ? null : { index: hit.index, level: hit.level }).toEqual(expected);
            // A hit found in the text says where its first line starts there.
            if (hit?.offset !== undefined) expect(hit.offset).toBe(offsetOf(lines, hit.index));
          }
          expect(matcher.lineCount).toBe(lines.length);
          expect(matcher.lines).toEqual(lines);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('a pattern found inside a line, or across a line end, is no match until it starts and ends with lines', () => {
    const matcher = LineMatcher.ofText('xab\nab\nabx\nab\n');
    expect(matcher.seek(['ab'], 0, false)).toEqual({ index: 1, level: 'exact', offset: 4 });
    expect(matcher.seek(['ab'], 2, false)).toEqual({ index: 3, level: 'exact', offset: 11 });
    expect(matcher.seek(['ab'], 4, false)).toBeNull();
    expect(matcher.seek(['', 'ab'], 0, false)).toBeNull();
    expect(LineMatcher.ofText('a\n\n').seek([''], 0, false)).toEqual({ index: 1, level: 'exact', offset: 2 });
    expect(LineMatcher.ofText('').lineCount).toBe(0);
  });
});
