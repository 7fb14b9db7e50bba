// Getting to a view the way a user does, for the specs that share these steps: a tab of a tab
// list, a session sample opened from the Session tab, a run's Stages view.

import { expect, type Page } from '@playwright/test';

/** Click the tab `name` of the tab list `list` (the side panel's or the views'). */
export async function openTab(page: Page, list: 'Side panel' | 'Views', name: string): Promise<void> {
  await page.getByRole('tablist', { name: list }).getByRole('tab', { name, exact: true }).click();
}

/** Open the app, wait for the sample sandbox, and open the session sample `file` from the Session tab. */
export async function openSessionSample(page: Page, file: string): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('tree').getByRole('treeitem', { name: 'transcripts', exact: true })).toBeVisible({ timeout: 15_000 });
  await openTab(page, 'Side panel', 'Session');
  await page.getByRole('combobox', { name: 'Samples' }).selectOption(file);
}

/** Open the app, run the composer's call (preset it first), wait for its outcome, and open the Stages view. */
export async function runAndOpenStages(page: Page): Promise<void> {
  await page.goto('/');
  const run = page.getByRole('region', { name: 'Call' }).getByRole('button', { name: 'Run', exact: true });
  await expect(run).toBeEnabled({ timeout: 15_000 });
  await run.click();
  await expect(page.getByRole('region', { name: 'Result' }).locator('.result-badge')).toBeVisible({ timeout: 15_000 });
  await openTab(page, 'Views', 'Stages');
}
