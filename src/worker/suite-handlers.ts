// The worker's suites/* requests: the built-in suites, the composer's examples, running and
// validating a suite.

import { parseEnvelope } from '../engine/envelope';
import { BUILTIN_SUITES, builtinSuite } from '../contracts/builtin';
import { runSuite } from '../contracts/runner';
import { loadSuite, loadSuiteText, type SuiteIssue } from '../contracts/suite-schema';
import type { Handlers } from './handler';
import type { CallExample, SuiteSummary } from './protocol';
import { RequestError } from './request-error';

export function issuesText(errors: SuiteIssue[]): string {
  return errors.map((e) => `${e.path}: ${e.message}`).join('\n');
}

function suiteSummary(name: string, builtin: boolean, isDefault: boolean, json: unknown): SuiteSummary {
  const loaded = loadSuite(json);
  if (!loaded.ok) throw new RequestError('SUITE', issuesText(loaded.errors));
  const s = loaded.suite;
  return { name, builtin, default: isDefault, suite: s.suite, profile: s.profile ?? 'per case', cases: s.cases.map((c) => ({ id: c.id, title: c.title })) };
}

type SuiteRequest = 'suites/list' | 'suites/examples' | 'suites/run' | 'suites/validate' | 'suites/get';

export const suiteHandlers: Handlers<SuiteRequest> = {
  async 'suites/list'() {
    return BUILTIN_SUITES.map((b) => suiteSummary(b.name, true, b.default, b.suite));
  },

  async 'suites/examples'() {
    const examples: CallExample[] = [];
    for (const b of BUILTIN_SUITES) {
      if (!b.default) continue;
      const loaded = loadSuite(b.suite);
      if (!loaded.ok) continue;
      for (const c of loaded.suite.cases) {
        const parsed = parseEnvelope(c.when, c.profile ?? loaded.suite.profile ?? null);
        if (!parsed.ok || parsed.call.profile === null) continue;
        examples.push({ suite: b.name, caseId: c.id, title: c.title, profile: parsed.call.profile, text: JSON.stringify(c.when, null, 2) });
      }
    }
    return examples;
  },

  async 'suites/run'({ suite, caseId }, progress) {
    const loaded = loadSuite(suite);
    if (!loaded.ok) throw new RequestError('SUITE', issuesText(loaded.errors));
    return runSuite(loaded.suite, { ...(caseId !== undefined && { caseId }), onProgress: progress });
  },

  async 'suites/validate'({ json, text }) {
    const loaded = text !== undefined ? loadSuiteText(text) : loadSuite(json);
    if (!loaded.ok) return { ok: false, errors: loaded.errors.map((e) => `${e.path}: ${e.message}`), issues: loaded.errors };
    return { ok: true, summary: suiteSummary(loaded.suite.suite, false, false, loaded.suite) };
  },

  async 'suites/get'({ name }) {
    const found = builtinSuite(name);
    if (!found) throw new RequestError('SUITE', `No built-in suite named ${name}. Built-in suites: ${BUILTIN_SUITES.map((b) => b.name).join(', ')}.`);
    return found.suite;
  },
};
