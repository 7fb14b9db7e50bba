import { expect, test } from './fixtures';
import { presetCall } from './support/calls';
import { runAndOpenStages } from './support/views';

// Issue 17, item 15's smaller items: a failed run's Stages says where it failed (not "after the
// stages shown here" and then "no stages"); Run all names the suite it leaves out and why.


test('a call that fails before staging anything says so once', async ({ page }) => {
  await presetCall(page, 'multi_edit_text_file', { path: '/test/config.toml', edits: [{ old_string: 'no such text', new_string: 'x' }] });
  await runAndOpenStages(page);
  const panel = page.getByRole('tabpanel', { name: 'Stages' });
  const note = panel.getByRole('note');
  await expect(note).toContainText('The call failed before it staged anything, so there are no steps to go through; nothing would be written.');
  await expect(panel).not.toContainText('after the steps shown here');
  await expect(panel).not.toContainText('has no steps');
  await expect(panel).not.toContainText('staged no files');
});

test('a call that fails after staged edits counts the steps shown', async ({ page }) => {
  await presetCall(page, 'multi_edit_text_file', {
    path: '/test/config.toml',
    edits: [
      { old_string: 'port = 8080', new_string: 'port = 3000' },
      { old_string: 'no such text', new_string: 'x' },
    ],
  });
  await runAndOpenStages(page);
  const panel = page.getByRole('tabpanel', { name: 'Stages' });
  const note = panel.getByRole('note');
  const text = (await note.textContent()) ?? '';
  if (text.startsWith('The call failed before')) {
    await expect(panel).not.toContainText('has no steps');
  } else {
    await expect(note).toContainText(/^The call failed after the (step|\d+ steps) shown here; nothing would be written\./);
    await expect(panel.locator('.stages-facts')).toBeVisible();
  }
});

test('Run all names the suite it leaves out, and why', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await page.getByRole('tablist', { name: 'Side panel' }).getByRole('tab', { name: 'Contracts' }).click();
  await page.getByRole('button', { name: 'Run all', exact: true }).click();
  const status = page.locator('.contracts-status[role="status"]').filter({ hasText: 'passed' });
  await expect(status).toHaveText(/^\d+ passed, 0 failed\(all suites but seed-examples, which fails by design\)$/, { timeout: 150_000 });
});
