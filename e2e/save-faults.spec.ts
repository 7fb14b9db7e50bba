import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pasteCall, runCall } from './support/calls';
import { readOpfs } from './support/picker';

// A write that fails half-way through a multi-file save (issue 12): the browser's own refusal,
// not a test hook. A worker of the page holds an exclusive sync access handle on the second file,
// so Chromium refuses to open it for writing; the commit must put the first file back, remove
// what it created, say so, and leave every byte as it was.

const CONFIG = '[server]\nhost = "localhost"\nport = 8080\n\n[app]\ndebug = false\n';
const FILE = 'line 1\nline 2\nline 3\n';

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Save changes' });

/** Locks `path` (under the OPFS root) with a sync access handle held by a worker of the page. */
async function lockOpfsFile(page: Page, path: string): Promise<void> {
  await page.evaluate(async (p) => {
    const source = `onmessage = async (e) => {
      let dir = await navigator.storage.getDirectory();
      const parts = e.data.split('/');
      for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part);
      const file = await dir.getFileHandle(parts.at(-1));
      self.handle = await file.createSyncAccessHandle();
      postMessage('locked');
    };`;
    const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
    (window as unknown as { lockWorker: Worker }).lockWorker = worker;
    await new Promise<void>((resolve, reject) => {
      worker.onmessage = () => resolve();
      worker.onerror = (e) => reject(new Error(e.message));
      worker.postMessage(p);
    });
  }, path);
}

test('a write refused on the second of three files: the first is restored, the created one removed, and the dialog says so', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Call' }).locator('.monaco-editor')).toBeVisible({ timeout: 15_000 });
  const patch = [
    '*** Begin Patch',
    '*** Update File: test/config.toml',
    '@@ [server]',
    ' host = "localhost"',
    '-port = 8080',
    '+port = 3000',
    '*** Update File: test/file.txt',
    '@@',
    '-line 2',
    '+line two',
    '*** Add File: test/notes.md',
    '+# Notes',
    '*** End Patch',
  ].join('\n');
  await pasteCall(page, patch);
  await runCall(page);
  await expect(page.getByRole('region', { name: 'Result' }).getByRole('region', { name: 'Tool output' })).toContainText('Success. Updated the following files:');

  await lockOpfsFile(page, 'sandbox/test/file.txt');
  await page.getByRole('banner').getByRole('button', { name: 'Save', exact: true }).click();
  await dialog(page).getByRole('button', { name: 'Save', exact: true }).click();
  const alert = dialog(page).getByRole('alert');
  await expect(alert).toContainText('WRITE_FAILED: Could not write test/file.txt: the file is locked by another writer');
  await expect(alert).toContainText('Restored: test/config.toml');
  await page.screenshot({ path: 'test-results/screens/save-fault.png' });

  // Every byte as it was: the first file put back, the second never written, the third not there.
  await page.evaluate(() => (window as unknown as { lockWorker: Worker }).lockWorker.terminate());
  expect(await readOpfs(page, 'sandbox/test/config.toml')).toBe(CONFIG);
  expect(await readOpfs(page, 'sandbox/test/file.txt')).toBe(FILE);
  expect(await readOpfs(page, 'sandbox/test/notes.md')).toBeNull();
});

test('MultiEditBatch: the same refusal mid-batch restores the file already written and leaves the third alone', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Call' }).locator('.monaco-editor')).toBeVisible({ timeout: 15_000 });
  const batch = {
    name: 'MultiEditBatch',
    arguments: {
      description: 'Three files in one batch',
      edits: [
        { file_path: '/test/config.toml', old_string: 'port = 8080', new_string: 'port = 3000' },
        { file_path: '/test/file.txt', old_string: 'line 2', new_string: 'line two' },
        { file_path: '/test/code.rs', old_string: 'fn old_func()', new_string: 'fn new_func()' },
      ],
    },
  };
  await pasteCall(page, JSON.stringify(batch));
  await runCall(page);

  await lockOpfsFile(page, 'sandbox/test/file.txt');
  await page.getByRole('banner').getByRole('button', { name: 'Save', exact: true }).click();
  await dialog(page).getByRole('button', { name: 'Save', exact: true }).click();
  const alert = dialog(page).getByRole('alert');
  await expect(alert).toContainText('WRITE_FAILED: Could not write /test/file.txt: the file is locked by another writer');
  await expect(alert).toContainText('Restored: /test/config.toml');

  await page.evaluate(() => (window as unknown as { lockWorker: Worker }).lockWorker.terminate());
  expect(await readOpfs(page, 'sandbox/test/config.toml')).toBe(CONFIG);
  expect(await readOpfs(page, 'sandbox/test/file.txt')).toBe(FILE);
  expect(await readOpfs(page, 'sandbox/test/code.rs')).toBe('fn old_func() {\n    println!("old");\n}\n');
});

