import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { builtinSuite } from '../contracts/builtin';
import { loadSuite } from '../contracts/suite-schema';
import { loadPlaywright, NO_PLAYWRIGHT } from './browser-chromium';
import { runSuitesInBrowser } from './browser-runner';
import { run, tempDir } from '../../tests/support/cli-run';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

describe('edit-playground test --browser: the command line', () => {
  it('--chromium and --app go with --browser only', async () => {
    for (const flag of ['--chromium', '--app']) {
      const r = await run(['test', flag, '/x'], { cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`${flag} goes with --browser`);
    }
  });

  it('a Chromium that is not there is a usage error naming the path and --chromium', async () => {
    const r = await run(['test', 'edit_text_file', '--browser', '--chromium', 'no/such/chromium'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`no Chromium at ${dir}/no/such/chromium`);
    expect(r.stderr).toContain('--chromium PATH');
    expect(r.stdout).toBe('');
  });

  it('an invalid suite file is reported before any browser starts', async () => {
    const r = await run(['test', 'missing.json', '--browser', '--chromium', '/nowhere'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no built-in suite named "missing.json"');
  });

  it('--help names --browser, --chromium and --app', async () => {
    const r = await run(['test', '--help'], { cwd: dir });
    expect(r.stdout).toMatch(/--browser/);
    expect(r.stdout).toMatch(/--chromium PATH/);
    expect(r.stdout).toMatch(/--app DIR/);
  });
});

describe('playwright-core is an optional peer dependency', () => {
  it('without it, the error says to install it', async () => {
    expect(await loadPlaywright(['edit-playground-no-such-module'])).toEqual({ ok: false, message: NO_PLAYWRIGHT });
    expect(NO_PLAYWRIGHT).toMatch(/^install playwright-core to use --browser/);
  });

  it('a checkout has it (through @playwright/test), with its Chromium launcher', async () => {
    const loaded = await loadPlaywright();
    expect(loaded.ok && typeof loaded.playwright.chromium.launch).toBe('function');
  });

  it('the runner answers the error as a value, before looking for Chromium or serving the app', async () => {
    const loaded = loadSuite(builtinSuite('edit_text_file')!.suite);
    if (!loaded.ok) throw new Error('the built-in suite is invalid');
    const ran = await runSuitesInBrowser([loaded.suite], { chromiumPath: '/nowhere', load: async () => ({ ok: false, message: NO_PLAYWRIGHT }) });
    expect(ran).toEqual({ ok: false, error: { code: 'NO_PLAYWRIGHT', message: NO_PLAYWRIGHT } });
  });
});
