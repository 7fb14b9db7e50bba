// The line index built on demand must answer exactly what the full trimmed-line map answers.
import { describe, expect, it } from 'vitest';
import { LineIndex, isTrimmed } from './line-index';
import { bucketProfile, similarityUpperBound, similarityUpperBoundFrom } from './similarity';

const content = [
  '}',
  '  }',
  '\u00a0}\t',
  '} }',
  '}\r',
  '\ufeff}\u2028',
  'x}',
  '',
  '{ }',
  '  return 1;',
  '}',
].join('\n');

describe('LineIndex on demand', () => {
  it('counts lines and finds their starts and ends as a split does', () => {
    const index = new LineIndex(content);
    const lines = content.split('\n');
    expect(index.lineCount).toBe(lines.length);
    let offset = 0;
    lines.forEach((line, i) => {
      expect(index.lineStart(i)).toBe(offset);
      expect(index.lineEnd(i)).toBe(offset + line.length);
      offset += line.length + 1;
    });
    expect(new LineIndex('').lineCount).toBe(1);
    expect(new LineIndex('a\n').lineCount).toBe(2);
  });

  it('finds the lines equal to a trimmed value as the full map does, Unicode whitespace included', () => {
    for (const value of ['}', '{ }', 'return 1;', '} }', 'x}', 'absent', ' }', '}\n}']) {
      const fresh = new LineIndex(content);
      const full = new LineIndex(content);
      expect(fresh.linesWithTrimmed(value)).toEqual(full.linesWithKey('trim', value));
    }
    expect(new LineIndex(content).linesWithTrimmed('}')).toEqual([0, 1, 2, 4, 5, 10]);
  });

  it('trims single lines as String.prototype.trim does', () => {
    const index = new LineIndex(content);
    content.split('\n').forEach((line, i) => {
      expect(index.trimmedLine(i)).toBe(line.trim());
      expect(new LineIndex(content).isTrimmed(i, line.trim())).toBe(true);
      expect(new LineIndex(content).isTrimmed(i, '}')).toBe(line.trim() === '}');
      const start = index.trimmedStart(i);
      expect(content.slice(start, index.trimmedEnd(i, start))).toBe(line.trim());
    });
  });

  it('treats exactly the code units trim removes as whitespace', () => {
    const wrong: number[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const char = String.fromCharCode(code);
      if (isTrimmed(code) !== (`a${char}`.trim() === 'a')) wrong.push(code);
    }
    expect(wrong).toEqual([]);
  });
});

describe('similarity upper bound from a profile', () => {
  it('is the same number as the two-pass bag bound', () => {
    const samples = ['', 'a', 'abc', 'cba', 'kitten', 'sitting', 'const a = 1;', '#[derive(Debug)]', 'é ü ∑', '}'];
    for (const a of samples) {
      for (const b of samples) {
        const text = `xx${b}yy`;
        expect(similarityUpperBoundFrom(bucketProfile(a), text, 2, 2 + b.length)).toBe(similarityUpperBound(a, b));
      }
    }
  });
});
