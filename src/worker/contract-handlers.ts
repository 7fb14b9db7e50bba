// The worker's request for the browser contract runner (`edit-playground test --browser`): one
// case of a suite, in its own OPFS folder, staged and committed there (contract-opfs.ts), checked
// by the same runner and assertions as in Node. The open workspace and the kept runs are not
// touched, so the page a user is looking at stays as it was.

import { runCase } from '../contracts/runner';
import { loadSuite } from '../contracts/suite-schema';
import { opfsBackend } from './contract-opfs';
import type { Handlers } from './handler';
import { RequestError } from './request-error';

export const contractHandlers: Handlers<'contracts/run-in-opfs'> = {
  async 'contracts/run-in-opfs'({ suite, caseId }) {
    const loaded = loadSuite(suite);
    if (!loaded.ok) throw new RequestError('SUITE', loaded.errors.map((e) => `${e.path}: ${e.message}`).join('\n'));
    const testCase = loaded.suite.cases.find((c) => c.id === caseId);
    if (!testCase) throw new RequestError('SUITE', `No case ${caseId} in suite ${loaded.suite.suite}.`);
    return runCase(loaded.suite, testCase, opfsBackend);
  },
};
