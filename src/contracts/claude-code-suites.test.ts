// The built-in `Edit` and `Write` contract suites (Claude Code 2.1.88's behaviour) and the
// `claude_code_MultiEdit` suite (Claude Code 1.0.128's MultiEdit) load and pass whole.

import { describe, expect, it } from 'vitest';
import { runSuite } from './runner';
import { loadSuite, type SuiteInput } from './suite-schema';
import { builtinSuite } from './builtin';

const editSuite = builtinSuite('Edit')!.suite;
const writeSuite = builtinSuite('Write')!.suite;
const claudeCodeMultiEditSuite = builtinSuite('claude_code_MultiEdit')!.suite;

async function passesWhole(input: SuiteInput, cited = 'src/'): Promise<void> {
  const loaded = loadSuite(input);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  expect(loaded.suite.cases.every((c) => c.source?.document.startsWith(cited))).toBe(true);
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
