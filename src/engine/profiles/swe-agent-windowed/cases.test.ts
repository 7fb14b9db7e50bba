// Runs the profile's contract cases with the profile itself: a fresh in-memory workspace from
// `given`, the call, the commit when the tool writes, then the exact checks of `then` (the engine
// may not import the contracts layer; the contracts runner runs the same cases as the built-in
// suite `swe_agent_windowed`, through the registry). The trajectory cases are also checked against
// the trajectory file this repository holds.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MemoryFs } from '../../../workspace/memory-fs';
import { commitStage } from '../../commit';
import { profileContext } from '../../run';
import { SOURCE_CASES } from './source-cases';
import { TRAJECTORY_CASES, type WindowedCase } from './trajectory-cases';
import { sweAgentWindowed } from './windowed';

const ALL = [...TRAJECTORY_CASES, ...SOURCE_CASES];
const wsPath = (abs: string, mount: string): string => abs.slice(mount.length + 1);

async function run(c: WindowedCase) {
  const fs = new MemoryFs(Object.fromEntries(Object.entries(c.given?.files ?? {}).map(([p, t]) => [wsPath(p, c.mount), t])));
  const outcome = await sweAgentWindowed.run(c.when, profileContext(fs, { mount: c.mount }));
  if (outcome.ok && outcome.writes) {
    const commit = await commitStage(fs, outcome.stage);
    expect(commit.ok).toBe(true);
  }
  const files = new Map([...fs.files].map(([p, b]) => [p, new TextDecoder().decode(b)]));
  return { outcome, files };
}

describe('swe_agent_windowed contract cases', () => {
  it('have unique ids, each citing its source', () => {
    expect(new Set(ALL.map((c) => c.id)).size).toBe(ALL.length);
    for (const c of ALL) expect(c.source.document).toMatch(/^SWE-agent\/SWE-agent@[0-9a-f]{8} /);
  });

  for (const c of ALL) {
    it(`${c.id}: ${c.title}`, async () => {
      const { outcome, files } = await run(c);
      if (c.then.error !== undefined) {
        expect(outcome.ok ? outcome.result : outcome.error).toEqual(c.then.error);
        const before = new Map(Object.entries(c.given?.files ?? {}).map(([p, t]) => [wsPath(p, c.mount), t]));
        expect(files).toEqual(before);
      } else {
        expect(outcome.ok ? outcome.result : outcome.error).toEqual(c.then.result);
      }
      for (const [p, t] of Object.entries(c.then.files ?? {})) expect(files.get(wsPath(p, c.mount)) ?? null).toBe(t);
      if (c.then.warnings !== undefined) expect(outcome.warnings).toEqual(c.then.warnings);
    });
  }
});

describe('the trajectory cases hold what the trajectories recorded', () => {
  const trajectory = (path: string): { action: string; observation: string }[] => JSON.parse(readFileSync(path, 'utf8')).trajectory;
  const pydicom = trajectory('tests/sessions/real/swe-agent/SWE-agent--pydicom__pydicom-1458.traj');
  for (const c of TRAJECTORY_CASES.filter((k) => k.id.startsWith('pydicom-'))) {
    it(`${c.id} is ${c.source.case} of the pydicom trajectory`, () => {
      const k = Number(/\[(\d+)\]/.exec(c.source.case)![1]);
      expect(c.when.action).toBe(pydicom[k]!.action);
      expect(c.then.result?.output ?? c.then.error?.message).toBe(pydicom[k]!.observation);
    });
  }
  it('step 7 repeats step 6 and gets the same answer', () => {
    expect(pydicom[7]!.action).toBe(pydicom[6]!.action);
    expect(pydicom[7]!.observation).toBe(pydicom[6]!.observation);
  });
});
