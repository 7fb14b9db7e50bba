// The session part of the UI benchmark (issue 10): a Claude Code transcript of about 50 MB (500
// files read whole, then 2,000 edit calls) is opened in the Session tab through the file chooser,
// read by the worker in chunks and replayed seeded from the transcript, while a `longtask`
// observer watches the main thread. The page must stay responsive: no task over 50 ms.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { makeSessionWorkload } from './session-workload';

export interface SessionFigures {
  transcriptBytes: number;
  editCalls: number;
  /** File chosen → figures of the replay against the sandbox shown (read + replay). */
  openMs: number | null;
  /** Seed switched on → figures of the seeded replay shown. */
  seededMs: number | null;
  /** Longest main-thread task from the file chosen to the seeded figures (0: none over 50 ms). */
  longestTaskMs: number;
  longTaskObserverWorks: boolean;
  /** What the seeded replay's figures said, checked against the workload. */
  outcome: string;
}

/** The figures' `dd` texts once their first one reads `editCalls`. */
async function figuresShowing(page: Page, editCalls: number, timeoutMs: number): Promise<string[]> {
  const figures = page.getByLabel('Figures').locator('dd');
  await figures.first().filter({ hasText: new RegExp(`^${editCalls.toLocaleString('en')}$|^${editCalls}$`) }).waitFor({ timeout: timeoutMs });
  return figures.allTextContents();
}

export async function measureSession(browser: Browser, url: string, log: (s: string) => void): Promise<SessionFigures> {
  const workload = makeSessionWorkload({ files: 500, edits: 2000, linesPerFile: 1200 });
  const dir = mkdtempSync(join(tmpdir(), 'ui-bench-session-'));
  const file = join(dir, 'session.jsonl');
  writeFileSync(file, workload.transcript);
  const bytes = Buffer.byteLength(workload.transcript);
  log(`session: ${(bytes / 1e6).toFixed(1)} MB transcript, ${workload.expected.editCalls} edit calls over 500 files…`);
  const context = await browser.newContext();
  const figures: SessionFigures = { transcriptBytes: bytes, editCalls: workload.expected.editCalls, openMs: null, seededMs: null, longestTaskMs: 0, longTaskObserverWorks: false, outcome: 'not run' };
  try {
    // Long tasks from the first script on (buffered), as the other UI measurements record them.
    await context.addInitScript(`window.__longTasks = []; try { new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration }); }).observe({ type: 'longtask', buffered: true }); } catch {}`);
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole('tablist', { name: 'Side panel' }).getByRole('tab', { name: 'Session' }).click({ timeout: 30_000 });
    figures.longTaskObserverWorks = await page.evaluate(() => PerformanceObserver.supportedEntryTypes.includes('longtask'));

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Open transcript…' }).click();
    const from = await page.evaluate(() => performance.now());
    await (await chooser).setFiles(file);
    await figuresShowing(page, workload.expected.editCalls, 120_000);
    const opened = await page.evaluate(() => performance.now());
    figures.openMs = opened - from;

    await page.getByRole('switch', { name: 'Seed from transcript' }).check();
    // The seeded replay agrees on every call: its "differ" figure drops to 0.
    await page.getByLabel('Figures').locator('dd').nth(2).filter({ hasText: /^0$/ }).waitFor({ timeout: 120_000 });
    const seeded = await page.evaluate(() => performance.now());
    figures.seededMs = seeded - opened;
    const shown = await page.getByLabel('Figures').locator('dd').allTextContents();
    const e = workload.expected;
    const expected = [String(e.editCalls.toLocaleString('en')), `${e.failed}`, '0', String(e.filesTouched)];
    const right = shown[0]?.replace(/,/g, '') === String(e.editCalls) && shown[1]?.startsWith(String(e.failed)) && shown[2] === '0' && shown[3] === String(e.filesTouched);
    figures.outcome = right ? `figures right (${shown.join(' · ')})` : `WRONG figures: ${shown.join(' · ')}; expected ${expected.join(' · ')}`;

    const tasks = await page.evaluate(() => (window as unknown as { __longTasks?: { start: number; duration: number }[] }).__longTasks ?? []);
    figures.longestTaskMs = tasks.filter((t) => t.start < seeded && t.start + t.duration > from).reduce((m, t) => Math.max(m, t.duration), 0);
  } finally {
    await context.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}
