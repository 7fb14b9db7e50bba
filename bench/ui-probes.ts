import type { Page } from '@playwright/test';

// What the UI benchmarks install in the page before any page script: when the composer becomes
// usable, when Monaco is in, and the long tasks (bench/ui-bench.ts, bench/ui-loads.ts).

/**
 * tsx compiles this file with esbuild's keepNames, which wraps named inner functions in
 * `__name(fn, "name")`; functions handed to the page are serialised with those calls in them, so
 * the page gets a `__name` that does nothing.
 */
export const KEEP_NAMES_SHIM = 'globalThis.__name = globalThis.__name || ((fn) => fn);';

/**
 * What the probes log (console.debug) when the composer becomes usable and when Monaco is in.
 * The first-visit measurements wait for these messages instead of polling the page: polling
 * (`page.waitForFunction`) injects Playwright's script into the page, ~45 ms of the main thread
 * (under load) that landed in the middle of the first screen and counted in its figure.
 * Console messages reach Playwright over the DevTools protocol, with nothing run in the page.
 */
export const PROBE_LOG = { composer: 'edit-playground bench: composer usable', monaco: 'edit-playground bench: Monaco in' } as const;

/** Resolves when the page's probes log `which`; call it before the navigation it follows. */
export function probeLogged(page: Page, which: keyof typeof PROBE_LOG, timeout: number): Promise<unknown> {
  return page.waitForEvent('console', { predicate: (m) => m.text() === PROBE_LOG[which], timeout });
}

/** Installed before any page script: records when the composer becomes usable, and long tasks. */
export function installProbes(): void {
  const w = window as unknown as { __bench: { composerReady: number | null; monacoReady: number | null; longTasks: { start: number; duration: number }[] } };
  w.__bench = { composerReady: null, monacoReady: null, longTasks: [] };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__bench.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // longtask unsupported: the bench reports it as not measured
  }
  // Usable: a call can be typed or pasted (the plain text area shown until Monaco is in, or
  // Monaco), Run is enabled (the workspace is open and no check of the worker's refused the text;
  // Run pressed before the first check re-checks, then runs) and the sandbox is listed.
  const ready = (): boolean => {
    const call = document.querySelector('section[aria-label="Call"]');
    const editor = call?.querySelector('textarea[aria-label="Call (JSON)"], .monaco-editor .view-lines .view-line');
    const run = call?.querySelector('button[aria-label="Run"]');
    const listed = document.querySelector('[role="treeitem"]');
    return Boolean(editor && run && !(run as HTMLButtonElement).disabled && listed);
  };
  // PROBE_LOG's texts (this function is serialised into the page: it cannot read the constant).
  const check = (): void => {
    if (w.__bench.composerReady === null && ready()) {
      w.__bench.composerReady = performance.now();
      console.debug('edit-playground bench: composer usable');
    }
    if (w.__bench.monacoReady === null && document.querySelector('section[aria-label="Call"] .monaco-editor .view-lines .view-line')) {
      w.__bench.monacoReady = performance.now();
      console.debug('edit-playground bench: Monaco in');
    }
    if (w.__bench.composerReady !== null && w.__bench.monacoReady !== null) observer.disconnect();
  };
  const observer = new MutationObserver(check);
  const start = (): void => observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
  if (document.documentElement) start();
  else document.addEventListener('readystatechange', start, { once: true });
}
