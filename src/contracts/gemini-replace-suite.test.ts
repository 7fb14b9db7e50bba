// The built-in `replace` contract suite (Gemini CLI's edit.test.ts as cases, and other releases'
// texts: gemini/cases-releases.ts) loads and passes whole.

import { describe, expect, it } from 'vitest';
import { runSuite } from './runner';
import { loadSuite } from './suite-schema';
import { builtinSuite } from './builtin';

const replaceSuite = builtinSuite('replace')!.suite;

describe('replace contract suite', () => {
  it('every case cites a gemini-cli test and passes', async () => {
    const loaded = loadSuite(replaceSuite);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    // The reference's cases cite its edit.test.ts; a case run as another release cites that
    // release's tests, code or published package (cases-releases.ts).
    const cites = (c: { release?: string; source?: { document: string } }): boolean =>
      c.release === undefined
        ? c.source?.document === 'packages/core/src/tools/edit.test.ts'
        : /^(packages\/core\/src\/tools\/edit(\.test)?\.ts @ \S+|@google\/gemini-cli-core@\d+\.\d+\.\d+ dist\/src\/\S+\.js)$/.test(c.source?.document ?? '');
    expect(loaded.suite.cases.filter((c) => !cites(c)).map((c) => c.id)).toEqual([]);
    expect(loaded.suite.cases.filter((c) => c.release !== undefined)).toHaveLength(11);
    const report = await runSuite(loaded.suite);
    const failures = Object.fromEntries(report.cases.map((c) => [c.id, c.failures.map((f) => `${f.what}: ${f.message}`)]));
    expect(failures).toEqual(Object.fromEntries(report.cases.map((c) => [c.id, []])));
    expect(report.passed).toBe(replaceSuite.cases.length);
  });
});
