import { describe, expect, it } from 'vitest';
import { globalStep, localStep } from './step-index';

const files = [{ steps: [1, 2, 3] }, { steps: [] }, { steps: [1, 2] }];

describe("a link's step number counts the steps of every file in order", () => {
  it('maps a file and step to one number and back', () => {
    for (const [fileIndex, step, n] of [[0, 0, 0], [0, 2, 2], [2, 0, 3], [2, 1, 4]] as const) {
      expect(globalStep(files, fileIndex, step)).toBe(n);
      expect(localStep(files, n)).toEqual({ fileIndex, step });
    }
  });

  it('a number past the last step is null, not a clamp', () => {
    expect(localStep(files, 5)).toBeNull();
    expect(localStep([], 0)).toBeNull();
  });
});
