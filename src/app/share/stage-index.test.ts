import { describe, expect, it } from 'vitest';
import { globalStage, localStage } from './stage-index';

const files = [{ steps: [1, 2, 3] }, { steps: [] }, { steps: [1, 2] }];

describe("a link's stage counts the stages of every file in order", () => {
  it('maps a file and step to one number and back', () => {
    for (const [fileIndex, step, stage] of [[0, 0, 0], [0, 2, 2], [2, 0, 3], [2, 1, 4]] as const) {
      expect(globalStage(files, fileIndex, step)).toBe(stage);
      expect(localStage(files, stage)).toEqual({ fileIndex, step });
    }
  });

  it('a stage past the last is null, not a clamp', () => {
    expect(localStage(files, 5)).toBeNull();
    expect(localStage([], 0)).toBeNull();
  });
});
