import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { presetCall } from './support/calls';

// Issue 17, item 12: a hovered primary button keeps its colour (it looked disabled: grey with white
// text), Pause stays readable in Large mode, and every text on the page meets WCAG AA contrast in
// both themes (axe-core's color-contrast rule).

const THREE_EDITS = {
  path: '/test/config.toml',
  edits: [
    { old_string: 'port = 8080', new_string: 'port = 3000' },
    { old_string: 'host = "localhost"', new_string: 'host = "0.0.0.0"' },
    { old_string: 'debug = false', new_string: 'debug = true' },
  ],
};

const composer = (page: Page) => page.getByRole('region', { name: 'Call' });
const runButton = (page: Page) => composer(page).getByRole('button', { name: 'Run', exact: true });

/** WCAG contrast ratio of an element's text colour against its own background colour. */
async function contrast(el: Locator): Promise<{ fg: string; bg: string; ratio: number }> {
  return el.evaluate((node) => {
    const s = getComputedStyle(node);
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const lum = (c: number[]) => {
      const [r, g, b] = c.map((v) => {
        const x = v / 255;
        return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const a = lum(rgb(s.color));
    const b = lum(rgb(s.backgroundColor));
    return { fg: s.color, bg: s.backgroundColor, ratio: Math.round(((Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)) * 100) / 100 };
  });
}

async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const toggle = page.getByRole('button', { name: theme === 'dark' ? 'Switch to dark theme' : 'Switch to light theme' });
  if (await toggle.isVisible()) await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

async function openAndRun(page: Page): Promise<void> {
  await presetCall(page, 'multi_edit_text_file', THREE_EDITS);
  await page.goto('/');
  await expect(runButton(page)).toBeEnabled({ timeout: 15_000 });
  await runButton(page).click();
  await expect(page.getByRole('region', { name: 'Result' }).getByText('Success', { exact: true })).toBeVisible();
}

for (const theme of ['light', 'dark'] as const) {
  test(`${theme}: a hovered Run button stays the accent colour, readable`, async ({ page }) => {
    await openAndRun(page);
    await setTheme(page, theme);
    const before = await contrast(runButton(page));
    await runButton(page).hover();
    const hovered = await contrast(runButton(page));
    // Not the grey every other hovered button turns (--bg-strong), and not the resting accent either.
    expect(hovered.bg).toBe(theme === 'light' ? 'rgb(30, 69, 176)' : 'rgb(147, 176, 255)');
    expect(hovered.fg).toBe(before.fg);
    expect(hovered.ratio).toBeGreaterThanOrEqual(4.5);
    expect(before.ratio).toBeGreaterThanOrEqual(4.5);
  });

  test(`${theme}: Pause is readable in Large mode, hovered or not`, async ({ page }) => {
    await openAndRun(page);
    await setTheme(page, theme);
    await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Stages', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Large' }).check();
    await page.getByRole('combobox', { name: 'Step every' }).selectOption('3000');
    await page.getByRole('button', { name: /Play/ }).first().click();
    const pause = page.getByRole('button', { name: '❚❚ Pause' });
    await expect(pause).toBeVisible();
    await expect(pause).toHaveAttribute('aria-pressed', 'true');
    expect((await contrast(pause)).ratio).toBeGreaterThanOrEqual(4.5);
    await pause.hover();
    expect((await contrast(pause)).ratio).toBeGreaterThanOrEqual(4.5);
    await page.screenshot({ path: `test-results/screens/issue17-pause-large-${theme}.png` });
  });

  test(`${theme}: axe finds no colour-contrast violation (WCAG AA)`, async ({ page }) => {
    await openAndRun(page);
    await setTheme(page, theme);
    await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Stages', exact: true }).click();
    await runButton(page).hover();
    // Monaco draws its own editors (its themes are Microsoft's); every other text is ours.
    const results = await new AxeBuilder({ page }).withRules(['color-contrast']).exclude('.monaco-editor').analyze();
    const found = results.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(-1)[0] ?? ''}`));
    expect(found).toEqual([]);
  });
}
