import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openAndRun, pasteCall, runCall } from './support/calls';
import { readOpfs } from './support/picker';

// The reference dialects (issue 9) on the sample workspace, the way a prompt engineer pastes
// them: an Anthropic tool_use of the text editor tool and a bare Codex V4A patch. Expected texts
// are the references' own (edit.py's snippet and sentences, codex's summary).

async function save(page: Page, groups: Record<string, string[]>): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Save changes' });
  for (const [group, items] of Object.entries(groups)) await expect(dialog.getByRole('list', { name: group }).getByRole('listitem')).toHaveText(items);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved / })).toBeVisible();
}

test('Anthropic text editor: str_replace on a tab-indented file shows expandtabs, then insert; both saved', async ({ page }) => {
  await openAndRun(page, 'str_replace_based_edit_tool', {
    type: 'tool_use',
    id: 'toolu_01',
    name: 'str_replace_based_edit_tool',
    input: { command: 'str_replace', path: '/src/main.go', old_str: 'var userCount = 0', new_str: 'var userCount = 1' },
  });
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByText('Success', { exact: true })).toBeVisible({ timeout: 15_000 });
  const output = result.getByRole('region', { name: 'Tool output' });
  await expect(output).toContainText("The file /src/main.go has been edited. Here's the result of running `cat -n` on a snippet of /src/main.go:");
  await expect(output).toContainText('Review the changes and make sure they are as expected. Edit the file again if necessary.');
  await expect(result.getByRole('list', { name: 'Warnings' })).toContainText('the reference runs expandtabs() on the whole file');

  // The tab-indented lines no edit named change too, and the diff says so.
  await page.getByRole('button', { name: 'Unified diff' }).click();
  const unified = page.getByRole('region', { name: 'Unified diff of /src/main.go' });
  for (const line of ['-var userCount = 0', '+var userCount = 1', '-\tuserCount = userCount + 1', '+        userCount = userCount + 1']) await expect(unified).toContainText(line);
  await page.getByRole('button', { name: 'Unified diff' }).click();
  await expect(page.getByRole('region', { name: 'Diff of /src/main.go' })).toBeVisible();

  await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Stages' }).click();
  await expect(page.getByRole('list', { name: 'Steps' }).getByRole('button')).toHaveText(['expandtabs(): every tab becomes spaces', 'Edit 0']);
  await page.screenshot({ path: 'test-results/screens/dialect-anthropic.png' });

  await save(page, { 'Will write': ['/src/main.go'] });
  const go = await readOpfs(page, 'sandbox/src/main.go');
  expect(go).toContain('var userCount = 1\n');
  expect(go).not.toContain('\t');

  await pasteCall(page, JSON.stringify({ type: 'tool_use', id: 'toolu_02', name: 'str_replace_based_edit_tool', input: { command: 'insert', path: '/test/file.txt', insert_line: 1, new_str: 'line 1.5' } }));
  await runCall(page);
  await expect(result.getByRole('region', { name: 'Tool output' })).toContainText(
    "The file /test/file.txt has been edited. Here's the result of running `cat -n` on a snippet of the edited file:\n     1\tline 1\n     2\tline 1.5\n     3\tline 2\n     4\tline 3\n     5\t\nReview the changes and make sure they are as expected (correct indentation, no duplicate lines, etc). Edit the file again if necessary.",
  );
  await save(page, { 'Will write': ['/test/file.txt'] });
  expect(await readOpfs(page, 'sandbox/test/file.txt')).toBe('line 1\nline 1.5\nline 2\nline 3\n');
});

