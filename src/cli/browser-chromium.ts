// The Chromium `edit-playground test --browser` launches: Debian's by default, never a download.
// The --disable-* flags stop Chromium's background traffic, which the closed network refuses (and
// which the e2e network guard would otherwise have to tell apart from the app's). The e2e suite
// and the UI benchmark launch theirs with the same path and flags (e2e/support/chromium.ts).

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_ARGS: string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The part of playwright-core (or playwright) the runner uses; any version with this API will do. */
export interface PlaywrightLike {
  chromium: {
    launch(options: { executablePath: string; args: string[]; headless: boolean }): Promise<BrowserLike>;
  };
}

export interface BrowserLike {
  newPage(): Promise<PageLike>;
  close(): Promise<void>;
}

export interface PageLike {
  goto(url: string, options?: { waitUntil?: 'load' }): Promise<unknown>;
  waitForFunction(fn: string, arg?: undefined, options?: { timeout: number }): Promise<unknown>;
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  on(event: 'pageerror', listener: (error: Error) => void): unknown;
}

export type PlaywrightLoad = { ok: true; playwright: PlaywrightLike } | { ok: false; message: string };

export const NO_PLAYWRIGHT = 'install playwright-core to use --browser (npm install --save-dev playwright-core); it is an optional peer dependency of edit-playground, and no browser is downloaded: Chromium comes from --chromium PATH';

/**
 * playwright-core, loaded only for --browser: the package bundles nothing of it (an optional
 * peer dependency), so every other command starts without it. `playwright` (which @playwright/test
 * brings) has the same launcher and is tried second.
 */
export async function loadPlaywright(names: readonly string[] = ['playwright-core', 'playwright']): Promise<PlaywrightLoad> {
  for (const name of names) {
    try {
      const module = (await import(name)) as Partial<PlaywrightLike> & { default?: Partial<PlaywrightLike> };
      const chromium = module.chromium ?? module.default?.chromium;
      if (chromium !== undefined) return { ok: true, playwright: { chromium } };
    } catch {
      // Not installed: try the next name.
    }
  }
  return { ok: false, message: NO_PLAYWRIGHT };
}
