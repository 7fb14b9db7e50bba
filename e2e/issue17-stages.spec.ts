import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { presetCall } from './support/calls';
import { runAndOpenStages } from './support/views';

// Issue 17, items 10 and 11: the Stages view shows whitespace exactly (runs of spaces kept, tabs
// and trailing spaces drawn), and a long list of line ranges is summarised.

const stages = (page: Page) => page.getByRole('tabpanel', { name: 'Stages' });

test('runs of spaces are kept, tabs and trailing spaces are drawn, in the text and the caption', async ({ page }) => {
  await presetCall(page, 'multi_edit_text_file', { path: '/test/config.toml', edits: [{ old_string: 'port = 8080', new_string: 'port    =\t3000  ' }] });
  await runAndOpenStages(page);
  const after = page.getByRole('region', { name: /^Content after/ });
  const line = after.locator('.stage-line', { hasText: '3000' });
  // The DOM text is the file's exact characters.
  expect(await line.evaluate((el) => el.textContent)).toBe('port    =\t3000  \n');
  // Rendered: four spaces are four columns wide (not collapsed to one).
  const widths = await line.evaluate((el) => {
    const range = document.createRange();
    const text = el.querySelector('mark')?.firstChild ?? el.firstChild!;
    range.setStart(text, 0);
    range.setEnd(text, 'port    '.length);
    const eight = range.getBoundingClientRect().width;
    range.setEnd(text, 'port'.length);
    return { eight, four: range.getBoundingClientRect().width };
  });
  expect(widths.eight).toBeCloseTo(widths.four * 2, 0);
  // The tab is a visible 4-column box with an arrow; the trailing spaces are marked.
  const tab = line.locator('.stage-ws-tab');
  await expect(tab).toHaveCount(1);
  await expect(tab).toHaveAttribute('title', 'tab');
  expect(await tab.evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"→"');
  const ch = await line.evaluate((el) => {
    const probe = document.createElement('span');
    probe.textContent = '0000';
    el.append(probe);
    const w = probe.getBoundingClientRect().width / 4;
    probe.remove();
    return w;
  });
  expect((await tab.boundingBox())!.width).toBeCloseTo(ch * 4, 0);
  await expect(line.locator('.stage-ws-trail')).toHaveText('  ');
  // The caption quotes the strings with their spaces.
  const caption = stages(page).locator('.stages-caption');
  expect(await caption.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('pre');
  await page.screenshot({ path: 'test-results/screens/issue17-stages-whitespace.png' });
});

test('a replace_all with thousands of matches is summarised in Result and the Stages header', async ({ page }) => {
  await presetCall(page, 'MultiEdit', { file_path: '/samples/large.ts', edits: [{ old_string: 'export function', new_string: 'export  function', replace_all: true }] });
  await runAndOpenStages(page);
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.locator('.result-badge')).toHaveText('Success');
  const group = result.getByRole('region', { name: 'Line ranges' }).getByRole('group', { name: 'Edit 0' });
  const links = group.locator('.line-range-link');
  await expect(links).toHaveCount(5);
  await expect(links.first()).toHaveText('Lines 3–3');
  const more = group.getByRole('button', { name: /^and [\d,]+ more$/ });
  const moreLabel = (await more.textContent())!;
  const rest = Number(moreLabel.replace(/\D/g, ''));
  expect(rest).toBeGreaterThan(5000);

  // The Stages header: the first five, then the same count.
  const facts = stages(page).locator('.stages-facts');
  await expect(facts.locator('.stages-ranges')).toHaveText(`3, 8, 13, 18, 23 ${moreLabel}`);
  // The caption counts them the same way: "… at lines 3, 8, 13, 18 and 23 and 8,534 more".
  await expect(stages(page).locator('.stages-caption')).toContainText(`${(rest).toLocaleString('en')} more`);
  const box = await facts.boundingBox();
  expect(box!.height).toBeLessThan(120);

  // "and N more" opens every range, of which only the rows in view are in the DOM.
  await more.click();
  const list = group.getByRole('list', { name: `Edit 0: all ${(rest + 5).toLocaleString('en')} line ranges` });
  await expect(list).toBeVisible();
  expect(await list.getByRole('listitem').count()).toBeLessThan(20);
  await expect(list.getByRole('listitem').first()).toHaveText('1. Lines 3–3');
  await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(list.getByRole('listitem').last()).toContainText(`${(rest + 5).toLocaleString('en')}. Lines`);
  expect(await list.getByRole('listitem').count()).toBeLessThan(20);
  await page.screenshot({ path: 'test-results/screens/issue17-ranges.png' });
});
