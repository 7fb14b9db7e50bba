import type { Page } from '@playwright/test';
import { BUILTIN_SUITES } from '../src/contracts/builtin';
import { runSuite } from '../src/contracts/runner';
import { loadSuite } from '../src/contracts/suite-schema';
import { expect, test } from './fixtures';

// Issue 17, item 1: every Examples entry opens its case (its own files, in a workspace of its own,
// never the user's) and shows the outcome its title states. The expected outcome of each entry is
// its case's, run here in Node by the contract runner; the app must show the same badge (and, for
// an error, the same code).

const composer = (page: Page) => page.getByRole('region', { name: 'Call' });
const result = (page: Page) => page.getByRole('region', { name: 'Result' });
const examples = (page: Page) => composer(page).getByLabel('Examples');

type Expected = { badge: 'Success' | 'success: false' | 'Error'; code?: string };

async function expectations(): Promise<Map<string, Expected>> {
  const out = new Map<string, Expected>();
  for (const b of BUILTIN_SUITES.filter((s) => s.default)) {
    const loaded = loadSuite(b.suite);
    if (!loaded.ok) throw new Error(`${b.name} does not load`);
    // A case whose files refuse writes (`fail_writes`) states what Save does, not the run: its
    // run stages the edits like any other, and the refusal comes at the commit.
    const atSave = new Set(loaded.suite.cases.filter((c) => (c.given?.fail_writes?.length ?? 0) > 0).map((c) => c.id));
    for (const c of (await runSuite(loaded.suite)).cases) {
      const o = c.outcome;
      if (!o || atSave.has(c.id)) continue;
      out.set(`${b.name}/${c.id}`, o.ok ? { badge: (o.result as { success?: unknown })?.success === false ? 'success: false' : 'Success' } : { badge: 'Error', code: String(o.error.code) });
    }
  }
  return out;
}

async function open(page: Page): Promise<void> {
  await page.goto('/');
  await expect(composer(page).getByRole('status').last()).toContainText('Detected:');
  await expect(examples(page)).toContainText(/Examples \(\d+\)…/);
  // The menu that opens a case with its files (src/app/contracts/examples-menu.tsx), not one that loads only the call.
  await expect(examples(page)).toHaveAttribute('title', /opens it with its own files/);
}

/** Choose `value` (suite/caseId) in the menu; answer what Result shows once the case has run. */
async function choose(page: Page, value: string): Promise<{ badge: string; code: string | null; notRun: boolean }> {
  const [suite, ...rest] = value.split('/');
  await examples(page).selectOption(value);
  const banner = page.getByRole('region', { name: 'Open case' });
  await expect(banner).toContainText(`Case ${suite} › ${rest.join('/')} is open in memory; your workspace is untouched.`, { timeout: 15_000 });
  const badge = result(page).locator('.result-badge');
  const notice = page.getByText("The case's call did not run");
  await expect(badge.or(notice).first()).toBeVisible({ timeout: 20_000 });
  if (await notice.isVisible()) return { badge: '', code: null, notRun: true };
  const code = result(page).getByLabel('Error code');
  return { badge: (await badge.textContent())!.trim(), code: (await code.count()) > 0 ? await code.textContent() : null, notRun: false };
}

test.describe('issue 17: Examples open their case', () => {
  test('an example opens with its own files, not the sandbox\'s, and Back returns to them', async ({ page }) => {
    await open(page);
    await page.getByLabel('Profile').selectOption('multiedit');
    // The issue's case: the multiedit entries answered "File not found" (their files were not there).
    const values = await examples(page).locator('option').evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? '' })).filter((o) => o.value));
    const value = (values.find((o) => o.text.includes('/Users/williamcory')) ?? values[0]!).value;
    const seen = await choose(page, value);
    expect(seen.badge).not.toBe('');
    await expect(result(page).getByText('File not found')).toHaveCount(0);
    await page.getByRole('region', { name: 'Open case' }).getByRole('button', { name: 'Show its files' }).click();
    await expect(page.getByRole('tree', { name: 'Files' }).getByRole('treeitem', { name: /^src\b/ })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Contracts' }).click();
    await page.getByRole('button', { name: 'Back to workspace' }).click();
    await expect(page.getByRole('region', { name: 'Open case' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Files' }).click();
    await expect(page.getByRole('tree', { name: 'Files' }).getByRole('treeitem', { name: /^src\b/ })).toBeVisible();
  });

  // Every case of every suite runs in Chromium and is compared with Node by `test --browser`
  // (scripts/test-all.mjs). Here, through the menu as a user opens them: of each profile's
  // entries, the first, the last and the first of every distinct outcome (badge and error code),
  // so every kind of answer each profile gives is opened at least once.
  test('entries of every profile, one of each outcome, give the outcome their case states', async ({ page }) => {
    test.setTimeout(600_000);
    await open(page);
    const expected = await expectations();
    const profiles = await page.getByLabel('Profile').locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    const wrong: string[] = [];
    const opened = new Set<string>();
    for (const profile of profiles) {
      await page.getByLabel('Profile').selectOption(profile);
      const values = await examples(page).locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
      for (const value of pickOnePerOutcome(values, expected)) {
        const want = expected.get(value);
        const seen = await choose(page, value);
        opened.add(value);
        if (!want) continue;
        const ok = seen.notRun ? want.badge === 'Error' : seen.badge === want.badge && (want.code === undefined || seen.code === want.code);
        if (!ok) wrong.push(`${value}: expected ${want.badge}${want.code ? ` ${want.code}` : ''}, shown ${seen.notRun ? 'not run' : `${seen.badge}${seen.code ? ` ${seen.code}` : ''}`}`);
        // Opening a case sets the profile to its own; the menu stays on this profile's entries.
        await expect(page.getByLabel('Profile')).toHaveValue(profile);
      }
    }
    // Every outcome any default case states was opened through the menu at least once.
    const kinds = (values: Iterable<string>) => new Set([...values].map((v) => outcomeKey(expected.get(v))));
    expect([...kinds(expected.keys())].filter((k) => !kinds(opened).has(k))).toEqual([]);
    expect(opened.size).toBeGreaterThan(40);
    expect(wrong).toEqual([]);
  });
});

function outcomeKey(want: Expected | undefined): string {
  return want ? `${want.badge} ${want.code ?? ''}` : 'not a default case';
}

/** The first and last entry, and the first entry of each outcome not seen before, in menu order. */
function pickOnePerOutcome(values: string[], expected: Map<string, Expected>): string[] {
  const seen = new Set<string>();
  const picked = values.filter((v, i) => {
    const key = outcomeKey(expected.get(v));
    const keep = i === 0 || i === values.length - 1 || !seen.has(key);
    seen.add(key);
    return keep;
  });
  return picked;
}
