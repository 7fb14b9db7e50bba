import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pasteCall, runCall } from './support/calls';

// Issue 17, items 6–9: the model's output taken as it comes. The composer runs every call the CLI
// runs and shows the tool's own answer, the profile follows the tool the call names, and the
// events carry the call's own id.

const composer = (page: Page) => page.getByRole('region', { name: 'Call' });
const status = (page: Page) => composer(page).getByRole('status').last();
const runButton = (page: Page) => composer(page).getByRole('button', { name: 'Run', exact: true });
const result = (page: Page) => page.getByRole('region', { name: 'Result' });
const output = (page: Page) => result(page).getByRole('region', { name: 'Tool output' }).locator('pre');

async function open(page: Page): Promise<void> {
  await page.goto('/');
  await expect(composer(page).locator('.monaco-editor .view-lines')).toBeVisible();
  await expect(status(page)).toContainText('Detected:');
}

const toolUse = (id: string, input: Record<string, unknown>) => JSON.stringify({ type: 'tool_use', id, name: 'Edit', input }, null, 2);

test('item 7: replace_all "true" runs, and Edit answers as Edit does', async ({ page }) => {
  await open(page);
  await pasteCall(page, toolUse('toolu_01A', { file_path: '/src/config.js', old_string: 'const', new_string: 'let', replace_all: 'true' }));
  await expect(status(page)).toHaveText(/Detected: Anthropic tool_use → Edit/);
  await runCall(page);
  await expect(output(page)).toHaveText('The file /src/config.js has been updated. All occurrences were successfully replaced.');
});

test('item 7: a misspelt old_strng runs; the answer is Edit\'s own, and the status names the field it resembles', async ({ page }) => {
  await open(page);
  await pasteCall(page, toolUse('toolu_01B', { file_path: '/src/config.js', old_strng: 'const DEBUG_MODE = true;', new_string: 'x' }));
  await expect(status(page)).toContainText('`old_strng` is not a field of Edit; it resembles `old_string`.');
  await expect(runButton(page)).toBeEnabled();
  await runCall(page);
  await expect(result(page)).toContainText(
    '<tool_use_error>InputValidationError: Edit failed due to the following issues:\nThe required parameter `old_string` is missing\nAn unexpected parameter `old_strng` was provided</tool_use_error>',
  );
  await page.screenshot({ path: 'test-results/screens/composer-misspelt-field.png' });
});

test('item 7: an input missing a field runs, and the result is the tool\'s own error', async ({ page }) => {
  await open(page);
  await pasteCall(page, '{\n  "path": "/test/config.toml"\n}');
  await expect(status(page)).toHaveText(/Line 1, column 1: multi_edit_text_file input: edits: missing .*Run shows what the tool answers\./);
  await expect(runButton(page)).toBeEnabled();
  await runCall(page);
  await expect(result(page)).toContainText('Invalid params: edits: missing (expected array)');
});

test('item 8: the profile follows the tool the call names; a pinned profile gets the warning', async ({ page }) => {
  await open(page);
  const profile = composer(page).getByLabel('Profile');
  await expect(profile).toHaveValue('multi_edit_text_file');
  await pasteCall(page, toolUse('toolu_01C', { file_path: '/src/config.js', old_string: 'const DEBUG_MODE = true;', new_string: 'const DEBUG_MODE = false;' }));
  await expect(status(page)).toHaveText('✓Detected: Anthropic tool_use → Edit');
  await expect(profile).toHaveValue('Edit');

  // Picking a profile in the dropdown pins it: the text the call was pasted as (still the Edit
  // call) stays, and the status says what runs.
  await profile.selectOption('multi_edit_text_file');
  await expect(status(page)).toHaveText('!Detected: Anthropic tool_use → Edit The call\'s tool name selects Edit, so it runs as Edit, not as the pinned multi_edit_text_file.');
  await expect(profile).toHaveValue('multi_edit_text_file');
});

