import type { Page } from '@playwright/test';
import { expect, guardedContext, test } from './fixtures';
import { CONFIG_CALL, pasteCall, presetCall, runCall } from './support/calls';
import { readOpfs, writeOpfs } from './support/picker';
import { openSessionSample, openTab } from './support/views';

// Share, History and demo mode (issue 11): a prompt engineer shares a run as a link, a colleague
// opens it in their own browser (its own folder, their files untouched), History lists and
// reopens runs, and Play steps through the stages for a demo.

const THREE_EDITS = {
  path: '/test/config.toml',
  edits: [
    { old_string: 'port = 8080', new_string: 'port = 3000' },
    { old_string: 'host = "localhost"', new_string: 'host = "0.0.0.0"' },
    { old_string: 'debug = false', new_string: 'debug = true' },
  ],
};

const header = (page: Page) => page.getByRole('banner');
const stages = (page: Page) => page.getByRole('list', { name: 'Steps' });
const currentStage = (page: Page) => stages(page).locator('[aria-current="step"]');

test('a shared run opens in another browser in its own folder, at its stage, and leaves every sandbox alone', async ({ page, context, browser, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await presetCall(page, 'multi_edit_text_file', THREE_EDITS);
  await page.goto('/');
  await expect(page.getByRole('tree').getByRole('treeitem', { name: 'test', exact: true })).toBeVisible({ timeout: 15_000 });
  // The sharer's own copy of the file differs from the sample, so the link must carry its bytes.
  const mine = (await readOpfs(page, 'sandbox/test/config.toml'))!.replace('[server]', '# mine\n[server]');
  await writeOpfs(page, 'sandbox/test/config.toml', mine);
  await runCall(page);
  await openTab(page, 'Views', 'Stages');
  await stages(page).getByRole('button', { name: /step 2 of 3/ }).click();
  await expect(currentStage(page)).toHaveAccessibleName(/step 2 of 3/);

  await header(page).getByRole('button', { name: 'Share' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Link copied \(\d+ characters\)$/ })).toBeVisible();
  const link = page.url();
  expect(link).toMatch(/#v2\.[A-Za-z0-9_-]+$/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  const other = await guardedContext(browser, { baseURL: baseURL!, viewport: { width: 1280, height: 800 } });
  try {
    const them = other.page;
    await them.goto(link);
    const dialog = them.getByRole('dialog', { name: 'Open a shared run' });
    await expect(dialog).toContainText('profile multi_edit_text_file, mount /');
    await expect(dialog.getByRole('list', { name: 'Files in the link' })).toHaveText('test/config.toml');
    await expect(dialog).toContainText('Opens atstep 2');
    await them.screenshot({ path: 'test-results/screens/share-open-link.png' });
    await dialog.getByRole('button', { name: 'Open' }).click();
    await expect(dialog).toBeHidden();

    await expect(them.getByRole('region', { name: 'Result' }).getByText('Success', { exact: true })).toBeVisible({ timeout: 15_000 });
    const badge = header(them).getByRole('group', { name: 'Workspace' });
    await expect(badge).toContainText(/Link\s*links\/[0-9a-f]{8}/);
    const id = /links\/([0-9a-f]{8})/.exec((await badge.textContent())!)![1]!;
    await expect(currentStage(them)).toHaveAccessibleName(/step 2 of 3/);
    await expect(them.getByRole('region', { name: 'Call' })).toContainText('host = \\"0.0.0.0\\"');

    // Their copy is the sharer's file, in links/<id>; their own sandbox still holds the sample.
    expect(await readOpfs(them, `links/${id}/test/config.toml`)).toBe(mine);
    expect(await readOpfs(them, 'sandbox/test/config.toml')).not.toContain('# mine');
    expect(await readOpfs(them, 'sandbox/test/config.toml')).toContain('port = 8080');
  } finally {
    await other.close();
  }
  // The sharer's sandbox is as before: sharing writes nothing.
  expect(await readOpfs(page, 'sandbox/test/config.toml')).toBe(mine);
});

test('a link with one character changed is refused with why, and nothing is loaded', async ({ page }) => {
  await presetCall(page, 'multi_edit_text_file', CONFIG_CALL);
  await page.goto('/');
  await runCall(page);
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page).toHaveURL(/#v2\./);
  const link = page.url();
  const at = link.length - 5;
  const tampered = link.slice(0, at) + (link[at] === 'x' ? 'y' : 'x') + link.slice(at + 1);
  // Pasted into the address bar (a hashchange), then loaded afresh: refused both ways.
  await page.goto(tampered);
  await expect(page.getByRole('dialog', { name: 'This link cannot be opened' })).toBeVisible();
  await page.reload();
  const dialog = page.getByRole('dialog', { name: 'This link cannot be opened' });
  await expect(dialog.getByRole('alert')).toHaveText(/This link is damaged/);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(header(page).getByRole('group', { name: 'Workspace' })).toContainText('Sandbox');
  const opfs = await page.evaluate(async () => {
    const names: string[] = [];
    const root = (await navigator.storage.getDirectory()) as unknown as { keys(): AsyncIterable<string> };
    for await (const name of root.keys()) names.push(name);
    return names;
  });
  expect(opfs).not.toContain('links');
});

test('History lists runs newest first, searches them, and reopens one into the composer', async ({ page }) => {
  await presetCall(page, 'multi_edit_text_file', CONFIG_CALL);
  await page.goto('/');
  await runCall(page);
  await expect(page.getByRole('region', { name: 'Call' }).locator('.monaco-editor')).toBeVisible({ timeout: 15_000 });
  await pasteCall(page, JSON.stringify({ path: '/src/config.js', edits: [{ old_string: 'no such text', new_string: 'x' }] }, null, 2));
  await runCall(page);
  await openTab(page, 'Views', 'History');
  const runs = page.getByRole('list', { name: 'Runs' }).getByRole('listitem');
  await expect(runs).toHaveCount(2);
  await expect(runs.nth(0)).toHaveAccessibleName(/^Call multi_edit_text_file \/src\/config\.js, error /);
  await expect(runs.nth(1)).toHaveAccessibleName('Call multi_edit_text_file /test/config.toml, success, 1 file staged');

  await page.getByRole('searchbox', { name: 'Search history' }).fill('config.toml');
  await expect(runs).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Search history' }).fill('');
  await page.getByRole('combobox', { name: 'Outcome' }).selectOption('failed');
  await expect(runs).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Outcome' }).selectOption('all');

  // The first call changed its file since (saved): reopening says so.
  await runs.nth(1).getByRole('button', { name: /^Reopen/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Restored the call into the composer' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Call' })).toContainText('/test/config.toml');
  await runCall(page);
  await header(page).getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('dialog', { name: 'Save changes' }).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved 1 file/ })).toBeVisible();
  await expect(runs).toHaveCount(3);
  await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
  await page.screenshot({ path: 'test-results/screens/history-dark.png' });
  await runs.nth(2).getByRole('button', { name: /^Reopen/ }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 file changed since that run' })).toContainText('test/config.toml');

  await page.getByRole('button', { name: 'Clear history…' }).click();
  await page.getByRole('alertdialog', { name: 'Clear history?' }).getByRole('button', { name: 'Clear history' }).click();
  await expect(runs).toHaveCount(0);
});

