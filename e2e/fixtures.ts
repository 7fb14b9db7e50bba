import { expect, test as base, type Browser, type BrowserContext, type ConsoleMessage, type Page } from '@playwright/test';

// Every spec imports `test` from here, so every page is guarded: the app must work fully
// offline (no CDN, no telemetry) and must not log errors. Violations are recorded while
// the test runs and fail it at teardown, even if the spec never looks at them.

export interface GuardRecord {
  /** Every request URL any page of the context made, in order. */
  requests: string[];
  /** Requests (and websockets) whose host is not loopback. */
  offsiteRequests: string[];
  /** Text of console messages of type 'error'. */
  consoleErrors: string[];
  /** Uncaught exceptions thrown in the page. */
  pageErrors: string[];
}

interface GuardOptions {
  /** Console errors a spec deliberately provokes; matched against the message text. */
  expectedConsoleErrors: RegExp[];
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1']);
// Schemes that never touch the network.
const LOCAL_SCHEMES = new Set(['data:', 'blob:', 'about:']);

export function isLocalUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (LOCAL_SCHEMES.has(parsed.protocol)) return true;
  return LOOPBACK_HOSTS.has(parsed.hostname);
}

/** Record what `page` (and every request of `context`) does that the guard forbids. */
export function watch(context: BrowserContext, page: Page, expectedConsoleErrors: RegExp[] = [], record: GuardRecord = { requests: [], offsiteRequests: [], consoleErrors: [], pageErrors: [] }): GuardRecord {
  // Listening on the context, not one page, also catches popups and worker requests.
  context.on('request', (request) => {
    const url = request.url();
    record.requests.push(url);
    if (!isLocalUrl(url)) record.offsiteRequests.push(url);
  });
  page.on('websocket', (socket) => {
    if (!isLocalUrl(socket.url())) record.offsiteRequests.push(socket.url());
  });
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (expectedConsoleErrors.some((pattern) => pattern.test(text))) return;
    const where = message.location().url;
    record.consoleErrors.push(where ? `${text} (${where})` : text);
  });
  page.on('pageerror', (error) => {
    record.pageErrors.push(error.stack ?? error.message);
  });
  return record;
}

export function expectClean(record: GuardRecord): void {
  expect(record.offsiteRequests, 'requests that left localhost').toEqual([]);
  expect(record.pageErrors, 'uncaught page errors').toEqual([]);
  expect(record.consoleErrors, 'console errors').toEqual([]);
}

/**
 * A second, fresh browser context (its own storage) guarded like the test's own page: a spec that
 * opens one (a share link in "another browser") gets it from here and calls `close` at its end.
 */
export async function guardedContext(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page; close(): Promise<void> }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const record = watch(context, page);
  return {
    context,
    page,
    async close() {
      await context.close();
      expectClean(record);
    },
  };
}

export const test = base.extend<GuardOptions & { guard: GuardRecord }>({
  expectedConsoleErrors: [[], { option: true }],

  guard: [
    async ({ context, page, expectedConsoleErrors }, use) => {
      const record = watch(context, page, expectedConsoleErrors);
      await use(record);
      expectClean(record);
    },
    { auto: true },
  ],
});

export { expect };
