import { expect, test } from './fixtures.ts';

test.describe('smoke', () => {
  test('the production build loads offline and renders the shell', async ({ page, guard }) => {
    await page.goto('/');

    await expect(page).toHaveTitle('edit-playground');
    await expect(page.getByRole('heading', { level: 1, name: 'edit-playground' })).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();

    // Ready when the sandbox is listed and the composer can run (the editor and worker are up).
    await expect(page.getByRole('treeitem', { name: 'test' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
    await page.screenshot({ path: 'test-results/screens/smoke.png', fullPage: true });

    // The fixture enforces these at teardown too; asserting here makes the smoke spec's
    // promise explicit and shows that requests were actually observed.
    expect(guard.requests.length).toBeGreaterThan(0);
    expect(guard.offsiteRequests).toEqual([]);
    expect(guard.consoleErrors).toEqual([]);
    expect(guard.pageErrors).toEqual([]);
  });
});