test('Codex apply_patch: a bare V4A patch updating one file and adding another, stage per hunk, saved', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Call' }).locator('.monaco-editor')).toBeVisible({ timeout: 15_000 });
  const patch = [
    '*** Begin Patch',
    '*** Update File: test/config.toml',
    '@@ [server]',
    ' host = "localhost"',
    '-port = 8080',
    '+port = 3000',
    '@@ [app]',
    '-debug = false',
    '+debug = true',
    '*** Add File: test/notes.md',
    '+# Notes',
    '+The port moved to 3000.',
    '*** End Patch',
  ].join('\n');
  await pasteCall(page, patch);
  await expect(page.getByRole('region', { name: 'Call' }).getByRole('status').last()).toContainText('V4A patch text');
  await runCall(page);
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByRole('region', { name: 'Tool output' }).locator('pre')).toHaveText('Success. Updated the following files:\nA test/notes.md\nM test/config.toml\n');

  const files = page.getByRole('tablist', { name: 'Changed files' });
  await expect(files.getByRole('tab')).toHaveCount(2);
  await page.getByRole('button', { name: 'Unified diff' }).click();
  const unified = page.getByRole('region', { name: /^Unified diff of / });
  for (const line of ['-port = 8080', '+port = 3000', '-debug = false', '+debug = true']) await expect(unified).toContainText(line);
  await page.getByRole('button', { name: 'Unified diff' }).click();

  await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Stages' }).click();
  await expect(page.getByRole('list', { name: 'Steps' }).getByRole('button')).toHaveCount(2);
  await expect(page.getByRole('list', { name: 'Steps' }).getByRole('button').first()).toHaveText(/^Hunk \d+ of test\/config\.toml$/);
  await page.screenshot({ path: 'test-results/screens/dialect-apply-patch.png' });

  await save(page, { 'Will write': ['test/config.toml'], 'Will create': ['test/notes.md'] });
  expect(await readOpfs(page, 'sandbox/test/config.toml')).toBe('[server]\nhost = "localhost"\nport = 3000\n\n[app]\ndebug = true\n');
  expect(await readOpfs(page, 'sandbox/test/notes.md')).toBe('# Notes\nThe port moved to 3000.\n');
});

test('Claude Code Edit as a tool_use block, its error in tool_use_error, and Gemini replace as a functionCall; saved', async ({ page }) => {
  await openAndRun(page, 'Edit', {
    type: 'tool_use',
    id: 'toolu_03',
    name: 'Edit',
    input: { file_path: '/src/config.js', old_string: 'const TIMEOUT = 5000;', new_string: 'const TIMEOUT = 3000;' },
  });
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result).toContainText('tool_use_error', { timeout: 15_000 });
  await expect(result).toContainText('<tool_use_error>String to replace not found in file.\nString: const TIMEOUT = 5000;</tool_use_error>');

  await pasteCall(page, JSON.stringify({ type: 'tool_use', id: 'toolu_04', name: 'Edit', input: { file_path: '/src/config.js', old_string: 'const DEBUG_MODE = true;', new_string: 'const DEBUG_MODE = false;' } }));
  await runCall(page);
  await expect(result.getByRole('region', { name: 'Tool output' }).locator('pre')).toHaveText('The file /src/config.js has been updated successfully.');
  await page.getByRole('button', { name: 'Unified diff' }).click();
  const unified = page.getByRole('region', { name: 'Unified diff of /src/config.js' });
  for (const line of ['-const DEBUG_MODE = true;', '+const DEBUG_MODE = false;']) await expect(unified).toContainText(line);
  await page.getByRole('button', { name: 'Unified diff' }).click();
  await save(page, { 'Will write': ['/src/config.js'] });
  expect(await readOpfs(page, 'sandbox/src/config.js')).toContain('const DEBUG_MODE = false;\n');

  const args = { file_path: '/test/config.toml', instruction: 'Turn on debug mode.', old_string: '[app]\ndebug = false', new_string: '[app]\ndebug = true' };
  await pasteCall(page, JSON.stringify({ role: 'model', parts: [{ functionCall: { name: 'replace', args } }] }));
  await expect(page.getByRole('region', { name: 'Call' }).getByRole('status').last()).toContainText('Gemini functionCall');
  await runCall(page);
  await expect(result.getByRole('region', { name: 'Tool output' }).locator('pre')).toHaveText(
    'Successfully modified file: /test/config.toml (1 replacements). Here is the updated code:\n[server]\nhost = "localhost"\nport = 8080\n\n[app]\ndebug = true\n',
  );
  await save(page, { 'Will write': ['/test/config.toml'] });
  expect(await readOpfs(page, 'sandbox/test/config.toml')).toBe('[server]\nhost = "localhost"\nport = 8080\n\n[app]\ndebug = true\n');
});
