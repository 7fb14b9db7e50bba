import { expect, test } from './fixtures.ts';
import { openAndRun as runCall } from './support/calls';

const BATCH = {
  description: 'Two files at once',
  edits: [
    { file_path: '/test/file.txt', old_string: 'line 2', new_string: 'LINE 2' },
    { file_path: '/test/config.toml', old_string: 'port = 8080', new_string: 'port = 3000' },
  ],
};

const CREATE = {
  file_path: '/tmp/aaa.txt',
  edits: [
    { old_string: '', new_string: 'AAA' },
    { old_string: 'AAA', new_string: 'BBB' },
    { old_string: 'BBB', new_string: 'CCC' },
  ],
};

test.describe('diff', () => {
  test('before any run it says how to get a diff', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('Run a call to see its diff')).toBeVisible();
  });

  test('one tab per touched file; inline toggle; unified text; switching and unmounting throw nothing', async ({ page }) => {
    await runCall(page, 'MultiEditBatch', BATCH);
    const files = page.getByRole('tablist', { name: 'Changed files' });
    await expect(files.getByRole('tab')).toHaveText(['/test/file.txt', '/test/config.toml']);
    await expect(files.getByRole('tab', { name: '/test/file.txt' })).toHaveAttribute('aria-selected', 'true');

    const diff = page.getByRole('region', { name: 'Diff of /test/file.txt' });
    await expect(diff.getByText('LINE 2', { exact: true })).toBeVisible();
    await expect(page.getByLabel('1 lines added, 1 lines removed')).toBeVisible();
    // Side by side: both editors are showing.
    await expect(diff.getByText('line 2', { exact: true })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/diff.png' });

    const inline = page.getByRole('button', { name: 'Inline' });
    await expect(inline).toHaveAttribute('aria-pressed', 'false');
    await inline.click();
    await expect(inline).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('/test/file.txt · original')).toHaveCount(0);
    await inline.click();
    await expect(inline).toHaveAttribute('aria-pressed', 'false');

    await files.getByRole('tab', { name: '/test/config.toml' }).click();
    await expect(page.getByRole('region', { name: 'Diff of /test/config.toml' }).getByText('port = 3000', { exact: true })).toBeVisible();

    const unified = page.getByRole('button', { name: 'Unified diff' });
    await unified.click();
    await expect(unified).toHaveAttribute('aria-pressed', 'true');
    const text = page.getByRole('region', { name: 'Unified diff of /test/config.toml' });
    await expect(text).toContainText('--- /test/config.toml');
    await expect(text).toContainText('-port = 8080');
    await expect(text).toContainText('+port = 3000');
    await unified.click();

    // Switching files and leaving the Diff tab replace and dispose models; the guard fixture fails
    // the test on any page error ("TextModel got disposed before DiffEditorWidget model got reset").
    for (let i = 0; i < 3; i++) {
      await files.getByRole('tab', { name: '/test/file.txt' }).click();
      await expect(page.getByRole('region', { name: 'Diff of /test/file.txt' }).getByText('LINE 2', { exact: true })).toBeVisible();
      await files.getByRole('tab', { name: '/test/config.toml' }).click();
      await expect(page.getByRole('region', { name: 'Diff of /test/config.toml' }).getByText('port = 3000', { exact: true })).toBeVisible();
      await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Stages' }).click();
      await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Diff' }).click();
    }
    await expect(page.getByRole('region', { name: 'Diff of /test/config.toml' }).getByText('port = 3000', { exact: true })).toBeVisible();
  });

  test('a created file is compared against empty and carries a badge', async ({ page }) => {
    await runCall(page, 'MultiEdit', CREATE);
    const tab = page.getByRole('tablist', { name: 'Changed files' }).getByRole('tab', { name: '/tmp/aaa.txt created' });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('New file: compared against empty')).toBeVisible();
    await expect(page.getByText('Empty (the file does not exist yet)')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Diff of /tmp/aaa.txt' }).getByText('CCC')).toBeVisible();
    await page.getByRole('button', { name: 'Unified diff' }).click();
    await expect(page.getByRole('region', { name: 'Unified diff of /tmp/aaa.txt' })).toContainText('--- /dev/null');
    await page.getByRole('button', { name: 'Unified diff' }).click();

    // A second run replaces the models under a live editor.
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Diff of /tmp/aaa.txt' }).getByText('CCC')).toBeVisible();
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.screenshot({ path: 'test-results/screens/diff-dark.png' });
  });

  test('a line range link in the result reveals those lines in the diff', async ({ page }) => {
    await runCall(page, 'multi_edit_text_file', {
      path: '/test/config.toml',
      edits: [{ old_string: 'debug = false', new_string: 'debug = true' }],
    });
    await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Stages' }).click();
    await page.getByRole('region', { name: 'Line ranges' }).getByRole('button', { name: 'Lines 6–6' }).click();
    const diff = page.getByRole('region', { name: 'Diff of /test/config.toml' });
    await expect(diff).toBeVisible();
    // The highlight is a Monaco decoration: no role to find it by, so its own class is used.
    await expect(diff.locator('.diff-revealed-line')).toHaveCount(1);
    await expect(diff.getByText('debug = false')).toBeVisible();
    // Coming back to the Diff tab later does not reveal the old request again (nothing to assert
    // visually beyond no errors; the guard checks those).
    await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Events' }).click();
    await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Diff' }).click();
    await expect(diff.locator('.diff-revealed-line')).toHaveCount(0);
  });

  test('a 5 MB file diffs, steps and lists its events without freezing the page', async ({ page }) => {
    test.setTimeout(90_000);
    await runCall(page, 'MultiEdit', {
      file_path: '/samples/huge.ts',
      edits: [
        { old_string: 'export function compute_30000(', new_string: 'export function computeRenamed(' },
        { old_string: 'scaled_30001 + 30001', new_string: 'scaled_30001 - 30001' },
      ],
    }).catch(() => undefined); // the first run fails: the file is written just below
    // Write the file into the sandbox (OPFS) the way a dropped folder would put it there.
    const bytes = await page.evaluate(async () => {
      const parts: string[] = [];
      let size = 0;
      for (let i = 0; size < 5 * 1024 * 1024; i++) {
        const n = String(i).padStart(5, '0');
        const block = `export function compute_${n}(input: number): number {\n  const scaled_${n} = input * ${(i % 97) + 3};\n  return scaled_${n} + ${i};\n}\n\n`;
        parts.push(block);
        size += block.length;
      }
      const root = await navigator.storage.getDirectory();
      // The tree lists the sample before its writes are done (src/workspace/seeding.ts): the folders may not be there yet.
      const samples = await (await root.getDirectoryHandle('sandbox', { create: true })).getDirectoryHandle('samples', { create: true });
      const writable = await (await samples.getFileHandle('huge.ts', { create: true })).createWritable();
      await writable.write(parts.join(''));
      await writable.close();
      // Record main-thread stalls from here on.
      const w = window as unknown as { longTasks: number[] };
      w.longTasks = [];
      new PerformanceObserver((list) => list.getEntries().forEach((e) => w.longTasks.push(Math.round(e.duration)))).observe({ type: 'longtask' });
      return size;
    });
    expect(bytes).toBeGreaterThan(5_000_000);

    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const diff = page.getByRole('region', { name: 'Diff of /samples/huge.ts' });
    await expect(diff).toBeVisible({ timeout: 20_000 });
    await page.getByRole('region', { name: 'Line ranges' }).getByRole('button').first().click();
    await expect(diff.getByText('export function computeRenamed(input: number): number {', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('A large file: only the changed regions are shown')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/diff-large.png' });

    await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Stages' }).click();
    await expect(page.getByRole('region', { name: 'Content after edit 0' }).locator('mark')).toHaveText('export function computeRenamed(');
    await page.getByRole('button', { name: 'Next step' }).click();
    await expect(page.getByRole('region', { name: 'Content after edit 1' }).locator('mark')).toHaveText('scaled_30001 - 30001');
    await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Events' }).click();
    await expect(page.getByRole('list', { name: 'ACP v1 events' })).toContainText('more characters; copy the event for all of it');
    await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Diff' }).click();
    await expect(page.getByRole('region', { name: 'Diff of /samples/huge.ts' })).toBeVisible();

    // Stalls are reported, not asserted: a timed check flakes on a busy machine. The figures
    // against their targets belong to the UI benchmark (whole-file Monaco models stalled this
    // page for over a second; the excerpt keeps it near 100 ms here).
    const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    test.info().annotations.push({ type: 'long tasks (ms)', description: JSON.stringify(longTasks) });
  });
});
