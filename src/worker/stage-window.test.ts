import { describe, expect, it } from 'vitest';
import { stageWindow, WHOLE_LINES } from './stage-window';

const lines = (n: number): string => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n');

describe('the stretch of a stage the stepper is sent', () => {
  it('a small content is sent whole, spans as they are', () => {
    const text = 'a\nb\nc\n';
    expect(stageWindow(text, [{ start: 2, end: 3 }])).toEqual({ text, firstLine: 0, totalLines: 4, spans: [{ start: 2, end: 3 }], outside: 0 });
  });

  it('a large content is cut to the lines from just above its first highlight, spans rebased', () => {
    const text = lines(100_000);
    const at = text.indexOf('line 50000\n');
    const far = text.indexOf('line 99000\n');
    const w = stageWindow(text, [{ start: far, end: far + 4 }, { start: at, end: at + 10 }]);
    expect(w.firstLine).toBe(50000 - 1 - 8);
    expect(w.totalLines).toBe(100_000);
    expect(w.text.split('\n')).toHaveLength(WHOLE_LINES);
    expect(w.text.split('\n')[0]).toBe(`line ${50000 - 8}`);
    expect(w.spans).toHaveLength(1);
    expect(w.text.slice(w.spans[0]!.start, w.spans[0]!.end)).toBe('line 50000');
    expect(w.outside).toBe(1);
  });
});
