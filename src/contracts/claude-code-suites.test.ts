// The built-in `Edit` and `Write` contract suites (Claude Code 2.1.88's behaviour, and Edit as
// older releases answered: cases-releases.ts) and the
// `claude_code_MultiEdit` suite (Claude Code 1.0.128's MultiEdit) load and pass whole.

import { describe, expect, it } from 'vitest';
import { runSuite } from './runner';
import { loadSuite, type SuiteInput } from './suite-schema';
import { builtinSuite } from './builtin';

const editSuite = builtinSuite('Edit')!.suite;
const writeSuite = builtinSuite('Write')!.suite;
const claudeCodeMultiEditSuite = builtinSuite('claude_code_MultiEdit')!.suite;

/** `cited`: what a case's source starts with; a case run as an older release cites that release's bundle. */
async function passesWhole(input: SuiteInput, cited = 'src/'): Promise<void> {
  const loaded = loadSuite(input);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  const bundle = (c: { release?: string; source?: { document: string } }): boolean => c.release !== undefined && /^@anthropic-ai\/claude-code@\d+\.\d+\.\d+ cli\.js$/.test(c.source?.document ?? '');
  expect(loaded.suite.cases.filter((c) => !(c.source?.document.startsWith(cited) || bundle(c))).map((c) => c.id)).toEqual([]);
  const report = await runSuite(loaded.suite);
  const failures = Object.fromEntries(report.cases.map((c) => [c.id, c.failures.map((f) => `${f.what}: ${f.message}`)]));
  expect(failures).toEqual(Object.fromEntries(report.cases.map((c) => [c.id, []])));
  expect(report.passed).toBe(input.cases.length);
}

describe('Claude Code contract suites', () => {
  it('Edit: every case cites the Claude Code source and passes', () => passesWhole(editSuite));
  it('Write: every case cites the Claude Code source and passes', () => passesWhole(writeSuite));
  it('claude_code_MultiEdit: every case cites the 1.0.128 bundle and passes', () => passesWhole(claudeCodeMultiEditSuite, '@anthropic-ai/claude-code@1.0.128 '));
});
