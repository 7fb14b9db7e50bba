// The built-in `replace` contract suite (Gemini CLI's edit.test.ts as cases) loads and passes whole.

import { describe, expect, it } from 'vitest';
import { runSuite } from './runner';
import { loadSuite } from './suite-schema';
import { builtinSuite } from './builtin';

const replaceSuite = builtinSuite('replace')!.suite;

describe('replace contract suite', () => {
  it('every case cites a gemini-cli test and passes', async () => {
    const loaded = loadSuite(replaceSuite);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    expect(loaded.suite.cases.every((c) => c.source?.document === 'packages/core/src/tools/edit.test.ts')).toBe(true);
    const report = await runSuite(loaded.suite);
    const failures = Object.fromEntries(report.cases.map((c) => [c.id, c.failures.map((f) => `${f.what}: ${f.message}`)]));
    expect(failures).toEqual(Object.fromEntries(report.cases.map((c) => [c.id, []])));
    expect(report.passed).toBe(replaceSuite.cases.length);
  });
});
