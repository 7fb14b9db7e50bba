// The built-in `apply_patch` contract suite (codex's own tests as cases) loads and passes whole.

import { describe, expect, it } from 'vitest';
import { runSuite } from './runner';
import { loadSuite } from './suite-schema';
import { builtinSuite } from './builtin';

const applyPatchSuite = builtinSuite('apply_patch')!.suite;

describe('apply_patch contract suite', () => {
  it('every case cites a codex test and passes', async () => {
    const loaded = loadSuite(applyPatchSuite);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    expect(loaded.suite.cases.every((c) => c.source?.document.startsWith('codex-rs/'))).toBe(true);
    const report = await runSuite(loaded.suite);
    const failures = Object.fromEntries(report.cases.map((c) => [c.id, c.failures.map((f) => `${f.what}: ${f.message}`)]));
    expect(failures).toEqual(Object.fromEntries(report.cases.map((c) => [c.id, []])));
    expect(report.passed).toBe(applyPatchSuite.cases.length);
  });
});
