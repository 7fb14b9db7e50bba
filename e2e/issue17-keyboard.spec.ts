import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// Issue 17, item 13: Tab indents in the Monaco call editor; where the editor has focus, a note says
// Ctrl+M releases it, Ctrl+M does (it was not even bound: Monaco's toggle was not bundled), and the
// command palette (the keyboard help) lists it.

const HINT = 'Tab indents here. Ctrl+M releases Tab to move focus out of the editor (Ctrl+M again takes it back).';
const editor = (page: Page) => page.getByRole('region', { name: 'Call' }).locator('.monaco-editor');
const inEditor = (page: Page) => page.evaluate(() => document.activeElement?.closest('.pane-composer .monaco-editor') != null);

test('the call editor says how to release Tab, and Ctrl+M releases it', async ({ page }) => {
  await page.goto('/');
  await expect(editor(page).locator('.view-lines')).toBeVisible({ timeout: 15_000 });
  const note = page.getByRole('note', { name: 'Keyboard in the call editor' });
  await expect(note).toHaveCount(0);

  await editor(page).locator('.view-lines').click();
  await expect(note).toHaveText(HINT);
  // Tab is trapped: it stays in the editor (it indents).
  await page.keyboard.press('Tab');
  expect(await inEditor(page)).toBe(true);
  await page.keyboard.press('Control+Z');

  // Ctrl+M: Tab now moves focus out, and the note goes with the focus.
  await page.keyboard.press('Control+M');
  await page.keyboard.press('Tab');
  expect(await inEditor(page)).toBe(false);
  await expect(note).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/issue17-tab-released.png' });
});

test('the command palette lists Ctrl+M for the call editor', async ({ page }) => {
  await page.goto('/');
  await expect(editor(page).locator('.view-lines')).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('Control+Shift+P');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('textbox', { name: 'Search commands' }).fill('tab');
  const item = palette.getByRole('option', { name: /Call editor: Tab moves focus instead of indenting \(toggle\)/ });
  await expect(item).toHaveText('Call editor: Tab moves focus instead of indenting (toggle)Ctrl+M');
  await item.click();
  // Run from the palette: the editor has focus, with Tab released.
  await expect(page.getByRole('note', { name: 'Keyboard in the call editor' })).toHaveText(HINT);
  await page.keyboard.press('Tab');
  expect(await inEditor(page)).toBe(false);
});