test('item 9: ACP events carry the envelope\'s id', async ({ page }) => {
  await open(page);
  await pasteCall(page, toolUse('toolu_01XyZ', { file_path: '/src/config.js', old_string: 'const DEBUG_MODE = true;', new_string: 'const DEBUG_MODE = false;' }));
  await runCall(page);
  await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Events' }).click();
  const acp = page.getByRole('list', { name: 'ACP v1 events' }).getByRole('listitem');
  await expect(acp).toHaveCount(2);
  await expect(acp.nth(0)).toContainText('"toolCallId": "toolu_01XyZ"');
  await expect(acp.nth(1)).toContainText('"toolCallId": "toolu_01XyZ"');
  await expect(page.getByRole('list', { name: 'ACP v1 events' })).not.toContainText(/call_\d/);
});

test('item 6: a whole OpenAI chat completion, and JSON inside prose and a ``` fence, run as the call they hold', async ({ page }) => {
  await open(page);
  const args = { file_path: '/src/config.js', old_string: 'const DEBUG_MODE = true;', new_string: 'const DEBUG_MODE = false;' };
  const completion = {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    choices: [{ index: 0, finish_reason: 'tool_calls', message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_abc', type: 'function', function: { name: 'Edit', arguments: JSON.stringify(args) } }] } }],
  };
  await pasteCall(page, JSON.stringify(completion, null, 2));
  await expect(status(page)).toHaveText('✓Detected: OpenAI tool_calls item → Edit');
  await runCall(page);
  await expect(output(page)).toHaveText('The file /src/config.js has been updated successfully.');

  await pasteCall(page, `I'll flip the flag.\n\n\`\`\`json\n${JSON.stringify({ type: 'tool_use', id: 'toolu_01F', name: 'Edit', input: { ...args, old_string: 'const TIMEOUT_MS = 5000;', new_string: 'const TIMEOUT_MS = 3000;' } }, null, 2)}\n\`\`\`\n\nThat is all.`);
  await expect(status(page)).toHaveText('✓Detected: Anthropic tool_use → Edit');
  await runCall(page);
  await expect(output(page)).toHaveText('The file /src/config.js has been updated successfully.');
});

test('item 6: a whole Anthropic message with two tool_use blocks lists both; the picked one runs', async ({ page }) => {
  await open(page);
  const message = {
    id: 'msg_01',
    type: 'message',
    role: 'assistant',
    content: [
      { type: 'text', text: 'Two edits.' },
      { type: 'tool_use', id: 'toolu_01P', name: 'Edit', input: { file_path: '/src/config.js', old_string: 'const API_KEY = "123";', new_string: 'const API_KEY = "456";' } },
      { type: 'tool_use', id: 'toolu_01Q', name: 'Edit', input: { file_path: '/src/config.js', old_string: 'no such text', new_string: 'x' } },
    ],
    stop_reason: 'tool_use',
  };
  await pasteCall(page, JSON.stringify(message, null, 2));
  await expect(status(page)).toHaveText('✓Detected: Anthropic tool_use → Edit (call 1 of 2: pick another in Tool call)');
  const pick = composer(page).getByLabel('Tool call');
  await expect(pick.locator('option')).toHaveText(['1. Edit /src/config.js (toolu_01P)', '2. Edit /src/config.js (toolu_01Q)']);
  await pick.selectOption({ label: '2. Edit /src/config.js (toolu_01Q)' });
  await expect(status(page)).toHaveText('✓Detected: Anthropic tool_use → Edit (call 2 of 2: pick another in Tool call)');
  await runCall(page);
  await expect(result(page)).toContainText('<tool_use_error>String to replace not found in file.\nString: no such text</tool_use_error>');
  await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Events' }).click();
  await expect(page.getByRole('list', { name: 'ACP v1 events' }).getByRole('listitem').first()).toContainText('"toolCallId": "toolu_01Q"');
});
