import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pasteCall } from './support/calls';

// No input crashes the page or the worker (issue 12): hostile calls pasted into the composer and a
// hostile transcript pasted into the Session tab each get a readable answer (a result, an error,
// or the composer saying why it will not run), no page error (the fixture's guard), and the worker
// still answers the next call.

const deep = (n: number): string => `${'['.repeat(n)}${']'.repeat(n)}`;

const HOSTILE: { name: string; text: string }[] = [
  {
    name: 'prototype-named keys',
    text: '{"name":"edit_text_file","arguments":{"path":"/test/config.toml","old_string":"port = 8080","new_string":"port = 1","constructor":1,"__proto__":{"toString":2},"hasOwnProperty":3}}',
  },
  { name: 'a tool named constructor', text: '{"name":"constructor","arguments":{"file_path":"/test/config.toml"}}' },
  { name: 'nesting 5,000 deep', text: `{"name":"Edit","arguments":{"file_path":"/test/config.toml","old_string":"a","new_string":"b","replace_all":${deep(5000)}}}` },
  { name: 'a lone surrogate', text: '{"name":"Edit","arguments":{"file_path":"/test/config.toml","old_string":"\\ud800","new_string":"x"}}' },
  { name: 'a 200 KB old_string', text: JSON.stringify({ name: 'Edit', arguments: { file_path: '/test/config.toml', old_string: 'a'.repeat(200_000), new_string: 'b' } }) },
  { name: 'not JSON', text: '{"name": "Edit", "arguments": {"file_path": ' },
];

const call = (page: Page) => page.getByRole('region', { name: 'Call' });
const result = (page: Page) => page.getByRole('region', { name: 'Result' });

/** An ordinary call runs and succeeds: the worker is alive. */
async function ordinaryCallSucceeds(page: Page): Promise<void> {
  await pasteCall(page, JSON.stringify({ name: 'edit_text_file', arguments: { path: '/test/config.toml', old_string: 'port = 8080', new_string: 'port = 3000' } }));
  const run = call(page).getByRole('button', { name: 'Run', exact: true });
  await expect(run).toBeEnabled({ timeout: 15_000 });
  await run.click();
  await expect(result(page).getByText('Success', { exact: true })).toBeVisible({ timeout: 15_000 });
}

async function answerTo(page: Page): Promise<string> {
  const run = call(page).getByRole('button', { name: 'Run', exact: true });
  // The composer checks the text in the worker first: either Run is enabled, or it says why not.
  await expect(async () => {
    const enabled = await run.isEnabled();
    const blocked = await call(page).getByRole('status').last().textContent();
    expect(enabled || /error|invalid|not valid|unknown|expected|must/i.test(blocked ?? '')).toBe(true);
  }).toPass({ timeout: 15_000 });
  if (!(await run.isEnabled())) return `blocked: ${(await call(page).getByRole('status').last().textContent()) ?? ''}`;
  await run.click();
  const outcome = result(page).getByText(/^(Success|Error)$/);
  await expect(outcome).toBeVisible({ timeout: 15_000 });
  return (await outcome.textContent()) ?? '';
}

test('hostile calls get a readable answer and the worker keeps answering', async ({ page }) => {
  await page.goto('/');
  await expect(call(page).locator('.monaco-editor')).toBeVisible({ timeout: 15_000 });
  for (const { name, text } of HOSTILE) {
    await pasteCall(page, text);
    const answer = await answerTo(page);
    expect(answer, name).not.toBe('');
    await expect(page.getByText('internal error', { exact: false })).toHaveCount(0);
  }
  await ordinaryCallSucceeds(page);
});

test('a hostile transcript pasted into the Session tab is read with its problems, and the app goes on', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('tablist', { name: 'Side panel' }).getByRole('tab', { name: 'Session' }).click();
  const lines = [
    '{"type":"summary","summary":"hostile"}',
    '{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"__proto__","input":{"constructor":{}}}]}}',
    '{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t2","name":"Edit","input":' + deep(3000) + '}]}}',
    '{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"nobody","content":"x"}]}}',
    '{"truncated": ',
  ];
  await page.getByRole('button', { name: 'Paste…' }).click();
  await page.getByRole('textbox', { name: 'Transcript text' }).fill(lines.join('\n'));
  await page.getByRole('button', { name: 'Read pasted text' }).click();
  await expect(page.getByLabel('Detection')).toContainText('Claude Code session JSONL');
  await expect(page.getByRole('listbox', { name: 'Timeline' })).toBeVisible();
  await page.getByRole('tablist', { name: 'Side panel' }).getByRole('tab', { name: 'Files' }).click();
  await ordinaryCallSucceeds(page);
});
