import { expect, test } from './fixtures.ts';
import { presetCall, runCall } from './support/calls';

// A 10,000-edit call on a 100k-line file: what the page shows of a run at scale. Only what users
// see is asserted here; how fast it is belongs to the UI benchmark (bench/ui-bench.ts).

const LINES = 100_000;
const EDITS = 10_000;
const serial = (n: number): string => String(n).padStart(6, '0');

/** Line n (1-based) of the file: `line 000001 value_000001`. */
const fileText = (): string => Array.from({ length: LINES }, (_, i) => `line ${serial(i + 1)} value_${serial(i + 1)}`).join('\n') + '\n';

/** Edit k renames the value on line 10k + 6: one changed line every ten, so every hunk stands alone. */
const SCALE_CALL = {
  path: '/samples/scale.txt',
  edits: Array.from({ length: EDITS }, (_, k) => ({ old_string: `value_${serial(10 * k + 6)}`, new_string: `VALUE_${serial(10 * k + 6)}` })),
};

test.describe('at scale', () => {
  test('a 10,000-edit run streams its progress, then its diff comes in pages and its stages step one by one', async ({ page }) => {
    test.setTimeout(120_000);
    await presetCall(page, 'multi_edit_text_file', SCALE_CALL);
    await page.goto('/');
    await expect(page.getByRole('treeitem', { name: 'samples' })).toBeVisible({ timeout: 15_000 });
    await page.evaluate(async (text) => {
      const root = await navigator.storage.getDirectory();
      // The tree lists the sample before its writes are done (src/workspace/seeding.ts): the folders may not be there yet.
      const samples = await (await root.getDirectoryHandle('sandbox', { create: true })).getDirectoryHandle('samples', { create: true });
      const writable = await (await samples.getFileHandle('scale.txt', { create: true })).createWritable();
      await writable.write(text);
      await writable.close();
    }, fileText());
    await page.reload();

    const run = page.getByRole('region', { name: 'Call' }).getByRole('button', { name: 'Run', exact: true });
    await expect(run).toBeEnabled({ timeout: 30_000 });
    await run.click();
    // The worker reports how far it is while it stages (at most every 80 ms). The first label comes
    // once the worker has loaded the engine, read the file and checked the call: seconds on a
    // busy machine, hence the generous wait (it says nothing about speed; bench:ui measures that).
    await expect(page.getByRole('status', { name: 'Run status' })).toHaveText(/^(Staging edit [\d,]+ of 10,000|Building the diff)$/, { timeout: 30_000 });
    const result = page.getByRole('region', { name: 'Result' });
    await expect(result.getByText('Success', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(result.getByLabel('Result JSON')).toContainText('"applied_count": 10000');
    // 10,000 line ranges: the first 50 edits get links, the rest are counted.
    await expect(result.getByRole('region', { name: 'Line ranges' }).getByRole('group')).toHaveCount(50);
    await expect(result.getByText('and 9,950 more edits; the Stages tab steps through every one.')).toBeVisible();

    // The diff of a 100k-line file is an excerpt in pages of hunks, with real line numbers.
    await expect(page.getByLabel('10000 lines added, 10000 lines removed')).toBeVisible();
    const note = page.getByRole('note').filter({ hasText: 'A large file: only the changed regions are shown' });
    await expect(note).toContainText(/\(hunks 1–\d+ of 10,000\)/);
    const pages = page.getByRole('group', { name: 'Diff pages' });
    await expect(pages).toContainText(/^Previous hunksPage 1 of \d+Next hunks$/);
    const pageCount = Number(/Page 1 of (\d+)/.exec((await pages.textContent()) ?? '')?.[1]);
    expect(pageCount).toBeGreaterThan(10);
    const diff = page.getByRole('region', { name: 'Diff of /samples/scale.txt' });
    await expect(diff.getByText('line 000006 VALUE_000006', { exact: true })).toBeVisible({ timeout: 20_000 });
    await pages.getByRole('button', { name: 'Next hunks' }).click();
    await expect(pages).toContainText(`Page 2 of ${pageCount}`);
    await expect(note).toContainText(/\(hunks \d+–\d+ of 10,000\)/);
    await expect(diff.getByText('line 000006 VALUE_000006', { exact: true })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screens/scale-diff.png' });

    // Unified diff: the first 5,000 lines are shown, the copy has them all.
    await page.getByRole('button', { name: 'Unified diff' }).click();
    await expect(page.getByText('Showing the first 5,000 of 90,002 lines; Copy diff copies all of them.')).toBeVisible();
    await page.getByRole('button', { name: 'Unified diff' }).click();

    // Stages: a window of step buttons around the current stage, each stage one step away.
    await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Stages' }).click();
    await expect(page.getByRole('region', { name: 'Content after edit 0' }).locator('mark')).toHaveText('VALUE_000006');
    await expect(page.getByRole('list', { name: 'Steps' }).getByRole('button')).toHaveCount(41);
    await page.getByRole('button', { name: 'Next step' }).click();
    await expect(page.getByRole('region', { name: 'Content after edit 1' }).locator('mark')).toHaveText('VALUE_000016');
    await expect(page.getByText('Edit 1 replaced "value_000016" with "VALUE_000016" at line 16')).toBeVisible();
    await page.getByRole('slider', { name: 'Step' }).press('End');
    await expect(page.getByRole('region', { name: 'Content after edit 9999' }).locator('mark')).toHaveText('VALUE_099996');
    await expect(page.getByText('Edit 9999 replaced "value_099996" with "VALUE_099996" at line 99996')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/scale-stages.png' });
  });

  test('Monaco colours a file only in the languages on screen, loaded when first needed', async ({ page, guard }) => {
    await presetCall(page, 'MultiEdit', { file_path: '/src/main.go', edits: [{ old_string: 'userCount', new_string: 'activeUserCount', replace_all: true }] });
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Call' }).locator('.monaco-editor .view-lines')).toBeVisible();
    const languageChunk = (name: string): boolean => guard.requests.some((u) => new RegExp(`/assets/${name}-[\\w-]+\\.js$`).test(u));
    // The composer needs JSON only; no workspace language has been asked for yet.
    expect(languageChunk('go')).toBe(false);
    expect(guard.requests.some((u) => /\/assets\/(ts|css|html)\.worker-/.test(u))).toBe(false);

    await runCall(page);
    const diff = page.getByRole('region', { name: 'Diff of /src/main.go' });
    await expect(diff.getByText('activeUserCount').first()).toBeVisible();
    // Go's tokenizer colours the keywords once its chunk is in.
    await expect(diff.locator('.editor.modified .view-line span[class*="mtk"]:not(.mtk1)').first()).toBeVisible();
    expect(languageChunk('go')).toBe(true);
    expect(languageChunk('python')).toBe(false);
    expect(languageChunk('abap')).toBe(false);
  });
});
