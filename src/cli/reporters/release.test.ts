// The reporters name the release a case ran as (a suite's or a case's `release`,
// src/contracts/suite-release.test.ts): Gemini CLI 0.58.0's "0 occurrences" text
// (src/engine/profiles/gemini/releases.test.ts).

import { describe, expect, it } from 'vitest';
import { runSuite } from '../../contracts/runner';
import { loadSuite } from '../../contracts/suite-schema';
import { junitReport } from './junit';
import { prettyReport } from './pretty';

const NEW_MISS =
  "Could not find an exact match for 'old_string' in '/main.py'. If previous edits modified the file or you are modifying lines outside your recent read window, please use ReadFile to inspect the target lines before retrying with an exact 'old_string'.";

describe('reporters and releases', () => {
  it('the pretty and JUnit reports name the release a case ran as', async () => {
    const loaded = loadSuite({
      version: 1,
      suite: 'releases',
      profile: 'replace',
      release: '0.58.0',
      cases: [{ id: 'R1', title: 'miss', given: { files: { '/main.py': 'print(1)\n' } }, when: { file_path: '/main.py', instruction: 'test', old_string: 'print(2)', new_string: 'print(3)' }, then: { error: { message: NEW_MISS } } }],
    });
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    const report = await runSuite(loaded.suite);
    report.cases[0]!.ms = 2;
    expect(prettyReport([report]).split('\n')[0]).toBe('✓ releases › R1 miss (as 0.58.0, 2.0 ms)');
    expect(junitReport([report])).toContain('<testcase classname="releases" name="R1 miss (as 0.58.0)" time="0.002"/>');
  });
});
