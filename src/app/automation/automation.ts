// The page's automation API, installed on `window.editPlaygroundAutomation` only when the URL asks
// for it (`?automation=1`): the way in for `edit-playground test --browser`. It is real app code on
// the page's one engine client (the same worker, OPFS and commit the UI uses), not a test stub,
// and it is loaded only on request, so a normal page load carries none of it.
//
// A request that fails answers a value with a code and a message, never a rejected promise: the
// caller (Node, through Playwright) reports it as that case's failure and goes on.

import type { CaseReport } from '../../contracts/runner';
import { EngineError, WorkerStopped, type EngineClient } from '../../worker/client';
import { errorMessage } from '../../engine/helpers';

export const AUTOMATION_GLOBAL = 'editPlaygroundAutomation';
export const AUTOMATION_VERSION = 1;

export type Answer<T> = { ok: true; value: T } | { ok: false; code: string; message: string };

export interface AutomationApi {
  version: typeof AUTOMATION_VERSION;
  /**
   * Run case `caseId` of `suite` (suite JSON) in a fresh OPFS folder of its own, through the
   * engine worker and the app's commit; the open workspace and the UI are left alone.
   */
  runCaseInOpfs(suite: unknown, caseId: string, options?: { timeoutMs?: number }): Promise<Answer<CaseReport>>;
}

export function automationApi(engine: EngineClient): AutomationApi {
  return {
    version: AUTOMATION_VERSION,
    async runCaseInOpfs(suite, caseId, options = {}) {
      try {
        const value = await engine.request('contracts/run-in-opfs', { suite, caseId }, { ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }) });
        return { ok: true, value };
      } catch (error) {
        const code = error instanceof EngineError || error instanceof WorkerStopped ? error.code : 'INTERNAL';
        return { ok: false, code, message: errorMessage(error) };
      }
    },
  };
}

export function installAutomation(engine: EngineClient, target: object = window): void {
  Object.defineProperty(target, AUTOMATION_GLOBAL, { value: automationApi(engine), configurable: true });
}