test('Play steps through the stages at the chosen pace and stops at the last; Space pauses', async ({ page }) => {
  await presetCall(page, 'multi_edit_text_file', THREE_EDITS);
  await page.goto('/');
  await runCall(page);
  await openTab(page, 'Views', 'Stages');
  await expect(currentStage(page)).toHaveAccessibleName(/step 1 of 3/);
  // 500 ms: each stage shows longer than the gaps between Playwright's polls, so none is missed.
  await page.getByRole('combobox', { name: 'Step every' }).selectOption('500');
  const play = page.getByRole('button', { name: /Play|Pause/ }).first();
  await play.click();
  await expect(play).toHaveAttribute('aria-pressed', 'true');
  await expect(currentStage(page)).toHaveAccessibleName(/step 2 of 3/);
  await expect(currentStage(page)).toHaveAccessibleName(/step 3 of 3/);
  await expect(play).toHaveAttribute('aria-pressed', 'false');

  // Space, with the stepper focused, starts and pauses a demo (slowly: it must not end first).
  await page.getByRole('combobox', { name: 'Step every' }).selectOption('3000');
  await stages(page).getByRole('button', { name: /step 1 of 3/ }).click();
  await page.keyboard.press('Space');
  await expect(play).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Space');
  await expect(play).toHaveAttribute('aria-pressed', 'false');

  await page.getByRole('checkbox', { name: 'Large' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-font', 'large');
  // The editors grow too: the composer's Monaco takes the larger font size.
  await expect(page.getByRole('region', { name: 'Call' }).locator('.monaco-editor .view-lines')).toHaveCSS('font-size', '17px');
});

test('a run too large for a link is offered as a bundle, which Open bundle… opens in its own folder', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('tree').getByRole('treeitem', { name: 'test', exact: true })).toBeVisible({ timeout: 15_000 });
  // Text that does not compress: its link would be far above 7,800 characters.
  let seed = 7;
  const noise = Array.from({ length: 15_000 }, () => String.fromCharCode(33 + (((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) % 90))).join('');
  await writeOpfs(page, 'sandbox/big/noise.txt', `${noise}\nTHE END\n`);
  await presetCall(page, 'multi_edit_text_file', { path: '/big/noise.txt', edits: [{ old_string: 'THE END', new_string: 'the end' }] });
  await page.reload();
  await runCall(page);
  await header(page).getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Too large for a link' });
  await expect(dialog).toContainText(/links stay under 7,800/);
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download bundle' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^multi_edit_text_file-\d{4}-\d\d-\d\d\.playground\.json$/);
  const bundle = JSON.parse(await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c).toString('utf8')));
  expect(bundle).toMatchObject({ version: 2, kind: 'call', profile: 'multi_edit_text_file', files: [{ path: 'big/noise.txt' }] });

  await page.getByLabel('Bundle to open').setInputFiles({ name: download.suggestedFilename(), mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bundle)) });
  const open = page.getByRole('dialog', { name: 'Open a shared run' });
  await expect(open.getByRole('list', { name: 'Files in the link' })).toHaveText('big/noise.txt');
  await open.getByRole('button', { name: 'Open' }).click();
  // The sandbox run before was a Success too: wait for the link's folder, then for its run.
  await expect(header(page).getByRole('group', { name: 'Workspace' })).toContainText(/links\/[0-9a-f]{8}/, { timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'Result' }).getByText('Success', { exact: true })).toBeVisible({ timeout: 15_000 });
  const badge = await header(page).getByRole('group', { name: 'Workspace' }).textContent();
  const id = /links\/([0-9a-f]{8})/.exec(badge!)![1]!;
  expect(await readOpfs(page, `links/${id}/big/noise.txt`)).toBe(`${noise}\nTHE END\n`);
});

