// Getting a run without typing: the composer remembers its text per profile in localStorage, so a
// spec writes the call there before the page loads (as a returning user would find it) and then
// presses Run. Tests that must type use the editor themselves.

import { expect, type Page } from '@playwright/test';

/**
 * Replace the composer's text the way a user pastes a call: select all in Monaco, then a paste
 * event. Typed text (even keyboard.insertText) goes through Monaco's auto-closing and auto-indent;
 * a paste does not. Monaco must have loaded (the composer is a plain text area until then).
 */
export async function pasteCall(page: Page, text: string): Promise<void> {
  // Click inside the editor's visible box: the middle of .view-lines lies outside it when a long
  // text (a 200 KB line wrapped) is scrolled.
  await page.getByRole('region', { name: 'Call' }).locator('.monaco-editor').first().click({ position: { x: 80, y: 8 } });
  await page.keyboard.press('ControlOrMeta+A');
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** Make `call` the composer's text for `profile` on every load of `page` (call before `goto`). */
export async function presetCall(page: Page, profile: string, call: unknown): Promise<void> {
  await page.addInitScript(
    ([p, text]) => {
      localStorage.setItem('edit-playground:composer/v1', JSON.stringify({ version: 1, profile: p, texts: { [p]: text }, mount: '/', diffContext: 3 }));
    },
    [profile, JSON.stringify(call, null, 2)] as const,
  );
}

/** Preset `call`, open the app, and press Run (without waiting for the outcome). */
export async function openAndRun(page: Page, profile: string, call: unknown): Promise<void> {
  await presetCall(page, profile, call);
  await page.goto('/');
  const run = page.getByRole('button', { name: 'Run', exact: true });
  await expect(run).toBeEnabled({ timeout: 15_000 });
  await run.click();
}

/** Press Run and wait until the result panel shows the outcome. */
export async function runCall(page: Page): Promise<void> {
  const run = page.getByRole('region', { name: 'Call' }).getByRole('button', { name: 'Run', exact: true });
  await expect(run).toBeEnabled({ timeout: 15_000 });
  await run.click();
  await expect(page.getByRole('region', { name: 'Result' }).getByText(/^(Success|Error|success: false)$/)).toBeVisible({ timeout: 15_000 });
}

/** The sample sandbox's default call: three edits of /test/config.toml. */
export const CONFIG_CALL = {
  path: '/test/config.toml',
  edits: [
    { old_string: 'port = 8080', new_string: 'port = 3000' },
    { old_string: 'debug = false', new_string: 'debug = true' },
  ],
};
