// apply_patch hands the stage its final text in pieces (the original and the change regions'
// texts): the text, every slice of it, its regions and whether it holds a carriage return must be
// those of the staged file itself, and the bytes the commit writes those of encoding the text.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildFileStage, finalBytesOf } from '../../file-stage';
import { stagedText } from './staged-text';
import { resolveCallPath } from '../../paths';
import { StagedFile } from '../../staged-file';
import { decodeFile, encodeText } from '../../text';

const chars = fc.constantFrom('a', 'b', '\n', '\r', 'é', ' ');
const text = fc.array(chars, { maxLength: 30 }).map((cs) => cs.join(''));

/** Edits of the current content, one after another: [start fraction, length, text]. */
const edits = fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.nat(6), text), { maxLength: 6 });

function staged(original: string, steps: [number, number, string][]): StagedFile {
  const s = new StagedFile(original);
  for (const [at, len, put] of steps) {
    const start = Math.floor(at * s.length);
    s.apply([{ start, end: Math.min(s.length, start + len), text: put }]);
  }
  return s;
}

describe('stagedText: the final text in pieces', () => {
  it('is the staged text, slice by slice, with the same regions, and knows when it holds no carriage return', () => {
    fc.assert(
      fc.property(text, edits, fc.nat(40), fc.nat(40), (original, steps, a, b) => {
        const s = staged(original, steps);
        const lazy = stagedText(s);
        const whole = s.text;
        expect(lazy.text).toBe(whole);
        expect(lazy.regions()).toEqual(s.regions);
        const [start, end] = [Math.min(a, b, whole.length), Math.min(Math.max(a, b), whole.length)];
        expect(lazy.slice!(start, end)).toBe(whole.slice(start, end));
        for (const r of s.regions) expect(lazy.slice!(r.cStart, r.cEnd)).toBe(whole.slice(r.cStart, r.cEnd));
        // Known to hold none when neither the original nor a region's text has one (else: not known).
        expect(lazy.noCarriageReturn).toBe(!original.includes('\r') && !whole.includes('\r'));
      }),
      { numRuns: 2000 },
    );
  });

  it('an unchanged file is its original', () => {
    const lazy = stagedText(new StagedFile('a\r\nb'));
    expect({ text: lazy.text, regions: lazy.regions(), noCarriageReturn: lazy.noCarriageReturn }).toEqual({ text: 'a\r\nb', regions: [], noCarriageReturn: false });
  });

  it('the commit writes the bytes of the final text, spliced into an ASCII original or encoded', () => {
    const resolved = resolveCallPath('f.txt', '/');
    if (!resolved.ok) throw new Error('path');
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', '\n', ' '), { maxLength: 30 }), fc.boolean(), edits, (cs, unicode, steps) => {
        const raw = (unicode ? 'é' : '') + cs.join('');
        const bytes = new TextEncoder().encode(raw);
        const decoded = decodeFile(bytes);
        if (!decoded.ok) throw new Error('not text');
        const s = staged(decoded.text.view, steps);
        const stage = buildFileStage({ resolved, original: { bytes, text: decoded.text }, staged: stagedText(s), steps: [], shape: { bom: false, eol: '\n' }, diffContext: 3 });
        expect([...finalBytesOf(stage)]).toEqual(s.regions.length === 0 ? [...bytes] : [...encodeText(s.text, false)]);
      }),
      { numRuns: 1000 },
    );
  });
});
