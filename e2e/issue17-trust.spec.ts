import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, guardedContext, test } from './fixtures';
import { CONFIG_CALL, pasteCall, presetCall, runCall } from './support/calls';
import { PICKED_FOLDER, readOpfs, seedOpfs, stubDirectoryPicker, writeOpfs } from './support/picker';
import { openSessionSample, openTab } from './support/views';

// Issue 17, items 2-4 and the rest of 15: what is shown, saved and shared is what is on screen. A
// run is marked out of date in every view the moment the call, profile, release, mount or
// workspace changes, and Save and Share say so; a session's call fills the composer, and Share
// sends the session only while its run is the one on screen; each workspace keeps its mount; the
// diff says "Whole file rewritten" only when bytes outside the edit change; History and Share keep
// the release the call ran as (share format 2; version 1 links still open).

const SAMPLE_CONFIG = '[server]\nhost = "localhost"\nport = 8080\n\n[app]\ndebug = false\n';
const EDIT = { file_path: '/src/config.js', old_string: 'const DEBUG_MODE = true;', new_string: 'const DEBUG_MODE = false;' };
const CAT_N_1_0_45 =
  "The file /src/config.js has been updated. Here's the result of running `cat -n` on a snippet of the edited file:\n" +
  '     1→// Application settings\n     2→const API_KEY = "123";\n     3→const DEBUG_MODE = false;\n     4→const TIMEOUT_MS = 5000;\n     5→\n' +
  '     6→module.exports = { API_KEY, DEBUG_MODE, TIMEOUT_MS };\n     7→';

const stale = (reason: string) => `Out of date: ${reason} since this run. Run again (Ctrl+Enter)`;
const composer = (page: Page) => page.getByRole('region', { name: 'Call' });
const result = (page: Page) => page.getByRole('region', { name: 'Result' });
const header = (page: Page) => page.getByRole('banner');
const output = (page: Page) => result(page).getByRole('region', { name: 'Tool output' }).locator('pre');
const resultMark = (page: Page) => result(page).locator('.stale-banner');

/** A share link's fragment, compressed as the app writes them, under format version `v`'s prefix. */
const fragmentOf = (payload: unknown, v: number) => `v${v}.${deflateSync(JSON.stringify(payload)).toString('base64url')}`;

