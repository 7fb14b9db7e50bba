import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CONFIG_CALL, presetCall, runCall } from './support/calls';
import { readOpfs, stubDirectoryPicker, writeOpfs } from './support/picker';

// The save journey (SPEC 5): Save lists what it will write, create or leave, then commits with
// compare-and-swap. A file changed since the run is a conflict and nothing is written; an error
// result cannot be saved; after a save the tree and the File view show the new bytes.

const CONFIG = 'sandbox/test/config.toml';
const ORIGINAL_CONFIG = '[server]\nhost = "localhost"\nport = 8080\n\n[app]\ndebug = false\n';
const SAVED_CONFIG = '[server]\nhost = "localhost"\nport = 3000\n\n[app]\ndebug = true\n';

const header = (page: Page) => page.getByRole('banner');
const saveButton = (page: Page) => header(page).getByRole('button', { name: 'Save', exact: true });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Save changes' });
const tree = (page: Page) => page.getByRole('tree', { name: 'Files' });
const item = (page: Page, name: string) => tree(page).getByRole('treeitem', { name, exact: true });
const fileView = (page: Page) => page.getByRole('region', { name: 'File view' });
const announced = (page: Page) => page.getByRole('status').filter({ hasText: /^Saved / });

async function start(page: Page): Promise<void> {
  await page.goto('/');
  await expect(item(page, 'test')).toBeVisible({ timeout: 15_000 });
}

async function showFile(page: Page, folder: string, name: string): Promise<void> {
  if ((await item(page, folder).getAttribute('aria-expanded')) !== 'true') await item(page, folder).click();
  await item(page, name).click();
}

async function shownText(page: Page): Promise<string> {
  const lines = fileView(page).locator('.monaco-editor .view-lines');
  await expect(lines).toBeVisible();
  return (await lines.innerText()).replace(/\u00a0/g, ' ');
}

