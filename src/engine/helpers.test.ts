import { describe, expect, it } from 'vitest';
import { errorMessage, isRecord } from './helpers';

describe('helpers', () => {
  it('isRecord: plain objects only', () => {
    expect([{}, { a: 1 }, Object.create(null)].map(isRecord)).toEqual([true, true, true]);
    expect([null, undefined, [], 'x', 1, true].map(isRecord)).toEqual([false, false, false, false, false, false]);
  });
  it("errorMessage: an Error's message, anything else as a string", () => {
    expect(errorMessage(new TypeError('bad input'))).toBe('bad input');
    expect(errorMessage('plain')).toBe('plain');
    expect(errorMessage(42)).toBe('42');
    expect(errorMessage(null)).toBe('null');
  });
});
