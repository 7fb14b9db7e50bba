import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Download, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// The contracts journey: run the built-in suites in the worker, read a failure (expected against
// actual), load suite files (and refuse bad ones clearly), export suites the CLI accepts, open a
// case in memory without touching the sandbox, and save a run as a case.

interface CliReport {
  passed: number;
  failed: number;
  suites: { suite: string; passed: number; failed: number }[];
}

/** The CLI is the reference: the panel must report what `edit-playground test` reports. */
function cliTest(...args: string[]): { status: number | null; report: CliReport | null; stderr: string } {
  const run = spawnSync(process.execPath, ['bin/edit-playground.mjs', 'test', ...args, '--reporter', 'json'], { encoding: 'utf8' });
  let report: CliReport | null = null;
  try {
    report = JSON.parse(run.stdout) as CliReport;
  } catch {
    report = null;
  }
  return { status: run.status, report, stderr: run.stderr };
}

const defaults = cliTest();
const seed = cliTest('seed-examples');

async function openContracts(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('tab', { name: 'Contracts' }).click();
  await expect(page.getByRole('list', { name: 'Built-in suites' })).toBeVisible();
}

/** The text of a sandbox file, read from the browser's private storage (not through the app). */
async function sandboxFile(page: Page, path: string): Promise<string | null> {
  return page.evaluate(async (p) => {
    try {
      let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('sandbox');
      const parts = p.split('/');
      for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part);
      return await (await (await dir.getFileHandle(parts.at(-1)!)).getFile()).text();
    } catch {
      return null;
    }
  }, path);
}

async function saveDownload(download: Download): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'contracts-e2e-'));
  const path = join(dir, download.suggestedFilename());
  await download.saveAs(path);
  return path;
}

