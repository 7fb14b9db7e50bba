import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { presetCall, runCall } from './support/calls';

// Issue 15: a dialect with several releases shows a Release picker next to the profile; a single
// call runs as the newest unless the user picks another, and the result is that release's text.

const composer = (page: Page) => page.getByRole('region', { name: 'Call' });
const output = (page: Page) => page.getByRole('region', { name: 'Result' }).getByRole('region', { name: 'Tool output' }).locator('pre');
const EDIT = { file_path: '/src/config.js', old_string: 'const DEBUG_MODE = true;', new_string: 'const DEBUG_MODE = false;' };

test('Edit runs as 2.1.88 by default; picking 1.0.45 – 1.0.57 (1.0.51) answers with the cat -n snippet', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await presetCall(page, 'Edit', EDIT);
  await page.goto('/');
  const release = composer(page).getByLabel('Release');
  await expect(release).toHaveValue('2.1.88');
  await expect(release.locator('option:checked')).toHaveText('2.1.88 – 2.1.90 (default)');

  await runCall(page);
  await expect(output(page)).toHaveText('The file /src/config.js has been updated successfully.');

  // Keyboard: the picker is in the tab order, right after Run and before Mount.
  await composer(page).getByLabel('Mount').focus();
  await page.keyboard.press('Shift+Tab');
  await expect(release).toBeFocused();
  await release.selectOption({ label: '1.0.45 – 1.0.57' });
  await expect(release).toHaveValue('1.0.45');
  await runCall(page);
  await expect(output(page)).toHaveText(
    "The file /src/config.js has been updated. Here's the result of running `cat -n` on a snippet of the edited file:\n" +
      '     1→// Application settings\n     2→const API_KEY = "123";\n     3→const DEBUG_MODE = false;\n     4→const TIMEOUT_MS = 5000;\n     5→\n' +
      '     6→module.exports = { API_KEY, DEBUG_MODE, TIMEOUT_MS };\n     7→',
  );
  // It fits at 1024×768: the select is inside the window and its text is not cut.
  const box = (await release.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1024);
  const fits = (el: HTMLSelectElement): boolean => {
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = getComputedStyle(el).font;
    // The shown option's text plus the select's padding and arrow (about 24px) fit its width.
    return ctx.measureText(el.selectedOptions[0]!.text).width + 24 <= el.getBoundingClientRect().width;
  };
  expect(await release.evaluate(fits)).toBe(true);
  expect(await composer(page).getByLabel('Profile').evaluate(fits)).toBe(true);
  await page.screenshot({ path: 'test-results/screens/composer-release.png' });

  // The pick is remembered with the composer's settings; a profile with one behaviour shows no picker.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('edit-playground:composer/v1') ?? '{}').releases)).toEqual({ Edit: '1.0.45' });
  await composer(page).getByLabel('Profile').selectOption('edit_text_file');
  await expect(composer(page).getByLabel('Release')).toHaveCount(0);
});

test('the text editor offers its ports: anthropic-quickstarts by default, SWE-agent on request', async ({ page }) => {
  await presetCall(page, 'str_replace_editor', { command: 'str_replace', path: '/src/config.js', old_str: 'const API_KEY = "123";', new_str: 'const API_KEY = "123";' });
  await page.goto('/');
  const release = composer(page).getByLabel('Release');
  await expect(release).toHaveValue('anthropic-quickstarts');
  await release.selectOption('swe-agent');
  await runCall(page);
  await expect(page.getByRole('region', { name: 'Result' })).toContainText('No replacement was performed, old_str `const API_KEY = "123";` is the same as new_str `const API_KEY = "123";`.');
});

test("apply_patch offers Codex's releases: before-3374 words the lines not found as a Rust list, after 'error: '", async ({ page }) => {
  // The texts of src/engine/profiles/apply-patch/cases-releases.ts (openai/codex#3374, merged 2025-09-09).
  const patch = '*** Begin Patch\n*** Update File: src/config.js\n@@\n-const DEBUG = "x";\n+const DEBUG = "y";\n*** End Patch';
  await page.setViewportSize({ width: 1024, height: 768 });
  await presetCall(page, 'apply_patch', { input: patch });
  await page.goto('/');
  const release = composer(page).getByLabel('Release');
  await expect(release).toHaveValue('0.148.0');
  await expect(release.locator('option')).toHaveText(['0.148.0 and later (default)', '0.147.0 (before 0.148.0)', 'before-3374 (before 2025-09-09)']);
  // A select is as wide as its longest option: the picker stays inside the composer at 1024 px.
  const bar = (await composer(page).boundingBox())!;
  const box = (await release.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(bar.x + bar.width);
  const result = page.getByRole('region', { name: 'Result' });
  await runCall(page);
  await expect(result).toContainText('apply_patch verification failed: Failed to find expected lines in /src/config.js:');
  await release.selectOption('before-3374');
  await runCall(page);
  await expect(result).toContainText('error: Failed to find expected lines ["const DEBUG = \\"x\\";"] in /src/config.js');
});
