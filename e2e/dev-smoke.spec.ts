import { expect, test } from './fixtures.ts';

// Runs against `npm run dev` (playwright.dev.config.ts), not the build: what a new user sees
// first. The guard fixture fails it on any page error, console error or request off localhost;
// the diff editor the run opens is a second Monaco editor, and the one where Monaco's services
// used to be missing in dev, so the spec waits for it too.

test('npm run dev: the editor appears, the default call runs, the result and diff show, cleanly', async ({ page }) => {
  await page.goto('/');
  const composer = page.getByRole('region', { name: 'Call' });
  // The first load of a fresh checkout waits for Vite to pre-bundle the dependencies.
  await expect(composer.locator('.monaco-editor .view-lines')).toBeVisible({ timeout: 20_000 });
  await expect(composer.getByLabel('Profile')).toHaveValue('multi_edit_text_file');

  await composer.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Result' }).getByText('Success', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'Diff of /test/config.toml' }).getByText('port = 3000', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/dev-smoke.png' });
});