async function openLink(page: Page, fragment: string, facts: string): Promise<void> {
  await page.goto(`/#${fragment}`);
  const dialog = page.getByRole('dialog', { name: 'Open a shared run' });
  await expect(dialog).toContainText(facts, { timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Open' }).click();
  await expect(dialog).toBeHidden();
}

test('a new call marks the whole previous run out of date; Save and Share say so, and Run first saves the new call', async ({ page }) => {
  await presetCall(page, 'multi_edit_text_file', CONFIG_CALL);
  await page.goto('/');
  await runCall(page);
  await expect(resultMark(page)).toHaveCount(0);

  await pasteCall(page, JSON.stringify({ path: '/test/config.toml', edits: [{ old_string: 'debug = false', new_string: 'debug = true' }] }, null, 2));
  const mark = stale('the call changed');
  await expect(result(page).getByRole('status').filter({ hasText: 'Out of date' })).toHaveText(mark);
  for (const view of ['Diff', 'Stages', 'Events']) {
    await openTab(page, 'Views', view);
    await expect(page.getByRole('region', { name: 'Views' }).locator('.stale-banner')).toHaveText(mark);
  }
  await openTab(page, 'Side panel', 'Contracts');
  await expect(page.getByRole('complementary', { name: 'Workspace and suites' }).locator('.stale-banner')).toHaveText(mark);
  await page.screenshot({ path: 'test-results/screens/stale-run.png' });

  // Share: the link would carry the older call, which is not what the composer shows.
  await header(page).getByRole('button', { name: 'Share' }).click();
  const refused = page.getByRole('dialog', { name: 'Could not share' });
  await expect(refused.getByRole('alert')).toHaveText(`${mark}, then Share: a link carries the call that ran, and the call in the composer has not run yet.`);
  await refused.getByRole('button', { name: 'Close' }).click();

  // Ctrl+S: no plan of the older stage, but why, and Run first.
  await page.locator('.app-title').click();
  await page.keyboard.press('Control+s');
  const dialog = page.getByRole('dialog', { name: 'Save changes' });
  await expect(dialog.getByRole('alert')).toHaveText(`${mark}Saving now would write what the earlier call staged, not the call in the composer. Run the call first, then save what it stages.`);
  await expect(dialog.getByRole('list')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Run first' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The Save button says the same.
  await header(page).getByRole('button', { name: 'Save', exact: true }).click();
  await dialog.getByRole('button', { name: 'Run first' }).click();
  // The new call ran; its own plan is offered, and nothing is out of date any more.
  await expect(dialog.getByRole('list', { name: 'Will write' }).getByRole('listitem')).toHaveText(['/test/config.toml']);
  await expect(resultMark(page)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved 1 file/ })).toBeVisible();
  // The new call's edit alone: the older run's port = 3000 was never written.
  expect(await readOpfs(page, 'sandbox/test/config.toml')).toBe(SAMPLE_CONFIG.replace('debug = false', 'debug = true'));
});

test('the release, mount and profile mark the run too; putting them back makes it current again', async ({ page }) => {
  await presetCall(page, 'Edit', EDIT);
  await page.goto('/');
  await runCall(page);
  const release = composer(page).getByLabel('Release');
  await release.selectOption('1.0.45');
  await expect(resultMark(page)).toHaveText(stale('the release changed'));
  await release.selectOption('2.1.88');
  await expect(resultMark(page)).toHaveCount(0);

  const mount = composer(page).getByLabel('Mount');
  await mount.fill('/home/me/proj');
  await expect(resultMark(page)).toHaveText(stale('the mount changed'));
  await mount.fill('/');
  await expect(resultMark(page)).toHaveCount(0);

  await composer(page).getByLabel('Profile').selectOption('edit_text_file');
  await expect(resultMark(page)).toHaveText(stale('the profile changed'));
  await composer(page).getByLabel('Profile').selectOption('Edit');
  await expect(resultMark(page)).toHaveCount(0);
  await expect(output(page)).toHaveText('The file /src/config.js has been updated successfully.');
});

test("a session call fills the composer and Share sends the session; a call run afterwards is what Share sends", async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openSessionSample(page, 'claude-code.jsonl');
  const timeline = page.getByRole('listbox', { name: 'Timeline' });
  const editorText = async () => (await composer(page).locator('.monaco-editor .view-lines').innerText()).replace(/\u00a0/g, ' ');
  // A what-if: the composer holds the input that ran, converted for the profile it ran as.
  await timeline.getByRole('option', { name: /^#2, / }).click();
  const views = page.getByRole('region', { name: 'Views' });
  await views.getByRole('combobox', { name: 'What if the call had gone to' }).selectOption('multiedit');
  await views.getByRole('button', { name: 'What if…' }).click();
  await expect(result(page).getByLabel('Detected call')).toHaveText('What if call #2 (Edit) had gone to multiedit');
  await expect(composer(page).getByLabel('Profile')).toHaveValue('multiedit');
  await expect.poll(editorText).toContain('"edits": [');
  await expect(resultMark(page)).toHaveCount(0);

  await timeline.getByRole('option', { name: /^#3, / }).click();
  await expect(result(page).getByText('Success', { exact: true })).toBeVisible({ timeout: 15_000 });
  // The composer shows the call whose result is on screen.
  await expect(composer(page).getByLabel('Profile')).toHaveValue('Edit');
  await expect.poll(editorText).toContain('"old_string": "debug = false"');
  await expect(resultMark(page)).toHaveCount(0);

  await header(page).getByRole('button', { name: 'Share' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Link copied/ })).toBeVisible();
  const sessionLink = page.url();

  // A call run after it, with the session still open: Share sends that call.
  await composer(page).getByLabel('Profile').selectOption('multi_edit_text_file');
  await expect(resultMark(page)).toHaveText(stale('the profile changed'));
  await pasteCall(page, JSON.stringify(CONFIG_CALL, null, 2));
  await runCall(page);
  await expect(resultMark(page)).toHaveCount(0);
  await expect(result(page).getByLabel('Detected call')).toHaveText('bare input → multi_edit_text_file');
  await header(page).getByRole('button', { name: 'Share' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Link copied/ })).toBeVisible();
  const callLink = page.url();
  expect(callLink).not.toBe(sessionLink);

  await page.goto('/');
  await page.goto(sessionLink);
  const dialog = page.getByRole('dialog', { name: 'Open a shared run' });
  await expect(dialog).toContainText('(claude-code-jsonl)');
  await expect(dialog).toContainText('Opens atcall 3');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.goto('/');
  await page.goto(callLink);
  await expect(dialog).toContainText('profile multi_edit_text_file, mount /');
  await expect(dialog).not.toContainText('transcript');
});

test('the Sandbox button brings back the sandbox mount: a bundle link at /home/me/proj does not follow it', async ({ page }) => {
  const link = fragmentOf(
    {
      version: 2,
      kind: 'call',
      profile: 'Edit',
      text: JSON.stringify({ file_path: '/home/me/proj/notes.txt', old_string: 'one', new_string: 'two' }),
      mount: '/home/me/proj',
      release: '1.0.45',
      files: [{ path: 'notes.txt', text: 'one\n' }],
    },
    2,
  );
  await page.goto('/');
  await expect(page.getByRole('tree').getByRole('treeitem', { name: 'test', exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(composer(page).getByLabel('Mount')).toHaveValue('/');
  await openLink(page, link, 'profile Edit, release 1.0.45, mount /home/me/proj');
  await expect(output(page)).toHaveText("The file /home/me/proj/notes.txt has been updated. Here's the result of running `cat -n` on a snippet of the edited file:\n     1→two\n     2→", { timeout: 15_000 });
  await expect(composer(page).getByLabel('Mount')).toHaveValue('/home/me/proj');
  await expect(composer(page).getByLabel('Release')).toHaveValue('1.0.45');

  await header(page).getByRole('group', { name: 'Workspace' }).getByRole('button', { name: 'Sandbox', exact: true }).click();
  await expect(header(page).getByRole('group', { name: 'Workspace' })).toContainText('Sandboxbrowser storage');
  await expect(composer(page).getByLabel('Mount')).toHaveValue('/');
  // The next call on a sandbox file runs (the release pick stays: it is the profile's, not the workspace's).
  await pasteCall(page, JSON.stringify(EDIT, null, 2));
  await runCall(page);
  await expect(output(page)).toHaveText(CAT_N_1_0_45);
});

test('a folder keeps its own mount, the sandbox its own, and no run of one stays beside the other', async ({ page }) => {
  await stubDirectoryPicker(page);
  await presetCall(page, 'multi_edit_text_file', CONFIG_CALL);
  await page.goto('/');
  await expect(page.getByRole('tree').getByRole('treeitem', { name: 'test', exact: true })).toBeVisible({ timeout: 15_000 });
  await seedOpfs(page, { [`${PICKED_FOLDER}/notes.txt`]: 'one\n' });
  await runCall(page);
  const bar = header(page).getByRole('group', { name: 'Workspace' });
  await bar.getByRole('button', { name: 'Open folder…' }).click();
  await expect(bar).toContainText(PICKED_FOLDER);
  // Opening a folder clears the sandbox's run: nothing of it stays beside the folder.
  await expect(result(page)).toContainText('Run a call to see what the tool returns');
  const mount = composer(page).getByLabel('Mount');
  await expect(mount).toHaveValue('/');
  await mount.fill('/home/me/proj');

  await bar.getByRole('button', { name: 'Sandbox', exact: true }).click();
  await expect(bar).toContainText('Sandboxbrowser storage');
  await expect(mount).toHaveValue('/');
  await bar.getByRole('button', { name: 'Open folder…' }).click();
  await expect(bar).toContainText(PICKED_FOLDER);
  await expect(mount).toHaveValue('/home/me/proj');
  // After a reload the app opens the sandbox, with the sandbox's mount.
  await page.reload();
  await expect(page.getByRole('tree').getByRole('treeitem', { name: 'test', exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(mount).toHaveValue('/');
});

test('a version 1 link (before releases) still opens, as the newest release', async ({ page }) => {
  const link = fragmentOf({ version: 1, kind: 'call', profile: 'Edit', text: JSON.stringify({ file_path: '/notes.txt', old_string: 'one', new_string: 'two' }), files: [{ path: 'notes.txt', text: 'one\n' }] }, 1);
  await openLink(page, link, 'profile Edit, mount /');
  await expect(output(page)).toHaveText('The file /notes.txt has been updated successfully.', { timeout: 15_000 });
  await expect(composer(page).getByLabel('Release')).toHaveValue('2.1.88');
});

test('Share carries the Release pick to another browser; History keeps it and reopening restores it', async ({ page, context, browser, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await presetCall(page, 'Edit', EDIT);
  await page.goto('/');
  const release = composer(page).getByLabel('Release');
  await release.selectOption('1.0.45');
  await runCall(page);
  await expect(output(page)).toHaveText(CAT_N_1_0_45);
  await header(page).getByRole('button', { name: 'Share' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Link copied/ })).toBeVisible();
  const link = page.url();
  expect(link).toMatch(/#v2\.[A-Za-z0-9_-]+$/);

  const other = await guardedContext(browser, { baseURL: baseURL!, viewport: { width: 1280, height: 800 } });
  try {
    await openLink(other.page, link.slice(link.indexOf('#') + 1), 'profile Edit, release 1.0.45, mount /');
    await expect(output(other.page)).toHaveText(CAT_N_1_0_45, { timeout: 15_000 });
    await expect(composer(other.page).getByLabel('Release')).toHaveValue('1.0.45');
  } finally {
    await other.close();
  }

  await release.selectOption('2.1.88');
  await openTab(page, 'Views', 'History');
  const runs = page.getByRole('list', { name: 'Runs' }).getByRole('listitem');
  await expect(runs).toHaveCount(1);
  await runs.nth(0).getByRole('button', { name: /^Reopen/ }).click();
  await expect(release).toHaveValue('1.0.45');
  await runCall(page);
  await expect(output(page)).toHaveText(CAT_N_1_0_45);
});

test('"Whole file rewritten" only where bytes outside the edit change', async ({ page }) => {
  await presetCall(page, 'Edit', EDIT);
  await page.goto('/');
  await expect(page.getByRole('tree').getByRole('treeitem', { name: 'test', exact: true })).toBeVisible({ timeout: 15_000 });
  await runCall(page);
  const views = page.getByRole('region', { name: 'Views' });
  await expect(views.getByRole('region', { name: 'Diff of /src/config.js' })).toBeVisible();
  await expect(views.locator('.diff-toolbar')).toContainText('+1 −1');
  await expect(views.getByText('Whole file rewritten')).toHaveCount(0);

  // Mostly LF with one CRLF: Edit writes the file back with LF everywhere, beyond the edited line.
  await writeOpfs(page, 'sandbox/test/mixed.txt', 'a\r\nb\nc\n');
  await pasteCall(page, JSON.stringify({ file_path: '/test/mixed.txt', old_string: 'c', new_string: 'C' }, null, 2));
  await runCall(page);
  await expect(views.getByRole('region', { name: 'Diff of /test/mixed.txt' })).toBeVisible();
  await expect(views.getByText('Whole file rewritten', { exact: true })).toBeVisible();
});
