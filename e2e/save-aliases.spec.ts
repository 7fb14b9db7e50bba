import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pasteCall, presetCall, runCall } from './support/calls';
import { readOpfs } from './support/picker';

// A file is its identity, and saves of a file are serialised (SPEC 14, issue 16), in the app as
// in the CLI. The sandbox is OPFS, which has no links: the names of one file that can exist there
// are one path spelled several ways (`a/./b`, `a//b`); a name that differs in case is another file
// (OPFS is case-sensitive). Two tabs of the app share the sandbox and its Web Locks.

const FILE = 'sandbox/test/file.txt';
const ORIGINAL = 'line 1\nline 2\nline 3\n';

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Save changes' });
const saveButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Save', exact: true });
const tree = (page: Page) => page.getByRole('tree', { name: 'Files' });

async function start(page: Page): Promise<void> {
  await page.goto('/');
  await expect(tree(page).getByRole('treeitem', { name: 'test', exact: true })).toBeVisible({ timeout: 15_000 });
}

test('one call names a file three ways: one staged file, every edit saved; another case is another file', async ({ page }) => {
  await start(page);
  await expect(page.getByRole('region', { name: 'Call' }).locator('.monaco-editor')).toBeVisible({ timeout: 15_000 });
  const batch = {
    name: 'MultiEditBatch',
    arguments: {
      description: 'One file, three names',
      atomic: false,
      edits: [
        { file_path: '/test/file.txt', old_string: 'line 1', new_string: 'line one' },
        { file_path: '/test/./file.txt', old_string: 'line 2', new_string: 'line two' },
        { file_path: '/test//file.txt', old_string: 'line one\nline two', new_string: 'line one\nline two\nline 2.5' },
        { file_path: '/test/FILE.txt', old_string: 'line 3', new_string: 'line three' },
      ],
    },
  };
  await pasteCall(page, JSON.stringify(batch));
  await runCall(page);
  const output = page.getByRole('region', { name: 'Result' }).getByLabel('Result JSON');
  await expect(output).toContainText('"total_files": 2,\n    "successful_files": 1,');
  await expect(output).toContainText('Entry 3 (/test/FILE.txt): file not found');

  await saveButton(page).click();
  await expect(dialog(page).getByRole('list', { name: 'Will write' }).getByRole('listitem')).toHaveText(['/test/file.txt']);
  await dialog(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved / })).toHaveText('Saved 1 file: /test/file.txt');
  expect(await readOpfs(page, FILE)).toBe('line one\nline two\nline 2.5\nline 3\n');
  expect(await readOpfs(page, 'sandbox/test/FILE.txt')).toBeNull();
});

test('two tabs save the same file at once: one saves, the other reports a conflict, and the saved edit is in the file', async ({ page, context }) => {
  const other = await context.newPage();
  const calls = [
    { path: '/test/file.txt', edits: [{ old_string: 'line 1', new_string: 'line one' }] },
    { path: '/test/file.txt', edits: [{ old_string: 'line 3', new_string: 'line three' }] },
  ];
  const texts = ['line one\nline 2\nline 3\n', 'line 1\nline 2\nline three\n'];
  const pages = [page, other];
  for (const [i, p] of pages.entries()) {
    await presetCall(p, 'multi_edit_text_file', calls[i]);
    await start(p);
    await runCall(p);
  }
  expect(await readOpfs(page, FILE)).toBe(ORIGINAL);
  for (const p of pages) {
    await saveButton(p).click();
    await expect(dialog(p).getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
  }
  await Promise.all(pages.map((p) => dialog(p).getByRole('button', { name: 'Save', exact: true }).click()));

  /** 'saved', 'conflict', or null while the save is under way. */
  const fate = async (p: Page): Promise<string | null> => {
    if ((await p.getByRole('status').filter({ hasText: 'Saved 1 file: /test/file.txt' }).count()) > 0) return 'saved';
    const alert = dialog(p).getByRole('alert');
    return (await alert.count()) > 0 && /CONFLICT/.test(await alert.innerText()) ? 'conflict' : null;
  };
  await expect.poll(async () => (await Promise.all(pages.map(fate))).sort(), { timeout: 15_000 }).toEqual(['conflict', 'saved']);
  const winner = (await fate(page)) === 'saved' ? 0 : 1;
  await expect(dialog(pages[1 - winner]!).getByRole('alert')).toContainText('File changed since the run: /test/file.txt. Nothing was written; run the call again.');
  expect(await readOpfs(page, FILE)).toBe(texts[winner]);
  await other.close();
});
