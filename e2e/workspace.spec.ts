import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PICKED_FOLDER, readOpfs, seedOpfs, stubDirectoryPicker, writeOpfs } from './support/picker';

// The workspace journey: the sample sandbox on first start, the file tree (filter, keyboard,
// lazy folders), the File view, opening a folder (picker, Recent), and resetting the sandbox.

const tree = (page: Page) => page.getByRole('tree', { name: 'Files' });
const item = (page: Page, name: string) => tree(page).getByRole('treeitem', { name, exact: true });
const workspaceBar = (page: Page) => page.getByRole('group', { name: 'Workspace' });
const sidePanel = (page: Page) => page.getByRole('complementary', { name: 'Workspace and suites' });
const fileView = (page: Page) => page.getByRole('region', { name: 'File view' });

async function start(page: Page): Promise<void> {
  await page.goto('/');
  await expect(item(page, 'test')).toBeVisible({ timeout: 15_000 });
}

/** The File view's editor text, non-breaking spaces as spaces. */
async function shownText(page: Page): Promise<string> {
  const lines = fileView(page).locator('.monaco-editor .view-lines');
  await expect(lines).toBeVisible();
  return (await lines.innerText()).replace(/\u00a0/g, ' ');
}

const PICKED_FILES = {
  [`${PICKED_FOLDER}/README.md`]: '# picked\n',
  [`${PICKED_FOLDER}/src/app.ts`]: 'export const answer = 42;\n',
  [`${PICKED_FOLDER}/.git/HEAD`]: 'ref: refs/heads/main\n',
  [`${PICKED_FOLDER}/node_modules/x.js`]: 'module.exports = 1;\n',
  [`${PICKED_FOLDER}/notes.txt.crswap`]: 'swap',
  [`${PICKED_FOLDER}/src/app.ts.crswap`]: 'swap',
};