test('a shared session replays from the link, at its call', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openSessionSample(page, 'claude-code.jsonl');
  const timeline = page.getByRole('listbox', { name: 'Timeline' });
  await timeline.getByRole('option', { name: /^#3, / }).click();
  await expect(timeline.getByRole('option', { name: /^#3, / })).toHaveAttribute('aria-selected', 'true');
  await header(page).getByRole('button', { name: 'Share' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Link copied/ })).toBeVisible();
  const link = page.url();

  await page.goto('/');
  await page.goto(link);
  const dialog = page.getByRole('dialog', { name: 'Open a shared run' });
  await expect(dialog).toContainText('(claude-code-jsonl)');
  await expect(dialog).toContainText('Opens atcall 3');
  await dialog.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('option', { name: /^#3, / })).toHaveAttribute('aria-selected', 'true', { timeout: 15_000 });
  await expect(header(page).getByRole('group', { name: 'Workspace' })).toContainText(/links\/[0-9a-f]{8}/);
});

test('Play steps through the session timeline, one edit call after another', async ({ page }) => {
  await openSessionSample(page, 'claude-code.jsonl');
  const timeline = page.getByRole('listbox', { name: 'Timeline' });
  await timeline.getByRole('option', { name: /^#1, / }).click();
  const side = page.getByRole('complementary', { name: 'Workspace and suites' });
  await side.getByRole('combobox', { name: 'Step every' }).selectOption('500');
  await side.getByRole('button', { name: /Play/ }).click();
  await expect(timeline.getByRole('option', { name: /^#2, / })).toHaveAttribute('aria-selected', 'true');
  await expect(timeline.getByRole('option', { name: /^#3, / })).toHaveAttribute('aria-selected', 'true');
  await side.getByRole('button', { name: /Pause/ }).click();
  await expect(side.getByRole('button', { name: /Play/ })).toHaveAttribute('aria-pressed', 'false');
});
