// utf8Length and writeUtf8 (text.ts), which the commit uses to write an edited ASCII file's
// changed regions straight into its new bytes: both must agree with TextEncoder byte for byte,
// lone surrogates (written as U+FFFD) included.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8Length, writeUtf8 } from './text';

const enc = new TextEncoder();

/** Characters of every UTF-8 length, with lone and paired surrogates among them. */
const piece = fc.constantFrom('a', '\n', '\u007f', '\u0080', 'é', '\u07ff', '\u0800', '€', '\uffff', '\ud83d\ude00', '\ud800', '\udfff', '\udc00a', 'x\ud83d');
const text = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));

function written(s: string, at: number): number[] {
  const out = new Uint8Array(at + utf8Length(s).bytes + 2).fill(0xaa);
  const n = writeUtf8(s, out, at);
  expect(n).toBe(utf8Length(s).bytes);
  return [...out];
}

describe('utf8Length and writeUtf8', () => {
  it('measure and write what TextEncoder encodes, at any offset, touching no other byte', () => {
    fc.assert(
      fc.property(text, fc.nat(5), (s, at) => {
        const expected = enc.encode(s);
        expect(utf8Length(s).bytes).toBe(expected.length);
        expect(written(s, at)).toEqual([...new Array<number>(at).fill(0xaa), ...expected, 0xaa, 0xaa]);
      }),
      { numRuns: 2000 },
    );
  });

  it('say whether a text holds a surrogate, paired or lone', () => {
    expect(utf8Length('plain ascii\n')).toEqual({ bytes: 12, surrogate: false });
    expect(utf8Length('é€')).toEqual({ bytes: 5, surrogate: false });
    expect(utf8Length('\ud83d\ude00')).toEqual({ bytes: 4, surrogate: true });
    expect(utf8Length('a\ud800')).toEqual({ bytes: 4, surrogate: true });
    expect(utf8Length('\udc00\ud800')).toEqual({ bytes: 6, surrogate: true });
    expect(utf8Length('')).toEqual({ bytes: 0, surrogate: false });
  });

  it('write a lone surrogate as U+FFFD, as TextEncoder does', () => {
    expect(written('a\ud800b', 0)).toEqual([0x61, 0xef, 0xbf, 0xbd, 0x62, 0xaa, 0xaa]);
  });
});