test.describe('workspace', () => {
  test('first start shows the sample sandbox, no setup needed', async ({ page }) => {
    await start(page);
    await expect(workspaceBar(page)).toContainText('Sandbox');
    // Folders first, then files, each in code-unit order.
    await expect(tree(page).getByRole('treeitem')).toHaveText(['samples', 'src', 'test', 'transcripts', 'README.md']);
    await expect(item(page, 'test')).toHaveAttribute('aria-expanded', 'false');

    await item(page, 'test').click();
    await expect(item(page, 'test')).toHaveAttribute('aria-expanded', 'true');
    await expect(item(page, 'config.toml')).toBeVisible();
    await expect(item(page, 'file.txt')).toBeVisible();
    await expect(item(page, 'code.rs')).toBeVisible();
    await item(page, 'src').click();
    await expect(item(page, 'main.go')).toBeVisible();
    await expect(item(page, 'config.js')).toBeVisible();
    await item(page, 'samples').click();
    await expect(item(page, 'large.ts')).toBeVisible();
    await item(page, 'config.toml').click();
    await expect(fileView(page)).toContainText('test/config.toml');
    await page.screenshot({ path: 'test-results/screens/workspace.png' });
  });

  test('the filter narrows the tree to matching file names, loading folders it needs', async ({ page }) => {
    await start(page);
    await page.getByLabel('Filter files').fill('config');
    // Folders are loaded for the filter and shown unfolded around the matches.
    await expect(item(page, 'config.toml')).toBeVisible();
    await expect(item(page, 'config.js')).toBeVisible();
    await expect(tree(page).getByRole('treeitem')).toHaveText(['src', 'config.js', 'test', 'config.toml']);
    await expect(item(page, 'README.md')).toHaveCount(0);

    await page.getByLabel('Filter files').fill('no-such-file');
    await expect(page.getByText('No file name contains “no-such-file”.')).toBeVisible();

    await page.getByLabel('Filter files').fill('');
    await expect(item(page, 'README.md')).toBeVisible();
    await expect(item(page, 'config.js')).toHaveCount(0);
  });

  test('selecting a file shows it read-only in the File tab with its line ending and BOM', async ({ page }) => {
    await start(page);
    await item(page, 'samples').click();
    await item(page, 'windows.txt').click();
    await expect(page.getByRole('tab', { name: 'File', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(item(page, 'windows.txt')).toHaveAttribute('aria-selected', 'true');
    const facts = fileView(page).getByLabel('File facts');
    await expect(facts).toContainText('CRLF');
    await expect(facts).not.toContainText('BOM');
    expect(await shownText(page)).toContain('Line endings here are CRLF.');

    await item(page, 'bom.txt').click();
    await expect(facts).toContainText('LF');
    await expect(facts).toContainText('BOM');
    expect(await shownText(page)).toContain('This file starts with a UTF-8 byte order mark.');

    await item(page, 'large.ts').click();
    await expect(facts).toContainText('1.0 MB');
    expect(await shownText(page)).toContain('Generated sample');

    // Read-only: typing changes nothing.
    await fileView(page).locator('.monaco-editor .view-lines').click();
    await page.keyboard.type('XYZ');
    expect(await shownText(page)).not.toContain('XYZ');
  });

  test('the tree works from the keyboard', async ({ page }) => {
    await start(page);
    await tree(page).focus();
    // Rows: samples, src, test, transcripts, README.md — the cursor starts on the first.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown'); // test
    await page.keyboard.press('ArrowRight'); // unfold
    await expect(item(page, 'test')).toHaveAttribute('aria-expanded', 'true');
    // Its listing comes from the worker, which may still be loading its handlers: a user steps in
    // once the children show (until then the folder is aria-busy and Right has nowhere to go).
    await expect(item(page, 'code.rs')).toBeVisible();
    await expect(item(page, 'test')).not.toHaveAttribute('aria-busy', 'true');
    await page.keyboard.press('ArrowRight'); // into: code.rs
    await page.keyboard.press('ArrowDown'); // config.toml
    await page.keyboard.press('Enter');
    await expect(item(page, 'config.toml')).toHaveAttribute('aria-selected', 'true');
    await expect(fileView(page)).toContainText('test/config.toml');
    await page.keyboard.press('ArrowLeft'); // back to the folder
    await page.keyboard.press('ArrowLeft'); // fold it
    await expect(item(page, 'test')).toHaveAttribute('aria-expanded', 'false');
    await expect(item(page, 'config.toml')).toHaveCount(0);
  });

  test('Open folder… lists the picked folder without .git, node_modules and *.crswap; Recent reopens it', async ({ page }) => {
    await stubDirectoryPicker(page);
    await start(page);
    await seedOpfs(page, PICKED_FILES);

    await workspaceBar(page).getByRole('button', { name: 'Open folder…' }).click();
    await expect(workspaceBar(page)).toContainText(PICKED_FOLDER);
    await expect(tree(page).getByRole('treeitem')).toHaveText(['src', 'README.md']);
    await item(page, 'src').click();
    await expect(tree(page).getByRole('treeitem')).toHaveText(['src', 'app.ts', 'README.md']);
    expect(await page.evaluate(() => (window as unknown as { pickerCalls: unknown[] }).pickerCalls)).toEqual([{ mode: 'readwrite', id: 'edit-playground' }]);

    // Back to the sandbox, then the folder again from Recent, also after a reload (IndexedDB).
    await workspaceBar(page).getByRole('button', { name: 'Sandbox', exact: true }).click();
    await expect(item(page, 'samples')).toBeVisible();
    await page.reload();
    await expect(item(page, 'samples')).toBeVisible({ timeout: 15_000 });
    await workspaceBar(page).getByRole('button', { name: /Recent/ }).click();
    const menu = page.getByRole('menu', { name: 'Recent folders' });
    await expect(menu.getByRole('menuitem')).toHaveText([PICKED_FOLDER, 'Clear recent folders']);
    await menu.getByRole('menuitem', { name: PICKED_FOLDER }).click();
    await expect(workspaceBar(page)).toContainText(PICKED_FOLDER);
    await expect(item(page, 'README.md')).toBeVisible();
    await expect(item(page, 'samples')).toHaveCount(0);
  });

  test('dropping a folder on the window opens it', async ({ page }) => {
    await start(page);
    await seedOpfs(page, PICKED_FILES);
    // A real drag cannot carry a FileSystemHandle in Playwright; the drop event is built by hand
    // with the one method Chromium adds to DataTransferItem.
    await page.evaluate(async (folder) => {
      const handle = await (await navigator.storage.getDirectory()).getDirectoryHandle(folder);
      const drop = new Event('drop', { cancelable: true });
      const item = { kind: 'file', getAsFileSystemHandle: async () => handle };
      Object.defineProperty(drop, 'dataTransfer', { value: { types: ['Files'], items: [item] } });
      window.dispatchEvent(drop);
    }, PICKED_FOLDER);
    await expect(workspaceBar(page)).toContainText(PICKED_FOLDER);
    await expect(tree(page).getByRole('treeitem')).toHaveText(['src', 'README.md']);
  });

  test('a cancelled picker changes nothing and says nothing', async ({ page }) => {
    await stubDirectoryPicker(page, { cancel: true });
    await start(page);
    await page.keyboard.press('Control+o');
    await expect.poll(() => page.evaluate(() => (window as unknown as { pickerCalls: unknown[] }).pickerCalls.length)).toBe(1);
    await expect(workspaceBar(page)).toContainText('Sandbox');
    await expect(sidePanel(page).getByRole('alert')).toHaveCount(0);
    await expect(sidePanel(page).getByRole('status')).toHaveCount(0);
    await expect(item(page, 'samples')).toBeVisible();
  });

  test('a folder of 10,000 files stays responsive: rows are rendered only in view', async ({ page }) => {
    test.setTimeout(60_000);
    await stubDirectoryPicker(page);
    await start(page);
    await seedOpfs(page, { [`${PICKED_FOLDER}/README.md`]: 'big\n' }, { folder: `${PICKED_FOLDER}/big`, count: 10_000, prefix: 'f' });
    await workspaceBar(page).getByRole('button', { name: 'Open folder…' }).click();
    await expect(item(page, 'big')).toBeVisible();

    await item(page, 'big').click();
    await expect(item(page, 'f00001.txt')).toBeVisible();
    const rendered = await tree(page).getByRole('treeitem').count();
    // What keeps it responsive is windowing: a screenful of rows, not 10,000 (no timing asserted).
    expect(rendered).toBeLessThan(120);

    // End jumps to the last row, which is then rendered.
    await tree(page).focus();
    await page.keyboard.press('End');
    await expect(item(page, 'README.md')).toBeVisible();
    await expect(item(page, 'f10000.txt')).toBeVisible();
    await expect(item(page, 'f00001.txt')).toHaveCount(0);

    await item(page, 'f09990.txt').click();
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.screenshot({ path: 'test-results/screens/workspace-10k-dark.png' });

    await page.getByLabel('Filter files').fill('f09999');
    await expect(tree(page).getByRole('treeitem')).toHaveText(['big', 'f09999.txt']);
  });

  test('Reset sandbox asks first, then brings the sample files back', async ({ page }) => {
    await start(page);
    await writeOpfs(page, 'sandbox/test/file.txt', 'changed by hand\n');
    await seedOpfs(page, { 'sandbox/extra.txt': 'extra\n' });
    await page.getByRole('button', { name: 'Refresh the file list' }).click();
    await expect(item(page, 'extra.txt')).toBeVisible();
    await item(page, 'test').click();
    await item(page, 'file.txt').click();
    expect(await shownText(page)).toContain('changed by hand');

    // Cancel keeps everything.
    await workspaceBar(page).getByRole('button', { name: 'Reset sandbox' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Reset the sandbox?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    expect(await readOpfs(page, 'sandbox/test/file.txt')).toBe('changed by hand\n');

    await workspaceBar(page).getByRole('button', { name: 'Reset sandbox' }).click();
    await confirm.getByRole('button', { name: 'Reset sandbox' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByText('The sandbox was reset to the sample files.')).toBeVisible();
    await expect(item(page, 'extra.txt')).toHaveCount(0);
    expect(await readOpfs(page, 'sandbox/test/file.txt')).toBe('line 1\nline 2\nline 3\n');
    expect(await readOpfs(page, 'sandbox/extra.txt')).toBeNull();
  });

  test('a seed cut short (a reload while the sample is written) is finished on the next visit, keeping what is there', async ({ page }) => {
    await start(page);
    // A finished seed leaves no mark beside the sandbox.
    await expect.poll(() => readOpfs(page, 'sandbox.seeding'), { timeout: 15_000 }).toBeNull();
    const mainGo = await readOpfs(page, 'sandbox/src/main.go');
    const readme = await readOpfs(page, 'sandbox/README.md');
    expect(mainGo).toContain('package main');
    // As a reload mid-seed leaves it: the mark, some of the sample's files missing, and what was
    // written since (written first here: the helpers wait for a seed whose mark stands).
    await writeOpfs(page, 'sandbox/test/file.txt', 'changed by hand\n');
    await seedOpfs(page, { 'sandbox/samples/mine.txt': 'mine\n' });
    await page.evaluate(async () => {
      const opfs = await navigator.storage.getDirectory();
      await opfs.getFileHandle('sandbox.seeding', { create: true });
      const sandbox = await opfs.getDirectoryHandle('sandbox');
      await sandbox.removeEntry('src', { recursive: true });
      await sandbox.removeEntry('README.md');
    });
    await page.reload();

    await expect(tree(page).getByRole('treeitem')).toHaveText(['samples', 'src', 'test', 'transcripts', 'README.md'], { timeout: 15_000 });
    expect(await readOpfs(page, 'sandbox/src/main.go')).toBe(mainGo);
    expect(await readOpfs(page, 'sandbox/README.md')).toBe(readme);
    expect(await readOpfs(page, 'sandbox/test/file.txt')).toBe('changed by hand\n');
    expect(await readOpfs(page, 'sandbox/samples/mine.txt')).toBe('mine\n');
    expect(await readOpfs(page, 'sandbox.seeding')).toBeNull();
  });

  test('without folder access: a clear notice, and Import folder… copies a folder into the sandbox', async ({ page }) => {
    await stubDirectoryPicker(page, { unsupported: true });
    await start(page);
    await expect(page.getByRole('note')).toContainText('This browser cannot open folders');
    await page.screenshot({ path: 'test-results/screens/workspace-no-folder-access.png' });
    await expect(workspaceBar(page).getByRole('button', { name: 'Open folder…' })).toHaveCount(0);
    await expect(workspaceBar(page).getByRole('button', { name: /Download changes/ })).toBeDisabled();

    const dir = mkdtempSync(join(tmpdir(), 'import-'));
    const project = join(dir, 'project');
    mkdirSync(join(project, 'lib'), { recursive: true });
    mkdirSync(join(project, 'node_modules'), { recursive: true });
    writeFileSync(join(project, 'lib', 'util.py'), 'def util():\n    return 1\n');
    writeFileSync(join(project, 'node_modules', 'skip.js'), 'skipped\n');
    await page.getByLabel('Folder to import').setInputFiles(project);

    await expect(page.getByText('Imported 1 file into the sandbox.')).toBeVisible();
    await expect(item(page, 'lib')).toBeVisible();
    await expect(item(page, 'node_modules')).toHaveCount(0);
    expect(await readOpfs(page, 'sandbox/lib/util.py')).toBe('def util():\n    return 1\n');
    expect(await readOpfs(page, 'sandbox/node_modules/skip.js')).toBeNull();
  });
});
