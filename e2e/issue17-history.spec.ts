import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pasteCall } from './support/calls';

// Issue 17, item 5: History names a run by the tool that ran, not by the profile dropdown.

const composer = (page: Page) => page.getByRole('region', { name: 'Call' });

async function run(page: Page): Promise<void> {
  const button = composer(page).getByRole('button', { name: 'Run', exact: true });
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page.getByRole('region', { name: 'Result' }).locator('.result-badge')).toBeVisible({ timeout: 15_000 });
}

test('an Edit envelope and a str_replace view are listed under their own tools', async ({ page }) => {
  await page.goto('/');
  await expect(composer(page).locator('.monaco-editor .view-lines')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('Profile')).toHaveValue('multi_edit_text_file');

  await pasteCall(page, JSON.stringify({ type: 'tool_use', id: 'toolu_01', name: 'Edit', input: { file_path: '/test/file.txt', old_string: 'no such text', new_string: 'x' } }, null, 2));
  await expect(composer(page).getByRole('status').last()).toContainText('Detected:');
  await run(page);
  await pasteCall(page, JSON.stringify({ type: 'tool_use', id: 'toolu_02', name: 'str_replace_based_edit_tool', input: { command: 'view', path: '/test/file.txt' } }, null, 2));
  await expect(composer(page).getByRole('status').last()).toContainText('str_replace_based_edit_tool');
  await run(page);

  await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'History', exact: true }).click();
  const runs = page.getByRole('list', { name: 'Runs' }).getByRole('listitem');
  await expect(runs).toHaveCount(2);
  await expect(runs.nth(0).locator('.history-title')).toHaveText('str_replace_based_edit_tool /test/file.txt');
  await expect(runs.nth(1).locator('.history-title')).toHaveText('Edit /test/file.txt');
  await expect(page.getByRole('list', { name: 'Runs' })).not.toContainText('multi_edit_text_file');
});
