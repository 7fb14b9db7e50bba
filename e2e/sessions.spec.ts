import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { readOpfs } from './support/picker';
import { verdictsTranscript } from './support/verdicts-transcript';

// Sessions in the app (issue 10, part 3): a prompt engineer opens an agent transcript, reads the
// replay's figures, looks at the failures and why they failed, asks what another profile would
// have done, and saves the session's final state into the sandbox (all files or none). Several
// transcripts open at once give a table of them; a call nobody can judge says why.

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
  await expect(figures(page)).toHaveText(['7', '7', '3', '3 (1 not found, 1 not unique, 1 not read)', '0', '0']);
  await expect(timeline(page).getByRole('option')).toHaveCount(10);
  await expect(option(page, '#0, Read 2.1.88, /test/config.toml, read, not run')).toHaveAttribute('aria-disabled', 'true');
  await expect(option(page, '#5, Bash 2.1.88, not an edit, not run')).toHaveAttribute('aria-disabled', 'true');

  await page.getByRole('radio', { name: 'Failed (3)' }).check();
  await expectNames(page, [
    '#2, Edit 2.1.88, /test/config.toml, not found, agrees with the transcript',
    '#4, Edit 2.1.88, /src/main.go, not read first, agrees with the transcript',
    '#7, Edit 2.1.88, /src/main.go, not unique, agrees with the transcript',
  ]);

  // A failing call: our error in the Result pane, beside the transcript's record of it.
  await option(page, '#2, Edit 2.1.88, /test/config.toml, not found, agrees with the transcript').click();
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
  await expect(option(page, '#4, Edit 2.1.88, /src/main.go, not read first, agrees with the transcript')).toHaveAttribute('aria-selected', 'true');
  await expect(result.getByLabel('Error message')).toHaveText('<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>');
  await timeline(page).press('j');
  await expect(option(page, '#7, Edit 2.1.88, /src/main.go, not unique, agrees with the transcript')).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('radio', { name: 'All (10)' }).check();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(option(page, '#4, Edit 2.1.88, /src/main.go, not read first, agrees with the transcript')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Alt+ArrowUp');
  await expect(option(page, '#3, Edit 2.1.88, /test/config.toml, succeeded, agrees with the transcript')).toHaveAttribute('aria-selected', 'true');
  // A successful call shows its own stage in the Diff view.
  await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Diff' }).click();
  await expect(page.getByRole('region', { name: 'Diff of /test/config.toml' })).toBeVisible();

  // What if call #2 had gone to multiedit: another message, so it would not have matched.
  await option(page, '#2, Edit 2.1.88, /test/config.toml, not found, agrees with the transcript').click();
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

test('seeded from the transcript: unseen files are listed, the call on one cannot be judged, with why; nothing to save', async ({ page }) => {
  await openSessionTab(page);
  await openSample(page, 'anthropic-messages.json');
  await expect(figures(page)).toHaveText(['4', '4', '1', '2 (1 not found, 1 other)', '0', '0']);

  await page.getByRole('switch', { name: 'Seed from transcript' }).check();
  await expect(page.getByLabel('Seeded files')).toContainText('Unseen (edited, never shown): /test/config.toml (call #4)');
  await expect(figures(page)).toHaveText(['4', '3', '1', '2 (1 not found, 1 no file)', '0', '1 (1 file never shown)']);
  await page.getByRole('radio', { name: 'Cannot judge (1)' }).check();
  await expectNames(page, ['#4, str_replace_based_edit_tool, /test/config.toml, no such file, cannot judge: file never shown']);
  await expect(option(page, '#4, str_replace_based_edit_tool, /test/config.toml, no such file, cannot judge: file never shown').locator('.session-row-status')).toHaveText('never shown');
  await option(page, '#4, str_replace_based_edit_tool, /test/config.toml, no such file, cannot judge: file never shown').click();
  const views = page.getByRole('region', { name: 'Views' });
  await expect(views.getByLabel('Verdict')).toHaveText('Cannot judge: file never shown');
  await expect(views.getByLabel('Why it cannot be judged')).toHaveText('The transcript never shows test/config.toml before a call edits it, so its content is unknown.');
  await expect(page.getByRole('button', { name: 'Save session…' })).toBeDisabled();
  await page.getByRole('button', { name: /^Switch to (dark|light) theme$/ }).click();
  await page.screenshot({ path: 'test-results/screens/session-other-theme.png' });

  await page.getByRole('switch', { name: 'Seed from transcript' }).uncheck();
  await expect(figures(page)).toHaveText(['4', '4', '1', '2 (1 not found, 1 other)', '0', '0']);
});

test('a transcript picked as a file or pasted is read; the format can be chosen over detection', async ({ page }) => {
  await openSessionTab(page);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Open transcript…' }).click();
  await (await chooser).setFiles({ name: 'rollout.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(sampleText('codex-rollout.jsonl')) });
  await expect(page.getByLabel('Detection')).toHaveText('Codex CLI session rollout JSONL: line 1 is a "session_meta" line with a "payload".');
  await expect(figures(page)).toHaveText(['3', '3', '1', '1 (1 not found)', '0', '0']);

  await page.getByRole('button', { name: 'Paste…' }).click();
  await page.getByRole('textbox', { name: 'Transcript text' }).fill(sampleText('mcp-jsonrpc.jsonl'));
  await page.getByRole('button', { name: 'Read pasted text' }).click();
  await expect(page.getByLabel('Detection')).toHaveText('MCP JSON-RPC log: line 1 is a message with "jsonrpc": "2.0".');
  await expect(figures(page)).toHaveText(['4', '4', '1', '2 (1 not found, 1 no file)', '0', '0']);

  await page.getByRole('combobox', { name: 'Format' }).selectOption('claude-code-jsonl');
  await expect(page.getByLabel('Detection')).toHaveText('Claude Code session JSONL, as chosen (not detected).');
  await expect(figures(page)).toHaveText(['0', '0', '0', '0', '0', '0']);
});

const VERDICTS = '#0, Read 2.1.88, /test/file.txt, read, not run';
const REFUSED = "#1, Edit 2.1.88, /test/file.txt, succeeded, cannot judge: not the tool's answer";
const RESYNCED = '#2, Edit 2.1.88, /test/config.toml, succeeded, agrees with the transcript, re-synced 1 file to the transcript';
const CHANGED = '#4, Edit 2.1.88, /test/config.toml, not found, cannot judge: changed outside the calls';
const DIFFERS = '#5, Edit 2.1.88, /test/file.txt, succeeded, differs from the transcript';

const cells = (row: ReturnType<Page['locator']>) => row.locator('th, td');

test('several transcripts at once: a row per transcript and the totals, per tool and version; a row opens its timeline, where a call nobody can judge says why', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openSessionTab(page);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Open transcript…' }).click();
  await (await chooser).setFiles([
    { name: 'verdicts.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(verdictsTranscript()) },
    { name: 'claude-code.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(sampleText('claude-code.jsonl')) },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a transcript') },
  ]);

  // The table: the same figures `edit-playground replay verdicts.jsonl claude-code.jsonl notes.txt` prints.
  const table = page.getByRole('table', { name: 'Transcripts' });
  await expect(table).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
  await expect(page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Transcript' })).toHaveAttribute('aria-selected', 'true');
  await expect(table.locator('caption')).toHaveText('2 of 3 transcripts replayed, 1 not a transcript · choose one to open its calls in the timeline');
  await expect(cells(table.locator('thead tr'))).toHaveText(['Transcript', 'Format', 'Edit calls', 'Agree', 'Differ (outcome/text)', 'Cannot judge', 'Not recorded', 'Failed']);
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expect(cells(table.locator('tbody tr').nth(0))).toHaveText(['verdicts.jsonl', 'claude-code-jsonl', '4', '1', '1 (0/1)', '2', '0', '1']);
  await expect(cells(table.locator('tbody tr').nth(1))).toHaveText(['claude-code.jsonl', 'claude-code-jsonl', '7', '7', '0 (0/0)', '0', '0', '3']);
  await expect(cells(table.locator('tfoot tr'))).toHaveText(['Total', '', '11', '8', '1 (0/1)', '2', '0', '4']);
  await expect(page.getByRole('list', { name: 'Not replayed' }).getByRole('listitem')).toHaveText(['notes.txt: not a transcript this tool reads. Not detected: the text is neither JSON nor JSONL.']);
  await expect(page.getByLabel('Totals').locator('dd')).toHaveText(['2 not found, 1 not unique, 1 not read', "1 not the tool's answer, 1 changed outside the calls"]);
  const tools = page.getByRole('table', { name: 'By tool and version' });
  await expect(cells(tools.locator('thead tr'))).toHaveText(['Tool', 'Version', 'Edit calls', 'Failed', 'not found', 'not unique', 'not read', 'Recorded failed', 'Agree', 'Differ', 'Cannot judge', 'Not recorded']);
  await expect(cells(tools.locator('tbody tr').nth(0))).toHaveText(['Edit', '2.1.88', '10', '4', '2', '1', '1', '3', '7', '1', '2', '0']);
  await expect(cells(tools.locator('tbody tr').nth(1))).toHaveText(['Write', '2.1.88', '1', '0', '0', '0', '0', '0', '1', '0', '0', '0']);
  const side = page.getByRole('complementary', { name: 'Workspace and suites' });
  await expect(side.getByRole('region', { name: 'Transcripts' })).toContainText('2 of 3 transcripts replayed, 1 not a transcript');
  await page.screenshot({ path: 'test-results/screens/session-batch.png' });

  // A row opens that transcript's timeline; the table stays, the row marked as the open one.
  await table.getByRole('button', { name: 'verdicts.jsonl' }).click();
  await expect(page.getByLabel('Detection')).toHaveText('Claude Code session JSONL: line 1 is a "assistant" event with "sessionId", "uuid".');
  await expect(table.locator('tbody tr').nth(0)).toHaveAttribute('aria-current', 'true');
  await expect(page.getByLabel('Releases')).toHaveText('Recorded by release 2.1.88.');
  await expect(figures(page)).toHaveText(['4', '1', '2', '1 (1 not found)', '1 (0 in outcome, 1 in text only)', "2 (1 not the tool's answer, 1 changed outside the calls)"]);
  await expectNames(page, [VERDICTS, REFUSED, RESYNCED, '#3, Bash 2.1.88, not an edit, not run', CHANGED, DIFFERS]);
  await page.getByRole('radio', { name: 'Cannot judge (2)' }).check();
  await expectNames(page, [REFUSED, CHANGED]);
  await expect(option(page, CHANGED).locator('.session-row-status')).toHaveText('changed outside');
  await expect(option(page, REFUSED).locator('.session-row-status')).toHaveText('not its answer');

  // A call nobody can judge: why, in words, and what in the transcript shows it.
  await option(page, CHANGED).click();
  const views = page.getByRole('region', { name: 'Views' });
  await expect(views.getByLabel('Verdict')).toHaveText('Cannot judge: changed outside the calls');
  await expect(views.getByLabel('Why it cannot be judged')).toHaveText("Call #3 ran `sed -i 's/debug = false/debug = yes/' test/config.toml`.");
  await expect(views.getByRole('heading', { level: 2 })).toHaveText('Call #4 · Edit 2.1.88 /test/config.toml');
  await option(page, REFUSED).click();
  await expect(views.getByLabel('Verdict')).toHaveText("Cannot judge: not the tool's answer");
  await expect(views.getByLabel('Why it cannot be judged')).toHaveText(
    'The user refused permission, so the tool never ran: "The user doesn\'t want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file)."',
  );
  await page.screenshot({ path: 'test-results/screens/session-cannot-judge.png' });

  // A re-synced call, and one that differs in text only.
  await page.getByRole('radio', { name: 'All (6)' }).check();
  await option(page, RESYNCED).click();
  await expect(views.getByLabel('Verdict')).toHaveText('Agrees with the transcript');
  await expect(views.getByRole('region', { name: 'Re-synced' }).getByRole('listitem')).toHaveText(["Re-synced /test/config.toml from the transcript's originalFile: differed from line 2"]);
  await option(page, DIFFERS).click();
  await expect(views.getByLabel('Verdict')).toHaveText('Differs in text only: both succeeded, with other texts');
  await expect(views.getByLabel('Line diff, expected against actual')).toBeVisible();

  // Back to the table, in the other theme.
  await views.getByRole('button', { name: 'All 3 transcripts' }).click();
  await expect(table).toBeVisible();
  await page.getByRole('button', { name: /^Switch to (dark|light) theme$/ }).click();
  await page.screenshot({ path: 'test-results/screens/session-batch-other-theme.png' });
});

test('a shared session reopens with its verdicts: the call that cannot be judged says so, and why, after the link is opened', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openSessionTab(page);
  await page.getByRole('button', { name: 'Paste…' }).click();
  await page.getByRole('textbox', { name: 'Transcript text' }).fill(verdictsTranscript());
  await page.getByRole('button', { name: 'Read pasted text' }).click();
  await option(page, CHANGED).click();
  await expect(option(page, CHANGED)).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('banner').getByRole('button', { name: 'Share' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Link copied/ })).toBeVisible();
  const link = page.url();

  await page.goto('/');
  await page.goto(link);
  const dialog = page.getByRole('dialog', { name: 'Open a shared run' });
  await dialog.getByRole('button', { name: 'Open' }).click();
  await expect(option(page, CHANGED)).toHaveAttribute('aria-selected', 'true', { timeout: 15_000 });
  await expect(figures(page)).toHaveText(['4', '1', '2', '1 (1 not found)', '1 (0 in outcome, 1 in text only)', "2 (1 not the tool's answer, 1 changed outside the calls)"]);
  const views = page.getByRole('region', { name: 'Views' });
  await expect(views.getByLabel('Verdict')).toHaveText('Cannot judge: changed outside the calls');
  await expect(views.getByLabel('Why it cannot be judged')).toHaveText("Call #3 ran `sed -i 's/debug = false/debug = yes/' test/config.toml`.");
  await expect(option(page, RESYNCED)).toBeVisible();
});

test('several transcripts dropped on the Session tab replay as a table', async ({ page }) => {
  await openSessionTab(page);
  const side = page.getByRole('complementary', { name: 'Workspace and suites' });
  const drop = async (files: [string, string][]) => {
    const dataTransfer = await page.evaluateHandle((list) => {
      const dt = new DataTransfer();
      for (const [name, text] of list) dt.items.add(new File([text], name, { type: 'application/json' }));
      return dt;
    }, files);
    await side.locator('.session').dispatchEvent('drop', { dataTransfer });
  };
  await drop([
    ['mcp.jsonl', sampleText('mcp-jsonrpc.jsonl')],
    ['chat.json', sampleText('openai-chat.json')],
  ]);
  const table = page.getByRole('table', { name: 'Transcripts' });
  await expect(table).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
  await expect(table.locator('tbody th')).toHaveText(['mcp.jsonl', 'chat.json']);
  await expect(cells(table.locator('tfoot tr'))).toHaveText(['Total', '', '8', '8', '0 (0/0)', '0', '0', '4']);
  await expect(page.getByLabel('Totals').locator('dd')).toHaveText(['2 not found, 1 not unique, 1 no file', 'none']);
});

test("what if a SWE-agent 0.x windowed edit had gone to multiedit: the change it made, as a find/replace", async ({ page }) => {
  await openSessionTab(page);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Open transcript…' }).click();
  const trajectory = readFileSync(new URL('../tests/sessions/real/swe-agent/SWE-agent--pydicom__pydicom-1458.traj', import.meta.url));
  await (await chooser).setFiles({ name: 'pydicom__pydicom-1458.traj', mimeType: 'application/json', buffer: trajectory });
  await expect(page.getByLabel('Figures')).toBeVisible({ timeout: 15_000 });
  // Call #1 is `edit 1:1` of the file `create` made (one empty line): its line becomes the script.
  await timeline(page).getByRole('option', { name: /^#1, / }).click();
  const views = page.getByRole('region', { name: 'Views' });
  await views.getByRole('combobox', { name: 'What if the call had gone to' }).selectOption('multiedit');
  await views.getByRole('button', { name: 'What if…' }).click();
  await expect(views.getByRole('status')).toHaveText('Under multiedit: success. It would not have matched the transcript. The result panes show this run.');
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByLabel('Detected call')).toHaveText('What if call #1 (edit) had gone to multiedit');
  await expect(result.getByText('Success', { exact: true })).toBeVisible();
});
