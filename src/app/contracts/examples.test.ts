// Every Examples entry gives the outcome its title states (issue 17, item 1). The menu lists the
// built-in default suites' cases exactly as the worker's `suites/examples` does (engine-worker.ts),
// and choosing one opens that case (examples.ts): its given files, its mount, its call. Running
// each entry that way must pass the case's own expectation; run against the sandbox's files
// instead (the old behaviour: the call alone), many answer "File not found" instead.

import { describe, expect, it } from 'vitest';
import { BUILTIN_SUITES } from '../../contracts/builtin';
import { runSuite } from '../../contracts/runner';
import { loadSuite } from '../../contracts/suite-schema';
import { parseEnvelope } from '../../engine/envelope';
import { exampleRef } from './examples';

interface Entry {
  suite: string;
  caseId: string;
  title: string;
}

/** The menu's entries, made as the worker makes them. */
function menuEntries(): Entry[] {
  const out: Entry[] = [];
  for (const b of BUILTIN_SUITES) {
    if (!b.default) continue;
    const loaded = loadSuite(b.suite);
    if (!loaded.ok) continue;
    for (const c of loaded.suite.cases) {
      const parsed = parseEnvelope(c.when, c.profile ?? loaded.suite.profile ?? null);
      if (!parsed.ok || parsed.call.profile === null) continue;
      out.push({ suite: b.name, caseId: c.id, title: c.title });
    }
  }
  return out;
}

describe('Examples menu', () => {
  const entries = menuEntries();

  it('lists every case of the default suites whose call names a profile', () => {
    expect(entries.length).toBeGreaterThan(200);
  });

  it('opens each entry as its built-in Contracts case', () => {
    expect(exampleRef({ suite: 'multiedit', caseId: 'TC1' })).toEqual({ key: 'builtin:multiedit', caseId: 'TC1' });
  });

  it('gives every entry the outcome its title states, when opened with its own files', async () => {
    const failed: string[] = [];
    for (const b of BUILTIN_SUITES.filter((s) => s.default)) {
      const loaded = loadSuite(b.suite);
      if (!loaded.ok) throw new Error(`${b.name} does not load`);
      const mine = new Set(entries.filter((e) => e.suite === b.name).map((e) => e.caseId));
      const report = await runSuite(loaded.suite);
      for (const c of report.cases) {
        if (mine.has(c.id) && !c.passed) failed.push(`${b.name}/${c.id} "${c.title}": ${c.failures.map((f) => f.message).join('; ')}`);
      }
    }
    expect(failed).toEqual([]);
  }, 120_000);

});
