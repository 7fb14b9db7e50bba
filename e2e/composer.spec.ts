import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pasteCall } from './support/calls';

// The composer journey: write a call, see what was detected or why it cannot run, pick examples,
// and find the text again after a reload.

const composer = (page: Page) => page.getByRole('region', { name: 'Call' });
const status = (page: Page) => composer(page).getByRole('status').last();
const runButton = (page: Page) => composer(page).getByRole('button', { name: 'Run', exact: true });

/** Monaco's rendered text (non-breaking spaces as spaces). */
async function editorText(page: Page): Promise<string> {
  const text = await composer(page).locator('.monaco-editor .view-lines').innerText();
  return text.replace(/\u00a0/g, ' ');
}

async function open(page: Page): Promise<void> {
  await page.goto('/');
  await expect(composer(page).locator('.monaco-editor .view-lines')).toBeVisible();
  await expect(status(page)).toContainText('Detected:');
}

test.describe('composer', () => {
  test('first start shows the default call, detected as a bare multi_edit_text_file input', async ({ page }) => {
    await open(page);
    await expect(composer(page).getByLabel('Profile')).toHaveValue('multi_edit_text_file');
    expect(await editorText(page)).toContain('"path": "/test/config.toml"');
    await expect(status(page)).toHaveText(/Detected: bare input → multi_edit_text_file/);
    await expect(composer(page).getByText(/Apply multiple string replacement edits/)).toBeVisible();
    await expect(composer(page).getByLabel('Mount')).toHaveValue('/');
    await expect(composer(page).getByLabel('Diff context')).toHaveValue('3');
    await expect(runButton(page)).toBeEnabled();
  });

  test('invalid JSON names its line and column and blocks Run', async ({ page }) => {
    await open(page);
    await pasteCall(page, '{\n  "path": "/test/config.toml",\n  "edits": [ x ]\n}');
    await expect(status(page)).toHaveText(/Line 3, column 14: The call is not valid JSON/);
    await expect(runButton(page)).toBeDisabled();
    // Run's description says why.
    await expect(runButton(page)).toHaveAccessibleDescription(/Line 3, column 14/);
    // The position is marked in the editor too.
    await expect(composer(page).locator('.squiggly-error').first()).toBeAttached();
  });

  test('a valid bare input shows the detected profile', async ({ page }) => {
    await open(page);
    await composer(page).getByLabel('Profile').selectOption('edit_text_file');
    await pasteCall(page, '{ "path": "/test/file.txt", "old_string": "line 2", "new_string": "line two" }');
    await expect(status(page)).toHaveText(/Detected: bare input → edit_text_file/);
    await expect(runButton(page)).toBeEnabled();
  });

  test('an MCP tools/call envelope shows MCP and the profile its tool name selects', async ({ page }) => {
    await open(page);
    const call = {
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'edit_text_file', arguments: { path: '/test/config.toml', old_string: 'port = 8080', new_string: 'port = 3000' } },
    };
    await pasteCall(page, JSON.stringify(call, null, 2));
    await expect(status(page)).toContainText('Detected: MCP tools/call → edit_text_file');
    // The picker follows the tool the envelope names (issue 17, item 8): no warning.
    await expect(composer(page).getByLabel('Profile')).toHaveValue('edit_text_file');
    await expect(status(page)).not.toContainText('runs as');
    await expect(runButton(page)).toBeEnabled();
    await page.screenshot({ path: 'test-results/screens/composer-envelope.png' });
  });

  test('an input missing edits names the field and marks it; Run still runs it (the tool answers)', async ({ page }) => {
    await open(page);
    await pasteCall(page, '{\n  "path": "/test/config.toml"\n}');
    await expect(status(page)).toHaveText(/Line 1, column 1: multi_edit_text_file input: edits: missing/);
    await expect(runButton(page)).toBeEnabled();

    // Inside an envelope, the position is the field's own place in the text.
    await pasteCall(page, '{\n  "name": "multi_edit_text_file",\n  "arguments": {\n    "path": "/a",\n    "edits": [{ "old_string": 1, "new_string": "b" }]\n  }\n}');
    await expect(status(page)).toHaveText(/Line 5, column 17: multi_edit_text_file input: edits\[0\]\.old_string/);
    await expect(runButton(page)).toBeEnabled();
  });

  test("completion offers the profile's fields from its JSON Schema", async ({ page }) => {
    await open(page);
    await pasteCall(page, '{\n  \n}');
    await page.keyboard.press('ControlOrMeta+Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await page.keyboard.press('Control+Space');
    const suggestions = composer(page).locator('.suggest-widget');
    await expect(suggestions).toContainText('edits');
    await expect(suggestions).toContainText('path');
    // The input's own fields come before the envelope keys (name, arguments, jsonrpc, …).
    await expect(suggestions.locator('.monaco-list-row').first()).toContainText('edits');
    await expect(suggestions).toContainText('jsonrpc');
    await page.keyboard.press('Escape');
  });

  test('the examples menu loads a case of the chosen profile', async ({ page }) => {
    await open(page);
    const examples = composer(page).getByLabel('Examples');
    await expect(examples.locator('option', { hasText: 'TC2' })).toBeAttached();
    await examples.selectOption({ label: 'TC2: Sequential edits (order matters): AAA → BBB → CCC' });
    await expect.poll(() => editorText(page)).toContain('"old_string": "AAA"');
    await expect(status(page)).toHaveText(/Detected: bare input → multi_edit_text_file/);

    await composer(page).getByLabel('Profile').selectOption('MultiEdit');
    await expect(examples.locator('option', { hasText: 'QA1' })).toBeAttached();
    await expect(examples.locator('option', { hasText: 'TC2' })).toHaveCount(0);
  });

  test('the text, profile and mount survive a reload', async ({ page }) => {
    await open(page);
    await composer(page).getByLabel('Profile').selectOption('edit_text_file');
    await pasteCall(page, '{ "path": "/home/me/proj/test/file.txt", "old_string": "line 1", "new_string": "first" }');
    await composer(page).getByLabel('Mount').fill('/home/me/proj');
    await expect(status(page)).toHaveText(/Detected: bare input → edit_text_file/);

    await page.reload();
    await open(page);
    await expect(composer(page).getByLabel('Profile')).toHaveValue('edit_text_file');
    await expect(composer(page).getByLabel('Mount')).toHaveValue('/home/me/proj');
    expect(await editorText(page)).toContain('/home/me/proj/test/file.txt');
    // The other profiles keep their own text.
    await composer(page).getByLabel('Profile').selectOption('multi_edit_text_file');
    await expect.poll(() => editorText(page)).toContain('"path": "/test/config.toml"');
  });

  test('screenshots in both themes', async ({ page }) => {
    await open(page);
    await pasteCall(page, '{\n  "path": "/test/config.toml",\n  "edits": [\n    { "old_string": "port = 8080", "new_string": "port = 3000" }\n  ]\n}');
    await expect(status(page)).toContainText('Detected:');
    await page.screenshot({ path: 'test-results/screens/composer.png' });
    await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
    await pasteCall(page, '{\n  "path": "/test/config.toml"\n  "edits": []\n}');
    await expect(status(page)).toContainText('Line 3');
    await page.screenshot({ path: 'test-results/screens/composer-other-theme.png' });
  });
});