test.describe('save', () => {
  test('Save lists the file under "Will write", writes it, refreshes the views, and it stays saved', async ({ page }) => {
    await presetCall(page, 'multi_edit_text_file', CONFIG_CALL);
    await start(page);
    await showFile(page, 'test', 'config.toml');
    await expect.poll(() => shownText(page)).toContain('port = 8080');
    await expect(saveButton(page)).toBeDisabled();
    await expect(saveButton(page)).toHaveAccessibleDescription('Nothing to save yet: run a call first.');

    await runCall(page);
    await expect(saveButton(page)).toBeEnabled();
    await expect(saveButton(page)).toContainText('Ctrl+S');
    await saveButton(page).click();

    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByRole('list', { name: 'Will write' }).getByRole('listitem')).toHaveText(['/test/config.toml']);
    await expect(dialog(page).getByRole('list', { name: 'Will create' })).toHaveCount(0);
    await expect(dialog(page).getByRole('list', { name: 'Unchanged (left as is)' })).toHaveCount(0);
    // Nothing is written before the confirmation.
    expect(await readOpfs(page, CONFIG)).toBe(ORIGINAL_CONFIG);
    await page.screenshot({ path: 'test-results/screens/save-dialog.png' });

    await dialog(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(announced(page)).toHaveText('Saved 1 file: /test/config.toml');
    expect(await readOpfs(page, CONFIG)).toBe(SAVED_CONFIG);
    // The File view re-read the file; Save has nothing left to write.
    await expect.poll(() => shownText(page)).toContain('port = 3000');
    await expect(saveButton(page)).toBeDisabled();

    await page.reload();
    await expect(item(page, 'test')).toBeVisible({ timeout: 15_000 });
    await showFile(page, 'test', 'config.toml');
    await expect.poll(() => shownText(page)).toContain('port = 3000');
    expect(await readOpfs(page, CONFIG)).toBe(SAVED_CONFIG);
  });

  test('Ctrl+S opens the plan, Escape cancels, Enter confirms', async ({ page }) => {
    await presetCall(page, 'multi_edit_text_file', CONFIG_CALL);
    await start(page);
    await runCall(page);

    await page.keyboard.press('Control+s');
    await expect(dialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    expect(await readOpfs(page, CONFIG)).toBe(ORIGINAL_CONFIG);

    await page.keyboard.press('Control+s');
    await expect(dialog(page).getByRole('button', { name: 'Save', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(announced(page)).toHaveText('Saved 1 file: /test/config.toml');
    expect(await readOpfs(page, CONFIG)).toBe(SAVED_CONFIG);
  });

  test('Tab and Shift+Tab stay inside the open dialog', async ({ page }) => {
    await presetCall(page, 'multi_edit_text_file', CONFIG_CALL);
    await start(page);
    await runCall(page);

    await page.keyboard.press('Control+s');
    const save = dialog(page).getByRole('button', { name: 'Save', exact: true });
    const cancel = dialog(page).getByRole('button', { name: 'Cancel', exact: true });
    await expect(save).toBeFocused();
    const inside = (): Promise<boolean> => dialog(page).evaluate((d) => d.contains(document.activeElement));
    for (let k = 0; k < 4; k++) {
      await page.keyboard.press('Tab');
      expect(await inside()).toBe(true);
    }
    for (let k = 0; k < 4; k++) {
      await page.keyboard.press('Shift+Tab');
      expect(await inside()).toBe(true);
    }
    // From the first button, Shift+Tab wraps to the last one, and Tab back.
    await cancel.focus();
    const first = await dialog(page).evaluate((d) => d.querySelector('button') === document.activeElement);
    await page.keyboard.press(first ? 'Shift+Tab' : 'Tab');
    expect(await inside()).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
  });

  test('a file changed since the run is a conflict: nothing is written, and Run again re-runs', async ({ page }) => {
    await presetCall(page, 'multi_edit_text_file', CONFIG_CALL);
    await start(page);
    await runCall(page);

    const changed = `${ORIGINAL_CONFIG}# edited in another program\n`;
    await writeOpfs(page, CONFIG, changed);
    await saveButton(page).click();
    await dialog(page).getByRole('button', { name: 'Save', exact: true }).click();

    const alert = dialog(page).getByRole('alert');
    await expect(alert).toContainText('CONFLICT');
    await expect(alert).toContainText('/test/config.toml');
    await expect(alert).toContainText('Nothing was written');
    expect(await readOpfs(page, CONFIG)).toBe(changed);
    await page.screenshot({ path: 'test-results/screens/save-conflict.png' });

    await dialog(page).getByRole('button', { name: 'Run again' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(saveButton(page)).toBeEnabled({ timeout: 15_000 });
    await saveButton(page).click();
    await dialog(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(announced(page)).toHaveText('Saved 1 file: /test/config.toml');
    // The re-run read the changed file, so the outside edit is kept.
    expect(await readOpfs(page, CONFIG)).toBe(`${SAVED_CONFIG}# edited in another program\n`);
  });

  test('an error result cannot be saved', async ({ page }) => {
    await presetCall(page, 'multi_edit_text_file', { path: '/test/config.toml', edits: [{ old_string: 'port = 9999', new_string: 'port = 1' }] });
    await start(page);
    await runCall(page);
    await expect(page.getByRole('region', { name: 'Result' }).getByText('Error', { exact: true })).toBeVisible();

    await expect(saveButton(page)).toBeDisabled();
    await expect(saveButton(page)).toHaveAccessibleDescription('Nothing to save: the result is an error.');
    await page.keyboard.press('Control+s');
    await expect(dialog(page)).toHaveCount(0);
    expect(await readOpfs(page, CONFIG)).toBe(ORIGINAL_CONFIG);
  });

  test('a file the call creates is listed under "Will create" and shows in the tree once saved', async ({ page }) => {
    await presetCall(page, 'MultiEdit', { file_path: '/notes/new.txt', edits: [{ old_string: '', new_string: 'hello\n' }] });
    await start(page);
    await runCall(page);
    await saveButton(page).click();
    await expect(dialog(page).getByRole('list', { name: 'Will create' }).getByRole('listitem')).toHaveText(['/notes/new.txt']);
    await expect(dialog(page).getByRole('list', { name: 'Will write' })).toHaveCount(0);
    await dialog(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(announced(page)).toHaveText('Saved 1 file: /notes/new.txt');
    expect(await readOpfs(page, 'sandbox/notes/new.txt')).toBe('hello\n');
    await expect(item(page, 'notes')).toBeVisible();
  });

  test('a file the call ends with its own bytes is listed as "Unchanged (left as is)"', async ({ page }) => {
    const undo = { path: '/test/file.txt', edits: [{ old_string: 'line 2', new_string: 'line two' }, { old_string: 'line two', new_string: 'line 2' }] };
    await presetCall(page, 'multi_edit_text_file', undo);
    await start(page);
    await runCall(page);
    await saveButton(page).click();
    await expect(dialog(page).getByRole('list', { name: 'Unchanged (left as is)' }).getByRole('listitem')).toHaveText(['/test/file.txt']);
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog(page)).toHaveCount(0);
  });

  test('without folder access, Download changes gives back the saved file', async ({ page }) => {
    await stubDirectoryPicker(page, { unsupported: true });
    await presetCall(page, 'multi_edit_text_file', CONFIG_CALL);
    await start(page);
    const download = header(page).getByRole('button', { name: /Download changes/ });
    await expect(download).toBeDisabled();
    await runCall(page);
    await saveButton(page).click();
    await dialog(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(announced(page)).toBeVisible();

    await expect(download).toHaveText('Download changes (1)');
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe('config.toml');
    expect(readFileSync(await file.path(), 'utf8')).toBe(SAVED_CONFIG);
  });
});
