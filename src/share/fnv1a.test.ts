import { describe, expect, it } from 'vitest';
import { fnv1a } from './file-entries';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('fnv1a', () => {
  // The published FNV-1a 32-bit test vectors (Fowler, Noll, Vo: "FNV test vectors", fnv-1a 32).
  it('gives the reference values', () => {
    expect(fnv1a(bytes(''))).toBe('811c9dc5');
    expect(fnv1a(bytes('a'))).toBe('e40c292c');
    expect(fnv1a(bytes('foobar'))).toBe('bf9cf968');
  });

  it('reads every byte of a large buffer, high bytes included', () => {
    const big = new Uint8Array(1 << 20);
    for (let i = 0; i < big.length; i++) big[i] = (i * 131) & 0xff;
    const once = fnv1a(big);
    const last = big.length - 1;
    big[last] = big[last]! ^ 0x80;
    expect(fnv1a(big)).not.toBe(once);
    big[last] = big[last]! ^ 0x80;
    let h = 0x811c9dc5;
    for (let i = 0; i < big.length; i++) h = Math.imul(h ^ big[i]!, 0x01000193);
    expect(once).toBe((h >>> 0).toString(16).padStart(8, '0'));
  });
});
