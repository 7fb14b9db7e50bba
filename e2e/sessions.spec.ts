import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { readOpfs } from './support/picker';

// Sessions in the app (issue 10, part 3): a prompt engineer opens an agent transcript, reads the
// replay's figures, looks at the failures and why they failed, asks what another profile would
// have done, and saves the session's final state into the sandbox (all files or none).

const sampleText = (file: string): string => readFileSync(new URL(`../src/sessions/samples/${file}`, import.meta.url), 'utf8');

async function openSessionTab(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('tree').getByRole('treeitem', { name: 'transcripts', exact: true })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('tablist', { name: 'Side panel' }).getByRole('tab', { name: 'Session' }).click();
}

async function openSample(page: Page, file: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Samples' }).selectOption(file);
  await expect(page.getByLabel('Figures')).toBeVisible({ timeout: 15_000 });
}

const timeline = (page: Page) => page.getByRole('listbox', { name: 'Timeline' });
const figures = (page: Page) => page.getByLabel('Figures').locator('dd');
const option = (page: Page, name: string) => timeline(page).getByRole('option', { name, exact: true });

async function expectNames(page: Page, names: string[]): Promise<void> {
  const options = timeline(page).getByRole('option');
  await expect(options).toHaveCount(names.length);
  for (const [i, name] of names.entries()) await expect(options.nth(i)).toHaveAccessibleName(name);
}

test('a Claude Code sample: figures, failures and why, stepping, what if under multiedit, Save session', async ({ page }) => {
  await openSessionTab(page);
  await expect(page.getByText("Replay an agent's transcript")).toBeVisible();
  await openSample(page, 'claude-code.jsonl');

  await expect(page.getByLabel('Detection')).toHaveText('Claude Code session JSONL: line 1 is a "summary" event.');
  await expect(page.getByRole('complementary', { name: 'Workspace and suites' }).getByRole('textbox', { name: 'Mount' })).toHaveValue('/');
  await expect(figures(page)).toHaveText(['7', '3 (1 not found, 1 not unique, 1 other)', '0', '3']);
  await expect(timeline(page).getByRole('option')).toHaveCount(10);
  await expect(option(page, '#0, Read, /test/config.toml, read, not run')).toHaveAttribute('aria-disabled', 'true');
  await expect(option(page, '#5, Bash, not an edit, not run')).toHaveAttribute('aria-disabled', 'true');

  await page.getByRole('radio', { name: 'Failed (3)' }).check();
  await expectNames(page, [
    '#2, Edit, /test/config.toml, not found, agrees with the transcript',
    '#4, Edit, /src/main.go, failed, agrees with the transcript',
    '#7, Edit, /src/main.go, not unique, agrees with the transcript',
  ]);

  // A failing call: our error in the Result pane, beside the transcript's record of it.
  await option(page, '#2, Edit, /test/config.toml, not found, agrees with the transcript').click();
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByText('Error', { exact: true })).toBeVisible();
  await expect(result.getByLabel('Error message')).toHaveText('<tool_use_error>String to replace not found in file.\nString: debug = False</tool_use_error>');
  await expect(page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Transcript' })).toHaveAttribute('aria-selected', 'true');
  const views = page.getByRole('region', { name: 'Views' });
  await expect(views.getByLabel('Verdict')).toHaveText('Agrees with the transcript');
  await expect(views.getByRole('region', { name: 'Our replay' })).toContainText('String to replace not found in file.\nString: debug = False');
  await expect(views.getByRole('region', { name: 'Recorded in the transcript' })).toContainText('<tool_use_error>String to replace not found in file.\nString: debug = False</tool_use_error>');
  await expect(views.getByRole('region', { name: 'Recorded in the transcript' })).toContainText('(from flag)');
  await page.screenshot({ path: 'test-results/screens/session.png' });

  // Keys: ↓ and j in the timeline stay within the filter; Alt+↑ works from anywhere.
  await timeline(page).press('ArrowDown');
  await expect(option(page, '#4, Edit, /src/main.go, failed, agrees with the transcript')).toHaveAttribute('aria-selected', 'true');
  await expect(result.getByLabel('Error message')).toHaveText('<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>');
  await timeline(page).press('j');
  await expect(option(page, '#7, Edit, /src/main.go, not unique, agrees with the transcript')).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('radio', { name: 'All (10)' }).check();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(option(page, '#4, Edit, /src/main.go, failed, agrees with the transcript')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Alt+ArrowUp');
  await expect(option(page, '#3, Edit, /test/config.toml, succeeded, agrees with the transcript')).toHaveAttribute('aria-selected', 'true');
  // A successful call shows its own stage in the Diff view.
  await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Diff' }).click();
  await expect(page.getByRole('region', { name: 'Diff of /test/config.toml' })).toBeVisible();

  // What if call #2 had gone to multiedit: another message, so it would not have matched.
  await option(page, '#2, Edit, /test/config.toml, not found, agrees with the transcript').click();
  await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Transcript' }).click();
  await views.getByRole('combobox', { name: 'What if the call had gone to' }).selectOption('multiedit');
  await views.getByRole('button', { name: 'What if…' }).click();
  await expect(views.getByRole('status')).toHaveText('Under multiedit: error. It would not have matched the transcript. The result panes show this run.');
  await expect(result.getByLabel('Error message')).toHaveText('edit 1 failed: old_string not found in /test/config.toml');
  await expect(result.getByLabel('Detected call')).toHaveText('What if call #2 (Edit) had gone to multiedit');

  // Open in composer: the call's input under its profile.
  await views.getByRole('button', { name: 'Open in composer' }).click();
  await expect(page.getByRole('region', { name: 'Call' }).getByRole('combobox', { name: 'Profile' })).toHaveValue('Edit');

  // Save session: the dialog lists every file; the sandbox then holds the session's final state.
  await page.getByRole('button', { name: 'Save session…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save changes' });
  await expect(dialog.getByRole('list', { name: 'Will write' }).getByRole('listitem')).toHaveText(['/test/config.toml', '/src/main.go']);
  await expect(dialog.getByRole('list', { name: 'Will create' }).getByRole('listitem')).toHaveText(['/test/notes.md']);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved 3 files/ })).toBeVisible();
  expect(await readOpfs(page, 'sandbox/test/notes.md')).toBe('# Notes\n\n- server now listens on port 3000\n- debug is on\n');
  expect(await readOpfs(page, 'sandbox/test/config.toml')).toBe('[server]\nhost = "localhost"\nport = 3000\n\n[app]\ndebug = true\n');
  expect(await readOpfs(page, 'sandbox/src/main.go')).toContain('var activeUsers = 0');
});