test('MultiEditBatch with atomic: false: the refusal of one file leaves the others written, and the dialog says which (issue 16, item 7)', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Call' }).locator('.monaco-editor')).toBeVisible({ timeout: 15_000 });
  const batch = {
    name: 'MultiEditBatch',
    arguments: {
      description: 'Three files, each on its own',
      atomic: false,
      edits: [
        { file_path: '/test/config.toml', old_string: 'port = 8080', new_string: 'port = 3000' },
        { file_path: '/test/file.txt', old_string: 'line 2', new_string: 'line two' },
        { file_path: '/test/code.rs', old_string: 'fn old_func()', new_string: 'fn new_func()' },
      ],
    },
  };
  await pasteCall(page, JSON.stringify(batch));
  await runCall(page);

  await lockOpfsFile(page, 'sandbox/test/file.txt');
  await page.getByRole('banner').getByRole('button', { name: 'Save', exact: true }).click();
  await dialog(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog(page).getByRole('alert')).toContainText(
    'WRITE_FAILED: Could not write /test/file.txt: the file is locked by another writer (another tab, or an open sync access handle). The other files were written: /test/config.toml, /test/code.rs.',
  );

  await page.evaluate(() => (window as unknown as { lockWorker: Worker }).lockWorker.terminate());
  expect(await readOpfs(page, 'sandbox/test/config.toml')).toBe(CONFIG.replace('port = 8080', 'port = 3000'));
  expect(await readOpfs(page, 'sandbox/test/file.txt')).toBe(FILE);
  expect(await readOpfs(page, 'sandbox/test/code.rs')).toBe('fn new_func() {\n    println!("old");\n}\n');
});

test("a session's Save: the refusal on its second file restores the first and creates nothing", async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('tree').getByRole('treeitem', { name: 'transcripts', exact: true })).toBeVisible({ timeout: 15_000 });
  const main = (await readOpfs(page, 'sandbox/src/main.go'))!;
  await page.getByRole('tablist', { name: 'Side panel' }).getByRole('tab', { name: 'Session' }).click();
  await page.getByRole('combobox', { name: 'Samples' }).selectOption('claude-code.jsonl');
  await expect(page.getByLabel('Figures')).toBeVisible({ timeout: 15_000 });

  await lockOpfsFile(page, 'sandbox/src/main.go');
  await page.getByRole('button', { name: 'Save session…' }).click();
  await expect(dialog(page).getByRole('list', { name: 'Will write' }).getByRole('listitem')).toHaveText(['/test/config.toml', '/src/main.go']);
  await dialog(page).getByRole('button', { name: 'Save', exact: true }).click();
  const alert = dialog(page).getByRole('alert');
  await expect(alert).toContainText('WRITE_FAILED: Could not write /src/main.go: the file is locked by another writer');
  await expect(alert).toContainText('Restored: /test/config.toml');

  await page.evaluate(() => (window as unknown as { lockWorker: Worker }).lockWorker.terminate());
  expect(await readOpfs(page, 'sandbox/test/config.toml')).toBe(CONFIG);
  expect(await readOpfs(page, 'sandbox/src/main.go')).toBe(main);
  expect(await readOpfs(page, 'sandbox/test/notes.md')).toBeNull();
});
