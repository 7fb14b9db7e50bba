// `edit-playground test --browser`: the suites run inside Chromium, in the app's production
// build served on a free loopback port. Every case goes to the page's automation API
// (src/app/automation/automation.ts, `?automation=1`), which hands it to the engine worker: a
// fresh OPFS folder from the case's `given`, the call staged and committed there by the same
// backend and commit a user's save goes through, the files read back, and the runner's own
// checks (src/contracts/assertions.ts). One browser, one page, cases in sequence, so `max_ms`
// measures one case and a report reads in the suite's order.

import { existsSync } from 'node:fs';
import type { CaseReport, SuiteReport } from '../contracts/runner';
import type { Suite } from '../contracts/suite-schema';
import { CHROMIUM_ARGS, loadPlaywright, type BrowserLike, type PageLike, type PlaywrightLoad } from './browser-chromium';
import { startAppServer, type AppServer } from './serve-command';
import { errorMessage } from '../engine/helpers';

/** A case the worker does not answer within this time is that case's failure (the worker is replaced). */
export const CASE_TIMEOUT_MS = 30_000;
const PAGE_READY_MS = 30_000;

export interface BrowserRunOptions {
  chromiumPath: string;
  /** The app build to serve (default: the package's own dist/). */
  appDir?: string;
  /** Called after each case, for progress. */
  onCase?: (suite: string, report: CaseReport) => void;
  /** Uncaught errors of the page: printed, never hidden. */
  onPageError?: (message: string) => void;
  load?: () => Promise<PlaywrightLoad>;
}

export type BrowserRunError = { code: 'NO_PLAYWRIGHT' | 'NO_CHROMIUM' | 'NO_APP_BUILD' | 'LAUNCH'; message: string };

export type BrowserRun = { ok: true; reports: SuiteReport[] } | { ok: false; error: BrowserRunError };

/** What the page's automation API answers (the shape of automation.ts's `Answer<CaseReport>`). */
type CaseAnswer = { ok: true; value: CaseReport } | { ok: false; code: string; message: string };

export async function runSuitesInBrowser(suites: readonly Suite[], options: BrowserRunOptions): Promise<BrowserRun> {
  const loaded = await (options.load ?? loadPlaywright)();
  if (!loaded.ok) return { ok: false, error: { code: 'NO_PLAYWRIGHT', message: loaded.message } };
  if (!existsSync(options.chromiumPath)) {
    return { ok: false, error: { code: 'NO_CHROMIUM', message: `no Chromium at ${options.chromiumPath}: install it (Debian: apt-get install chromium) or give its path with --chromium PATH` } };
  }
  const served = await startAppServer({ port: 0, ...(options.appDir !== undefined && { dir: options.appDir }) });
  if (!served.ok) {
    const code = served.error.code === 'NO_APP_BUILD' ? 'NO_APP_BUILD' : 'LAUNCH';
    return { ok: false, error: { code, message: served.error.message } };
  }
  const server = served.server;
  let browser: BrowserLike | undefined;
  try {
    try {
      browser = await loaded.playwright.chromium.launch({ executablePath: options.chromiumPath, args: [...CHROMIUM_ARGS], headless: true });
    } catch (error) {
      return { ok: false, error: { code: 'LAUNCH', message: `Chromium at ${options.chromiumPath} did not start: ${firstLine(error)}` } };
    }
    const page = await openApp(browser, server, options);
    if (!page.ok) return page;
    const reports: SuiteReport[] = [];
    for (const suite of suites) reports.push(await runSuiteInPage(page.page, suite, options.onCase));
    return { ok: true, reports };
  } finally {
    await browser?.close().catch(() => undefined);
    await server.close();
  }
}

async function openApp(browser: BrowserLike, server: AppServer, options: BrowserRunOptions): Promise<{ ok: true; page: PageLike } | { ok: false; error: BrowserRunError }> {
  try {
    const page = await browser.newPage();
    page.on('pageerror', (error) => options.onPageError?.(error.message));
    await page.goto(`${server.url}?automation=1`, { waitUntil: 'load' });
    await page.waitForFunction('window.editPlaygroundAutomation !== undefined', undefined, { timeout: PAGE_READY_MS });
    return { ok: true, page };
  } catch (error) {
    return { ok: false, error: { code: 'LAUNCH', message: `the app at ${server.url} did not offer its automation API (?automation=1): ${firstLine(error)}` } };
  }
}

async function runSuiteInPage(page: PageLike, suite: Suite, onCase: BrowserRunOptions['onCase']): Promise<SuiteReport> {
  const started = performance.now();
  const cases: CaseReport[] = [];
  for (const c of suite.cases) {
    const report = await runCaseInPage(page, suite, c.id, c.title);
    cases.push(report);
    onCase?.(suite.suite, report);
  }
  const passed = cases.filter((r) => r.passed).length;
  return { suite: suite.suite, passed, failed: cases.length - passed, ms: performance.now() - started, cases };
}

async function runCaseInPage(page: PageLike, suite: Suite, caseId: string, title: string): Promise<CaseReport> {
  const started = performance.now();
  let answer: CaseAnswer;
  try {
    answer = await page.evaluate(
      ([s, id, timeoutMs]) => {
        const api = (window as unknown as { editPlaygroundAutomation: { runCaseInOpfs(suite: unknown, caseId: string, o: { timeoutMs: number }): Promise<CaseAnswer> } }).editPlaygroundAutomation;
        return api.runCaseInOpfs(s, id, { timeoutMs });
      },
      [suite, caseId, CASE_TIMEOUT_MS] as const,
    );
  } catch (error) {
    answer = { ok: false, code: 'PAGE', message: firstLine(error) };
  }
  if (answer.ok) return answer.value;
  // The shape of the runner's own crashed case, so both runners report it alike.
  const message = `${answer.code}: ${answer.message}`;
  const source = suite.cases.find((c) => c.id === caseId)?.source;
  return {
    id: caseId,
    title,
    ...(source && { source }),
    passed: false,
    failures: [{ what: 'run', expected: 'the case to run', actual: message, message: `the case crashed: ${message}` }],
    ms: performance.now() - started,
    outcome: null,
  };
}

function firstLine(error: unknown): string {
  return errorMessage(error).split('\n')[0] ?? '';
}