test('seeded from the transcript: unseen files are listed, the call on one differs, with a text diff; nothing to save', async ({ page }) => {
  await openSessionTab(page);
  await openSample(page, 'anthropic-messages.json');
  await expect(figures(page)).toHaveText(['4', '2 (1 not found, 0 not unique, 1 other)', '0', '1']);

  await page.getByRole('switch', { name: 'Seed from transcript' }).check();
  await expect(page.getByLabel('Seeded files')).toContainText('Unseen (edited, never shown): /test/config.toml (call #4)');
  await expect(figures(page)).toHaveText(['4', '2 (1 not found, 0 not unique, 1 other)', '1', '1']);
  await page.getByRole('radio', { name: 'Differs (1)' }).check();
  await expectNames(page, ['#4, str_replace_based_edit_tool, /test/config.toml, failed, differs from the transcript']);
  await option(page, '#4, str_replace_based_edit_tool, /test/config.toml, failed, differs from the transcript').click();
  const views = page.getByRole('region', { name: 'Views' });
  await expect(views.getByLabel('Verdict')).toHaveText('Differs: the texts are not the same');
  await expect(views.getByLabel('Line diff, expected against actual')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save session…' })).toBeDisabled();
  await page.getByRole('button', { name: /^Switch to (dark|light) theme$/ }).click();
  await page.screenshot({ path: 'test-results/screens/session-other-theme.png' });

  await page.getByRole('switch', { name: 'Seed from transcript' }).uncheck();
  await expect(figures(page)).toHaveText(['4', '2 (1 not found, 0 not unique, 1 other)', '0', '1']);
});

test('a transcript picked as a file or pasted is read; the format can be chosen over detection', async ({ page }) => {
  await openSessionTab(page);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Open transcript…' }).click();
  await (await chooser).setFiles({ name: 'rollout.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(sampleText('codex-rollout.jsonl')) });
  await expect(page.getByLabel('Detection')).toHaveText('Codex CLI session rollout JSONL: line 1 is a "session_meta" line with a "payload".');
  await expect(figures(page)).toHaveText(['3', '1 (1 not found, 0 not unique, 0 other)', '0', '1']);

  await page.getByRole('button', { name: 'Paste…' }).click();
  await page.getByRole('textbox', { name: 'Transcript text' }).fill(sampleText('mcp-jsonrpc.jsonl'));
  await page.getByRole('button', { name: 'Read pasted text' }).click();
  await expect(page.getByLabel('Detection')).toHaveText('MCP JSON-RPC log: line 1 is a message with "jsonrpc": "2.0".');
  await expect(figures(page)).toHaveText(['4', '2 (1 not found, 0 not unique, 1 other)', '0', '1']);

  await page.getByRole('combobox', { name: 'Format' }).selectOption('claude-code-jsonl');
  await expect(page.getByLabel('Detection')).toHaveText('Claude Code session JSONL, as chosen (not detected).');
  await expect(figures(page)).toHaveText(['0', '0 (0 not found, 0 not unique, 0 other)', '0', '0']);
});