test.describe('contracts panel', () => {
  test('Run all passes every default built-in suite, as the CLI does', async ({ page }) => {
    expect(defaults.status, defaults.stderr).toBe(0);
    const total = defaults.report!.passed;
    expect(total).toBeGreaterThan(0);

    await openContracts(page);
    await expect(page.getByText('spec checker — fails by design, see SPEC 9')).toBeVisible();
    await page.getByRole('button', { name: 'Run all' }).click();
    await expect(page.getByRole('status').filter({ hasText: `${total} passed, 0 failed` })).toBeVisible({ timeout: 20_000 });

    const builtins = page.getByRole('list', { name: 'Built-in suites' });
    for (const suite of defaults.report!.suites) {
      const item = builtins.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Run suite ${suite.suite}`, exact: true }) });
      await expect(item.first()).toContainText(`${suite.passed} passed, 0 failed of ${suite.passed}`);
    }
    // Run all leaves the spec checker alone: it fails by design.
    const checker = builtins.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Run suite seed-examples' }) });
    await expect(checker).not.toContainText('failed of');

    // Every case of a suite shows its own mark.
    await page.getByRole('button', { name: 'edit_text_file', exact: true }).click();
    const cases = page.getByRole('list', { name: 'Cases of edit_text_file' }).getByRole('listitem');
    await expect(cases).toHaveCount(defaults.report!.suites.find((s) => s.suite === 'edit_text_file')!.passed);
    for (const row of await cases.all()) await expect(row).toContainText('passed');
  });

  test('seed-examples shows each failure with expected against actual', async ({ page }) => {
    const failed = seed.report!.failed;
    expect(failed).toBeGreaterThan(0);
    await openContracts(page);
    await page.getByRole('button', { name: 'Run suite seed-examples' }).click();
    await expect(page.getByRole('status').filter({ hasText: `0 passed, ${failed} failed` })).toBeVisible({ timeout: 20_000 });

    const cases = page.getByRole('list', { name: 'Cases of seed-examples' });
    await expect(cases.getByRole('listitem').filter({ hasText: 'failed' })).toHaveCount(failed);

    // A text comparison: the document's diff fragment against the real diff, as a line diff.
    await cases.getByRole('button', { name: /^SPEC-9\.2\b/ }).click();
    const details = page.getByRole('dialog', { name: /seed-examples › SPEC-9\.2/ });
    await expect(details).toBeVisible();
    await expect(details).toContainText('multi_edit_text_file.contract.md — Example Response');
    await expect(details.getByRole('region', { name: 'Failures' })).toContainText('diff.contains');
    const diff = details.getByLabel('Line diff, expected against actual');
    await expect(diff).toContainText('- @@ -2,3 +2,3 @@');
    await expect(diff).toContainText('+ @@ -1,6 +1,6 @@');

    // A value comparison: the line number the document claims against the one the engine reports.
    await cases.getByRole('button', { name: /^SPEC-9\.1\b/ }).click();
    const first = page.getByRole('dialog', { name: /SPEC-9\.1/ });
    await expect(first).toContainText('result.line_ranges[1].start: expected 4, got 2');
    await expect(first.getByRole('region', { name: 'Failures' }).getByRole('definition').first()).toHaveText('4');

    await cases.getByRole('button', { name: /^SPEC-9\.4\b/ }).click();
    await expect(page.getByRole('dialog', { name: /SPEC-9\.4/ })).toContainText('the diff does not contain "- port = 8080"');
    await page.screenshot({ path: 'test-results/screens/contracts.png' });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('loading suite files: clear errors for bad ones, a good one runs', async ({ page }) => {
    await openContracts(page);
    const load = async (name: string, text: string) => {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Load suite…' }).click();
      await (await chooser).setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
    };

    await load(
      'misspelt.json',
      JSON.stringify({ version: 1, suite: 'bad', cases: [{ id: 'a', title: 't', when: {}, thn: {}, given: { files: { 'a.txt': 'x' } } }] }),
    );
    const panel = page.getByRole('tabpanel', { name: 'Contracts' });
    const alert = panel.getByRole('alert');
    await expect(alert).toContainText('misspelt.json is not a valid suite');
    await expect(alert).toContainText('cases[0].thn: unknown field "thn"');
    await expect(alert).toContainText('paths in a suite are call paths and must be absolute');

    await load('broken.json', '{\n  "version": 1,\n  "suite": "x",\n}');
    await expect(alert).toContainText(/not valid JSON: .*line 4, column 1/);

    const good = {
      version: 1,
      suite: 'loaded suite',
      profile: 'edit_text_file',
      cases: [
        {
          id: 'L1',
          title: 'replace a word',
          given: { files: { '/a.txt': 'hello world\n' } },
          when: { path: '/a.txt', old_string: 'world', new_string: 'there' },
          then: { result: { success: true }, files: { '/a.txt': 'hello there\n' } },
        },
      ],
    };
    await load('good.json', JSON.stringify(good));
    await expect(alert).toHaveCount(0);
    const mine = page.getByRole('list', { name: 'Your suites' });
    await expect(mine).toContainText('loaded suite');
    await expect(mine).toContainText('loaded from good.json');
    await mine.getByRole('button', { name: 'Run case L1' }).click();
    await expect(page.getByRole('status').filter({ hasText: '1 passed, 0 failed' })).toBeVisible();

    // A suite file dropped onto the panel loads the same way.
    const dropped = { ...good, suite: 'dropped suite' };
    const dataTransfer = await page.evaluateHandle((text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'dropped.json', { type: 'application/json' }));
      return dt;
    }, JSON.stringify(dropped));
    await panel.getByText('Drop a suite .json file here').dispatchEvent('drop', { dataTransfer });
    await expect(mine).toContainText('dropped suite');

    // Loaded suites are kept across reloads (validated again on load).
    await page.reload();
    await page.getByRole('tab', { name: 'Contracts' }).click();
    await expect(page.getByRole('list', { name: 'Your suites' })).toContainText('loaded suite');
    await expect(page.getByRole('list', { name: 'Your suites' })).toContainText('dropped suite');
  });

  test('an exported built-in suite is a file the CLI accepts', async ({ page }) => {
    await openContracts(page);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export suite multi_edit_text_file' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('multi_edit_text_file.suite.json');
    const path = await saveDownload(download);
    expect(JSON.parse(readFileSync(path, 'utf8')).version).toBe(1);
    const cli = cliTest(path);
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.report!.failed).toBe(0);
    expect(cli.report!.passed).toBe(defaults.report!.suites.find((s) => s.suite === 'multi_edit_text_file')!.passed);
  });

  test('opening a case shows its files in memory; the sandbox stays as it was; the run saves as a case', async ({ page }) => {
    await openContracts(page);
    // The sandbox is seeded once the workspace opened.
    await expect.poll(() => sandboxFile(page, 'test/config.toml')).not.toBeNull();
    const before = await sandboxFile(page, 'test/config.toml');

    await page.getByRole('button', { name: 'multiedit', exact: true }).click();
    await page.getByRole('list', { name: 'Cases of multiedit' }).getByRole('button', { name: /^GO-TEST\b/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Open case' }).click();
    const banner = page.getByRole('region', { name: 'Open case' });
    await expect(banner).toContainText('multiedit › GO-TEST');

    // The case's given file, not the sandbox's files.
    await banner.getByRole('button', { name: 'Show its files' }).click();
    const tree = page.getByRole('tree', { name: 'Files' });
    await expect(tree.getByRole('treeitem', { name: /test_multiedit_final\.txt/ })).toBeVisible();
    await expect(tree.getByRole('treeitem', { name: /^src\b/ })).toHaveCount(0);

    // The case's call ran: its result can be saved as a case of the user's own.
    await page.getByRole('tab', { name: 'Contracts' }).click();
    const save = page.getByRole('button', { name: 'Save as case…' });
    await expect(save).toBeEnabled({ timeout: 15_000 });
    await save.click();
    const form = page.getByRole('form', { name: 'Save as case' });
    await form.getByLabel('Case title').fill('Go test, saved from a run');
    await form.getByRole('button', { name: 'Save case' }).click();
    const mine = page.getByRole('list', { name: 'Cases of My cases' });
    await expect(mine.getByRole('listitem')).toContainText('Go test, saved from a run');
    await expect(mine.getByRole('listitem')).toContainText('passed');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export suite My cases' }).click();
    const path = await saveDownload(await downloading);
    const cli = cliTest(path);
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.report!.passed).toBe(1);

    await page.getByRole('button', { name: 'Back to workspace' }).click();
    await expect(banner).toHaveCount(0);
    await page.getByRole('tab', { name: 'Files' }).click();
    await expect(page.getByRole('tree', { name: 'Files' }).getByRole('treeitem', { name: /^src\b/ })).toBeVisible();
    expect(await sandboxFile(page, 'test/config.toml')).toBe(before);
  });

  test("a case's release: shown in its details, opened in the composer as it, saved with it, and put back after", async ({ page }) => {
    await openContracts(page);
    // Gemini CLI 0.58.0 reworded the "0 occurrences" error (src/engine/profiles/gemini/releases.test.ts).
    const NEW_MISS =
      "Could not find an exact match for 'old_string' in '/main.py'. If previous edits modified the file or you are modifying lines outside your recent read window, please use ReadFile to inspect the target lines before retrying with an exact 'old_string'.";
    const suite = {
      version: 1,
      suite: 'by release',
      profile: 'replace',
      release: '0.58.0',
      cases: [
        {
          id: 'R1',
          title: 'a miss, as 0.58.0',
          given: { files: { '/main.py': 'print(1)\n' } },
          when: { file_path: '/main.py', instruction: 'test', old_string: 'print(2)', new_string: 'print(3)' },
          then: { error: { code: 'edit_no_occurrence_found', message: NEW_MISS } },
        },
      ],
    };
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Load suite…' }).click();
    await (await chooser).setFiles({ name: 'release.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(suite)) });
    const cases = page.getByRole('list', { name: 'Cases of by release' });
    await cases.getByRole('button', { name: 'Run case R1' }).click();
    await expect(page.getByRole('status').filter({ hasText: '1 passed, 0 failed' })).toBeVisible();
    await cases.getByRole('button', { name: /^R1\b/ }).click();
    await expect(page.getByRole('dialog').getByRole('definition').filter({ hasText: '0.58.0' })).toBeVisible();

    await page.getByRole('dialog').getByRole('button', { name: 'Open case' }).click();
    await expect(page.getByRole('region', { name: 'Open case' })).toContainText('by release › R1');
    const composer = page.getByRole('region', { name: 'Call' });
    await expect(composer.getByLabel('Release')).toHaveValue('0.58.0');
    await expect(page.getByRole('region', { name: 'Result' })).toContainText(NEW_MISS);

    const save = page.getByRole('button', { name: 'Save as case…' });
    await expect(save).toBeEnabled({ timeout: 15_000 });
    await save.click();
    await page.getByRole('form', { name: 'Save as case' }).getByRole('button', { name: 'Save case' }).click();
    await expect(page.getByRole('list', { name: 'Cases of My cases' }).getByRole('listitem')).toContainText('passed');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export suite My cases' }).click();
    const path = await saveDownload(await downloading);
    expect((JSON.parse(readFileSync(path, 'utf8')) as { cases: { release?: string }[] }).cases[0]!.release).toBe('0.58.0');
    const cli = cliTest(path);
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.report!.passed).toBe(1);

    // Back in the workspace, the composer runs replace as its default again.
    await page.getByRole('button', { name: 'Back to workspace' }).click();
    await composer.getByLabel('Profile').selectOption('replace');
    await expect(composer.getByLabel('Release')).toHaveValue('0.55.0');
  });

  test('a saved case from a failed call keeps the file it failed on', async ({ page }) => {
    await openContracts(page);
    const suite = {
      version: 1,
      suite: 'failing call',
      profile: 'edit_text_file',
      cases: [
        {
          id: 'F1',
          title: 'string not found',
          given: { files: { '/notes.txt': 'alpha\r\nbeta\r\n' } },
          when: { path: '/notes.txt', old_string: 'gamma', new_string: 'delta' },
          then: { error: { message: 'String not found in file: gamma' } },
        },
      ],
    };
    const dir = mkdtempSync(join(tmpdir(), 'contracts-e2e-'));
    writeFileSync(join(dir, 'failing.json'), JSON.stringify(suite));
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Load suite…' }).click();
    await (await chooser).setFiles(join(dir, 'failing.json'));
    await page.getByRole('list', { name: 'Cases of failing call' }).getByRole('button', { name: /^F1\b/ }).dblclick();
    await expect(page.getByRole('region', { name: 'Open case' })).toContainText('failing call › F1');

    const save = page.getByRole('button', { name: 'Save as case…' });
    await expect(save).toBeEnabled({ timeout: 15_000 });
    await save.click();
    await page.getByRole('form', { name: 'Save as case' }).getByRole('button', { name: 'Save case' }).click();
    await expect(page.getByRole('list', { name: 'Cases of My cases' }).getByRole('listitem')).toContainText('passed');
    await page.getByRole('list', { name: 'Cases of My cases' }).getByRole('button', { name: /^case-1\b/ }).click();
    const then = page.getByRole('dialog').getByText('Given: 1 file');
    await expect(then).toBeVisible();
  });
});
