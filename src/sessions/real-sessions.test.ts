// Real agent sessions replay right: every edit call of the 38 public transcripts under
// tests/sessions/real is found (the count is made independently, by count-edit-calls.mjs, which
// reads no code of ours), and every verdict is pinned in tests/sessions/real-support/verdicts.json. A
// `differs` left there is one the recording tool really answered otherwise, and
// docs/real-sessions.md says why for each; `npm run real-sessions` regenerates both after a change
// that is meant to move them.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PINS_DIR, presentCounts, REAL_DIR, realTranscripts, replayReal, verdictLines } from '../../tests/sessions/real-support/replay-real';

const pins: Record<string, string[]> = JSON.parse(readFileSync(join(PINS_DIR, 'verdicts.json'), 'utf8'));
const explained: Record<string, string> = JSON.parse(readFileSync(join(PINS_DIR, 'differs-explained.json'), 'utf8'));
const counts = presentCounts();

describe('real transcripts', () => {
  it('every transcript has an independent count and a pin', () => {
    const files = realTranscripts().sort();
    expect(files).toHaveLength(42);
    expect(Object.keys(counts).sort()).toEqual(files);
    expect(Object.keys(pins).sort()).toEqual(files);
  });

  it.each(realTranscripts())('%s: every edit call found, every verdict as pinned', async (file) => {
    const { replay } = await replayReal(file);
    expect(replay.figures.editCalls).toBe(counts[file]!.editCalls);
    expect(verdictLines(replay)).toEqual(pins[file]);
    for (const c of replay.calls) {
      const v = c.verdict;
      if (v?.verdict === 'cannot judge') expect(v.cannotJudge!.evidence.length).toBeGreaterThan(20);
      if (v?.verdict === 'differs') expect(explained[`${file}#${c.index}`], `${file}#${c.index} differs with no explanation in differs-explained.json`).toMatch(/\S/);
    }
  });
});
