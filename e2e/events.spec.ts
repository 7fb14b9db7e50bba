import { expect, test } from './fixtures.ts';
import { openAndRun as runCall } from './support/calls';

const EDIT_CALL = { path: '/test/file.txt', old_string: 'line 2', new_string: 'LINE 2' };

test.describe('events', () => {
  test('before any run it says what will appear', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Events' }).click();
    await expect(page.getByText('Run a call to see the events an agent would stream')).toBeVisible();
  });

  test('ACP v1: tool_call (pending) then tool_call_update (completed); the seed shape likewise', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await runCall(page, 'edit_text_file', EDIT_CALL);
    await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Events' }).click();

    await expect(page.getByRole('radio', { name: 'ACP v1' })).toBeChecked();
    const acp = page.getByRole('list', { name: 'ACP v1 events' }).getByRole('listitem');
    await expect(acp).toHaveCount(2);
    await expect(acp.nth(0)).toHaveAccessibleName('Event 1: tool_call (pending)');
    await expect(acp.nth(1)).toHaveAccessibleName('Event 2: tool_call_update (completed)');
    await expect(acp.nth(0)).toContainText('"sessionUpdate": "tool_call"');
    await expect(acp.nth(0)).toContainText('"kind": "edit"');
    await expect(acp.nth(1)).toContainText('"status": "completed"');
    await expect(acp.nth(1)).toContainText('"type": "diff"');
    await page.screenshot({ path: 'test-results/screens/events.png' });

    await page.getByRole('button', { name: 'Copy events' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const lines = copied.trimEnd().split('\n').map((l) => JSON.parse(l) as { params: { update: { sessionUpdate: string; status: string } } });
    expect(lines.map((l) => [l.params.update.sessionUpdate, l.params.update.status])).toEqual([
      ['tool_call', 'pending'],
      ['tool_call_update', 'completed'],
    ]);

    await page.getByRole('radio', { name: 'Seed shape' }).check();
    const seed = page.getByRole('list', { name: 'Seed shape events' }).getByRole('listitem');
    await expect(seed).toHaveCount(2);
    await expect(seed.nth(0)).toHaveAccessibleName('Event 1: toolCall (pending)');
    await expect(seed.nth(1)).toHaveAccessibleName('Event 2: toolCallUpdate (completed)');
    await expect(seed.nth(0)).toContainText('"title": "edit_text_file"');
    await expect(seed.nth(1)).toContainText('"fields"');

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.screenshot({ path: 'test-results/screens/events-dark.png' });
  });

  test('a failing call streams tool_call_update with status failed', async ({ page }) => {
    await runCall(page, 'edit_text_file', { path: '/test/file.txt', old_string: 'no such line', new_string: 'x' });
    await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Events' }).click();
    const acp = page.getByRole('list', { name: 'ACP v1 events' }).getByRole('listitem');
    await expect(acp.nth(1)).toHaveAccessibleName('Event 2: tool_call_update (failed)');
    await expect(acp.nth(1)).toContainText('String not found in file: no such line');
  });
});
