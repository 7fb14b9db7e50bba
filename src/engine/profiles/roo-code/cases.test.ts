// Runs the contract cases of cases.ts on the apply_diff profile. The contracts runner reaches
// profiles through the registry, where this one is not yet, so this is the runner's loop in small:
// a fresh in-memory workspace per case, the call, the commit when the tool writes, then `then`
// checked exactly (result, error — a `{ regex }` message is matched —, every file named).

import { describe, expect, it } from 'vitest';
import { MemoryFs } from '../../../workspace/memory-fs';
import { commitStage } from '../../commit';
import { runProfile } from '../../run';
import { applyDiffProfile } from './apply-diff';
import { applyDiffCases, ROO_MOUNT, type RooCase } from './cases';

const decoder = new TextDecoder();
const ws = (callPath: string): string => callPath.slice(ROO_MOUNT.length + 1);

async function runCase(c: RooCase): Promise<void> {
  const fs = new MemoryFs(Object.fromEntries(Object.entries(c.given.files).map(([p, t]) => [ws(p), t])));
  const outcome = await runProfile(applyDiffProfile, fs, c.when, { mount: ROO_MOUNT });
  if (outcome.ok && outcome.writes) expect((await commitStage(fs, outcome.stage)).ok).toBe(true);
  if (c.then.error) {
    expect(outcome.ok ? outcome.result : null).toBeNull();
    if (!outcome.ok) {
      expect(outcome.error.code).toBe(c.then.error.code);
      const want = c.then.error.message;
      if (typeof want === 'string') expect(outcome.error.message).toBe(want);
      else expect(outcome.error.message).toMatch(new RegExp(want.regex));
    }
  } else {
    expect(outcome.ok ? null : outcome.error).toBeNull();
    if (outcome.ok && c.then.result) expect(outcome.result).toEqual(c.then.result);
  }
  for (const [p, text] of Object.entries(c.then.files ?? {})) {
    const bytes = fs.files.get(ws(p));
    expect(bytes === undefined ? null : decoder.decode(bytes), p).toBe(text);
  }
}

describe('apply_diff contract cases (RooCodeInc/Roo-Code @cb836567)', () => {
  it.each(applyDiffCases.map((c) => [c.id, c] as const))('%s', async (_id, c) => runCase(c));
});
