import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pasteCall } from './support/calls';

// The result journey: run a call and read what the tool returned, its error exactly, the time
// taken, and line ranges that lead to the diff.

const composer = (page: Page) => page.getByRole('region', { name: 'Call' });
const result = (page: Page) => page.getByRole('region', { name: 'Result' });
const runButton = (page: Page) => composer(page).getByRole('button', { name: 'Run', exact: true });

async function open(page: Page): Promise<void> {
  await page.goto('/');
  await expect(composer(page).getByRole('status').last()).toContainText('Detected:');
  // The composer is a plain text area until Monaco has loaded; these tests use Monaco's editor.
  await expect(composer(page).locator('.monaco-editor .view-lines')).toBeVisible();
  await expect(runButton(page)).toBeEnabled();
}

test.describe('result', () => {
  test('before any run the panel says what it is for', async ({ page }) => {
    await open(page);
    await expect(result(page).getByText('Run a call to see what the tool returns')).toBeVisible();
  });

  test('the default multi_edit_text_file call succeeds with applied_count and line-range links', async ({ page }) => {
    await open(page);
    await runButton(page).click();

    await expect(result(page).getByText('Success', { exact: true })).toBeVisible();
    await expect(result(page).getByLabel('Result JSON')).toContainText('"applied_count": 3');
    await expect(result(page).getByLabel('Result JSON')).toContainText('"success": true');
    await expect(result(page).getByLabel('Time taken')).toHaveText(/^\d+(\.\d+)? (ms|s)$/);
    await expect(result(page).getByLabel('Detected call')).toHaveText('bare input → multi_edit_text_file');

    const ranges = result(page).getByRole('region', { name: 'Line ranges' });
    await expect(ranges.getByRole('group', { name: 'Edit 0' }).getByRole('button', { name: 'Lines 3–3' })).toBeVisible();
    await expect(ranges.getByRole('group', { name: 'Edit 1' }).getByRole('button', { name: 'Lines 2–2' })).toBeVisible();
    await expect(ranges.getByRole('group', { name: 'Edit 2' }).getByRole('button', { name: 'Lines 6–6' })).toBeVisible();

    // A link leads to the diff.
    await page.getByRole('tab', { name: 'Events' }).click();
    await ranges.getByRole('button', { name: 'Lines 2–2' }).click();
    await expect(page.getByRole('tab', { name: 'Diff' })).toHaveAttribute('aria-selected', 'true');

    await page.screenshot({ path: 'test-results/screens/result.png' });
  });

  test('a tool error shows its code and message exactly', async ({ page }) => {
    await open(page);
    await pasteCall(page, JSON.stringify({ path: '/test/config.toml', edits: [{ old_string: 'nope', new_string: 'x' }] }, null, 2));
    await expect(composer(page).getByRole('status').last()).toContainText('Detected:');
    await runButton(page).click();

    await expect(result(page).getByText('Error', { exact: true })).toBeVisible();
    await expect(result(page).getByLabel('Error code')).toHaveText('-32010');
    await expect(result(page).getByLabel('Error message')).toHaveText('Edit 0: String not found: nope');
    await expect(result(page).getByRole('region', { name: 'Line ranges' })).toHaveCount(0);
    await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
    await page.screenshot({ path: 'test-results/screens/result-error.png' });
  });

  test('Ctrl/Cmd+Enter in the editor runs the call; other profiles link their ranges too', async ({ page }) => {
    await open(page);
    await composer(page).getByLabel('Profile').selectOption('MultiEdit');
    await expect(composer(page).getByRole('status').last()).toContainText('→ MultiEdit');
    const lines = composer(page).locator('.monaco-editor .view-line');
    const before = await lines.count();
    await composer(page).locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('ControlOrMeta+Enter');

    await expect(result(page).getByText('Success', { exact: true })).toBeVisible();
    const ranges = result(page).getByRole('region', { name: 'Line ranges' });
    await expect(ranges.getByRole('group', { name: 'Edit 0' }).getByRole('button', { name: /^Lines/ })).toHaveCount(5);
    await expect(ranges.getByRole('group', { name: 'Edit 1' }).getByRole('button', { name: 'Lines 7–7' })).toBeVisible();
    // Ctrl+Enter ran the call; Monaco did not also insert a line.
    expect(await lines.count()).toBe(before);

    await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
    await page.screenshot({ path: 'test-results/screens/result-other-theme.png' });
  });

  test('a batch with a failed entry reports success: false', async ({ page }) => {
    await open(page);
    await composer(page).getByLabel('Profile').selectOption('MultiEditBatch');
    await pasteCall(
      page,
      JSON.stringify({ description: 'x', atomic: false, edits: [{ file_path: '/test/config.toml', old_string: 'port = 8080', new_string: 'port = 1' }, { file_path: '/test/config.toml', old_string: 'absent', new_string: 'y' }] }, null, 2),
    );
    await expect(composer(page).getByRole('status').last()).toContainText('→ MultiEditBatch');
    await runButton(page).click();
    await expect(result(page).getByText('success: false', { exact: true })).toBeVisible();
    await expect(result(page).getByRole('group', { name: /Entry 0/ }).getByRole('button', { name: 'Lines 3–3' })).toBeVisible();
  });

  test('a long run shows its elapsed time, stays responsive and can be cancelled', async ({ page }) => {
    await open(page);
    await composer(page).getByLabel('Profile').selectOption('MultiEdit');
    // 50 replace_all passes over the 1 MB sample: seconds of work in the worker.
    const edits = Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? { old_string: 'e', new_string: 'E', replace_all: true } : { old_string: 'E', new_string: 'e', replace_all: true }));
    await pasteCall(page, JSON.stringify({ file_path: '/samples/large.ts', edits }));
    await expect(composer(page).getByRole('status').last()).toContainText('→ MultiEdit');
    await runButton(page).click();

    const progress = result(page).getByRole('progressbar', { name: 'Run progress' });
    await expect(progress).toBeVisible();
    // The elapsed time ticks: the page is not blocked by the engine.
    const first = await progress.getAttribute('aria-valuetext');
    await expect.poll(() => progress.getAttribute('aria-valuetext')).not.toBe(first);
    await expect(runButton(page)).toBeDisabled();
    await page.screenshot({ path: 'test-results/screens/result-running.png' });

    await result(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(result(page).getByRole('heading', { name: 'Run cancelled' })).toBeVisible();
    await expect(result(page).getByLabel('Failure code')).toHaveText('CANCELLED');
    await page.screenshot({ path: 'test-results/screens/result-cancelled.png' });

    // A fresh worker on the same workspace answers the next run.
    await composer(page).getByLabel('Profile').selectOption('multi_edit_text_file');
    await expect(composer(page).getByRole('status').last()).toContainText('→ multi_edit_text_file');
    await runButton(page).click();
    await expect(result(page).getByText('Success', { exact: true })).toBeVisible();
  });
});
