import { expect, test } from './fixtures';
import { readOpfs } from './support/picker';

// The first journey of a new user: the sample workspace is there without any setup, the
// composer holds multi_edit_text_file's TC1, running it shows the result, its line ranges and a
// diff of the changed lines, and Save writes the file so that a reload shows it saved.

const TC1_FINAL = '[server]\nhost = "0.0.0.0"\nport = 3000\n\n[app]\ndebug = true\n';

test('first start: the sample workspace, TC1 run, diff, save, and the saved file after a reload', async ({ page }) => {
  await page.goto('/');
  const tree = page.getByRole('tree', { name: 'Files' });
  for (const name of ['samples', 'src', 'test', 'README.md']) await expect(tree.getByRole('treeitem', { name, exact: true })).toBeVisible({ timeout: 15_000 });

  const composer = page.getByRole('region', { name: 'Call' });
  await expect(composer.getByLabel('Profile')).toHaveValue('multi_edit_text_file');
  await expect(composer.getByRole('status').last()).toContainText('multi_edit_text_file');
  await composer.getByRole('button', { name: 'Run', exact: true }).click();

  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByText('Success', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(result.getByLabel('Result JSON')).toContainText('"applied_count": 3');
  // TC1's line ranges: edit 0 at line 3, edit 1 at line 2, edit 2 at line 6.
  const ranges = result.getByRole('region', { name: 'Line ranges' });
  await expect(ranges.getByRole('group', { name: 'Edit 0' }).getByRole('button', { name: 'Lines 3–3' })).toBeVisible();
  await expect(ranges.getByRole('group', { name: 'Edit 1' }).getByRole('button', { name: 'Lines 2–2' })).toBeVisible();
  await expect(ranges.getByRole('group', { name: 'Edit 2' }).getByRole('button', { name: 'Lines 6–6' })).toBeVisible();

  await page.getByRole('button', { name: 'Unified diff' }).click();
  const unified = page.getByRole('region', { name: 'Unified diff of /test/config.toml' });
  for (const line of ['-host = "localhost"', '-port = 8080', '+host = "0.0.0.0"', '+port = 3000', '-debug = false', '+debug = true']) {
    await expect(unified).toContainText(line);
  }
  await page.screenshot({ path: 'test-results/screens/first-run.png' });

  const save = page.getByRole('banner').getByRole('button', { name: 'Save', exact: true });
  await save.click();
  const dialog = page.getByRole('dialog', { name: 'Save changes' });
  await expect(dialog.getByRole('list', { name: 'Will write' }).getByRole('listitem')).toHaveText(['/test/config.toml']);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved / })).toHaveText('Saved 1 file: /test/config.toml');
  expect(await readOpfs(page, 'sandbox/test/config.toml')).toBe(TC1_FINAL);

  await page.reload();
  await expect(tree.getByRole('treeitem', { name: 'test', exact: true })).toBeVisible({ timeout: 15_000 });
  await tree.getByRole('treeitem', { name: 'test', exact: true }).click();
  await tree.getByRole('treeitem', { name: 'config.toml', exact: true }).click();
  const view = page.getByRole('region', { name: 'File view' }).locator('.monaco-editor .view-lines');
  await expect.poll(async () => (await view.innerText()).replace(/\u00a0/g, ' ')).toContain('host = "0.0.0.0"');
  expect(await readOpfs(page, 'sandbox/test/config.toml')).toBe(TC1_FINAL);
});
