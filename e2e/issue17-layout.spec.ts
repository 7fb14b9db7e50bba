import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// Issue 17, item 14: at 1024×768 no control's text is clipped and the header's buttons stay on one
// line ("browser st…", "multi_edi", "Examp" and a two-line header were seen).

test.use({ viewport: { width: 1024, height: 768 } });

/** Every button, label, select and badge in `scope` whose content is wider than its box. */
async function clipped(page: Page, scope: string): Promise<string[]> {
  return page.locator(scope).evaluateAll((roots) => {
    const out: string[] = [];
    for (const root of roots) {
      for (const el of root.querySelectorAll<HTMLElement>('button, label, select, a, .badge, [class*="badge"], span, strong')) {
        if (el.offsetParent === null || el.getClientRects().length === 0) continue;
        const s = getComputedStyle(el);
        if (s.display === 'inline' && el.tagName !== 'SELECT') continue;
        if (el.scrollWidth > el.clientWidth + 1) out.push(`${el.tagName.toLowerCase()}.${el.className}: "${(el.textContent ?? '').trim().slice(0, 40)}" ${el.scrollWidth} > ${el.clientWidth}`);
      }
    }
    return out;
  });
}

/** Selects whose chosen option's text is wider than the select (a select clips without overflowing). */
async function cutSelects(page: Page, scope: string): Promise<{ text: string; fits: boolean }[]> {
  const all = await page.locator(scope).locator('select').evaluateAll((ss) =>
    ss.map((s) => {
      const sel = s as HTMLSelectElement;
      const c = document.createElement('canvas').getContext('2d')!;
      c.font = getComputedStyle(sel).font;
      const text = sel.options[sel.selectedIndex]?.text ?? '';
      return { text, fits: c.measureText(text).width + 24 <= sel.clientWidth };
    }),
  );
  return all.filter((s) => !s.fits);
}

async function open(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.goto('/');
  if (theme === 'dark') await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.getByRole('region', { name: 'Call' }).getByRole('status').last()).toContainText('Detected:');
  await expect(page.getByLabel('Examples')).toContainText(/Examples/);
}

for (const theme of ['light', 'dark'] as const) {
  test(`${theme}: the header at 1024×768: nothing clipped, its buttons on one line`, async ({ page }) => {
    await open(page, theme);
    expect(await clipped(page, 'header.app-header, .app-side [role="tablist"]')).toEqual([]);
    expect(await cutSelects(page, 'header.app-header')).toEqual([]);
    await expect(page.locator('.workspace-title')).toHaveText('browser storage');
    // One line: every header button is as tall as the others, and the header is one row high.
    const heights = await page.locator('header.app-header').locator('button').evaluateAll((bs) => bs.filter((b) => (b as HTMLElement).offsetParent !== null).map((b) => b.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThanOrEqual(6);
    expect(Math.max(...heights) - Math.min(...heights)).toBeLessThanOrEqual(2);
    expect((await page.locator('header.app-header').boundingBox())!.height).toBeLessThanOrEqual(44);
    await page.screenshot({ path: `test-results/screens/issue17-1024-${theme}.png` });
  });
}

// The composer's bar (src/app/composer/composer.css) wraps onto a second row in a narrow pane
// rather than cutting its labels, selects or Run.
test('the composer bar at 1024×768: no label, button or select text clipped', async ({ page }) => {
  await open(page, 'light');
  expect(await clipped(page, '.composer-toolbar')).toEqual([]);
  expect(await cutSelects(page, '.composer-toolbar')).toEqual([]);
});

test('Large mode at 1024×768: the result header after a run is not clipped', async ({ page }) => {
  await open(page, 'light');
  await page.getByRole('region', { name: 'Call' }).getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Result' }).getByText('Success', { exact: true })).toBeVisible();
  await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Stages', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Large' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-font', 'large');
  expect(await clipped(page, '.result-header')).toEqual([]);
  const fits = await page.locator('.result-header').evaluate((h) => {
    const box = h.getBoundingClientRect();
    return [...h.querySelectorAll<HTMLElement>('*')].filter((e) => e.getClientRects().length > 0).every((e) => {
      const r = e.getBoundingClientRect();
      return r.right <= box.right + 1 && r.left >= box.left - 1;
    });
  });
  expect(fits).toBe(true);
  // The Stages toolbar's Play is one line, as tall as the Next stage button.
  const play = await page.getByRole('button', { name: '▶ Play' }).boundingBox();
  const next = await page.getByRole('button', { name: 'Next step' }).boundingBox();
  expect(Math.abs(play!.height - next!.height)).toBeLessThanOrEqual(2);
  await page.screenshot({ path: 'test-results/screens/issue17-1024-large.png' });
});
