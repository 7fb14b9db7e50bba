// `edit-playground/playwright`: drive the playground from your own Playwright tests as a user
// would, through the page's accessible roles and labels (the names the app's own e2e specs use):
// load a workspace, paste a call or a transcript, run, and read the result, the diff and the
// verdicts. Nothing here reaches into the app's state; what a test reads is what a person sees.
//
// Playwright itself is not imported at run time (types only): the `page` comes from your test,
// so any Playwright version with locators (1.33 and later) drives it, and the package depends on
// none. `servePlayground` serves the package's own app build, as `edit-playground serve` does.

import type { Locator, Page } from 'playwright-core';
import { startAppServer } from '../cli/serve-command';
import { isHiddenEntry } from '../workspace/handle-fs';

/** How long the helper waits for the app (boot, a run, an import, a replay) before it gives up. */
const WAIT_MS = 30_000;

export interface ServedPlayground {
  /** http://127.0.0.1:PORT/ */
  url: string;
  close(): Promise<void>;
}

/** Serve the package's app build on 127.0.0.1 (`port` 0, the default, picks a free one). */
export async function servePlayground(options: { port?: number; dir?: string } = {}): Promise<ServedPlayground> {
  const started = await startAppServer({ port: options.port ?? 0, ...(options.dir !== undefined && { dir: options.dir }) });
  if (!started.ok) throw new Error(`edit-playground: cannot serve the app (${started.error.code}): ${started.error.message}`);
  return { url: started.server.url, close: () => started.server.close() };
}

/** What the Result panel shows after a run. */
export interface RunResult {
  /** The badge: `Success`, `Error`, `success: false`, or `Did not run` (envelope error, cancelled). */
  outcome: 'Success' | 'Error' | 'success: false' | 'Did not run';
  /** The result (or error) JSON as shown; long strings are cut there, and `value` is then its parse. */
  json: string | null;
  /** `json` parsed, when it parses (a cut array or string may keep it from parsing). */
  value: unknown;
  /** A reference dialect's `output` text, as a model reads it. */
  output: string | null;
  error: { code: string; message: string } | null;
  warnings: string[];
}

export type Verdict = 'agrees' | 'differs' | 'not recorded' | 'cannot judge' | null;

/**
 * Why a call cannot be judged, as the timeline says it: the recorded text is not the tool's answer
 * (refused, interrupted, blocked by a hook), the file's state at the call is unknown, or the
 * call's dialect has no profile yet.
 */
export type CannotJudgeReason =
  | "not the tool's answer"
  | 'file never shown'
  | 'file shown in part'
  | 'changed outside the calls'
  | 'after an earlier difference'
  | 'edited by the user'
  | 'no dialect yet';

/** One row of a replayed session's timeline. */
export interface TimelineRow {
  /**
   * The row's accessible name: index, tool and the release that recorded the call, the subagent
   * if any, file, status, verdict, and files re-synced to the transcript:
   * `#2, Edit 2.1.88, /test/config.toml, not found, agrees with the transcript`.
   */
  name: string;
  /** Against the transcript's own record; `null` for calls that were not run (reads, other tools). */
  verdict: Verdict;
  /** With `cannot judge`: why; else null. */
  reason: CannotJudgeReason | null;
}

/** One transcript of the table shown when several are opened at once. */
export interface TranscriptRow {
  name: string;
  format: string;
  editCalls: number;
  agree: number;
  /** Calls whose verdict differs, and of them those that differ in outcome and in text only. */
  differ: { total: number; outcome: number; text: number };
  cannotJudge: number;
  notRecorded: number;
  failed: number;
}

/** Open the playground at `url` in `page` and wait until a call can run. */
export async function openPlayground(page: Page, url: string): Promise<Playground> {
  await page.goto(url);
  const playground = new Playground(page);
  await playground.ready();
  return playground;
}

export class Playground {
  constructor(readonly page: Page) {}

  /** The composer. */
  get call(): Locator {
    return this.page.getByRole('region', { name: 'Call' });
  }

  /** The Result panel. */
  get result(): Locator {
    return this.page.getByRole('region', { name: 'Result' });
  }

  /** Wait until the workspace is open and Run can be pressed. */
  async ready(): Promise<void> {
    await this.runButton().and(this.page.locator(':enabled')).waitFor({ timeout: WAIT_MS });
  }

  /**
   * Put files into the sandbox (the browser's private storage), through the app's "Import folder"
   * input: `source` is a folder path on this machine, or a map of workspace paths to contents.
   * With `replace` (the default) whatever else the sandbox held (its sample files) is removed
   * afterwards, so the workspace holds exactly these files; `.git` and `node_modules` are
   * skipped, as the app's import skips them.
   */
  async loadWorkspace(source: string | Readonly<Record<string, string | Uint8Array>>, options: { replace?: boolean } = {}): Promise<void> {
    const { folder, cleanup } = typeof source === 'string' ? { folder: source, cleanup: async () => {} } : await writeTempFolder(source);
    try {
      const paths = (await filesUnder(folder)).filter((p) => !p.split('/').some(isHiddenEntry));
      if (paths.length === 0) throw new Error(`edit-playground: no files to load from ${typeof source === 'string' ? source : 'the map'}`);
      await this.page.getByLabel('Folder to import').setInputFiles(folder);
      const done = this.page.getByRole('status').filter({ hasText: /^Imported \d+ files? into the sandbox\./ });
      const failed = this.page.getByRole('alert').filter({ hasText: /import|could not be written/i });
      await done.or(failed).first().waitFor({ timeout: WAIT_MS });
      if (await failed.count()) throw new Error(`edit-playground: the import failed: ${await failed.first().innerText()}`);
      // Pruned after the import, not emptied before it: the app seeds an empty sandbox with samples.
      if (options.replace ?? true) {
        await pruneSandbox(this.page, paths);
        await this.page.getByRole('button', { name: 'Refresh the file list' }).click();
        const top = new Set(paths.map((p) => p.split('/')[0]!)).size;
        const rows = this.page.getByRole('tree').getByRole('treeitem', { level: 1 });
        await waitUntil(async () => (await rows.count()) === top, `the file list to show ${top} top-level entries`);
      }
    } finally {
      await cleanup();
    }
  }

  /** Replace the composer's text as a paste does (an object is pretty-printed as JSON). */
  async pasteCall(call: string | object): Promise<void> {
    const text = typeof call === 'string' ? call : JSON.stringify(call, null, 2);
    // Monaco's own paste path: typed text would go through auto-closing and auto-indent.
    await this.call.locator('.monaco-editor .view-lines').click({ timeout: WAIT_MS });
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.evaluate((t) => {
      const data = new DataTransfer();
      data.setData('text/plain', t);
      document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, text);
    // The line under the editor: what was detected, or why the call cannot run.
    await this.call.getByRole('status').last().filter({ hasNotText: 'Checking the call…' }).waitFor({ timeout: WAIT_MS });
  }

  /** Press Run and read the outcome once the Result panel shows it. */
  async run(): Promise<RunResult> {
    const previous = await this.outcomeBadge().elementHandle({ timeout: 1 }).catch(() => null);
    await this.runButton().and(this.page.locator(':enabled')).click({ timeout: WAIT_MS });
    // A run replaces the panel's content: wait for the previous outcome to go, then for the new one.
    if (previous !== null) await this.page.waitForFunction((el) => !el.isConnected, previous, { timeout: WAIT_MS });
    await this.outcomeBadge().or(this.result.getByRole('region', { name: 'Run failure' })).first().waitFor({ timeout: WAIT_MS });
    return this.readResult();
  }

  /** What the Result panel shows now. */
  async readResult(): Promise<RunResult> {
    const failure = this.result.getByRole('region', { name: 'Run failure' });
    if (await failure.count()) {
      const code = await failure.getByLabel('Failure code').innerText();
      const message = await failure.getByLabel('Failure message').innerText();
      return { outcome: 'Did not run', json: null, value: undefined, output: null, error: { code, message }, warnings: [] };
    }
    const outcome = (await this.outcomeBadge().innerText()) as RunResult['outcome'];
    const jsonView = this.result.getByLabel(/^(Result|Error) JSON$/);
    const json = (await jsonView.count()) ? await jsonView.innerText() : null;
    const toolError = this.result.getByRole('region', { name: 'Tool error' });
    const error = (await toolError.count())
      ? { code: await toolError.getByLabel('Error code').innerText(), message: await toolError.getByLabel('Error message').innerText() }
      : null;
    const outputRegion = this.result.getByRole('region', { name: 'Tool output' });
    const output = (await outputRegion.count()) ? await outputRegion.locator('pre').innerText() : null;
    const warnings = await this.result.getByRole('list', { name: 'Warnings' }).getByRole('listitem').allInnerTexts();
    return { outcome, json, value: parseOrUndefined(json), output, error, warnings };
  }

  /**
   * The unified diff of one changed file (the first when `path` is not given), as the Diff view's
   * "Unified diff" shows it: the first 5,000 lines of a longer one.
   */
  async diff(path?: string): Promise<string> {
    await this.page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Diff' }).click();
    const files = this.page.getByRole('tablist', { name: 'Changed files' });
    await files.waitFor({ timeout: WAIT_MS });
    const tab = path === undefined ? files.getByRole('tab').first() : files.getByRole('tab', { name: new RegExp(`^${escapeRegExp(path)}(\\s|$)`) });
    await tab.click();
    const toggle = this.page.getByRole('button', { name: 'Unified diff', exact: true });
    if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
    const view = this.page.getByRole('region', { name: /^Unified diff of / });
    const empty = this.page.getByText('No changes: the content after the call is the same as before.');
    await view.or(empty).first().waitFor({ timeout: WAIT_MS });
    if (await empty.count()) return '';
    return view.locator('pre').innerText();
  }

  /** Save the run's changes into the workspace through the Save dialog; the dialog's alert when it refuses. */
  async save(): Promise<{ ok: true } | { ok: false; message: string }> {
    await this.page.getByRole('banner').getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Save changes' });
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    const alert = dialog.getByRole('alert');
    await dialog.waitFor({ state: 'hidden', timeout: WAIT_MS }).catch(() => undefined);
    if (await alert.count()) return { ok: false, message: await alert.innerText() };
    return { ok: true };
  }

  /** Paste a transcript into the Session tab and wait for its replay's figures. */
  async pasteTranscript(text: string): Promise<void> {
    await this.page.getByRole('tablist', { name: 'Side panel' }).getByRole('tab', { name: 'Session' }).click();
    await this.page.getByRole('button', { name: 'Paste…' }).click();
    await this.page.getByRole('textbox', { name: 'Transcript text' }).fill(text);
    await this.page.getByRole('button', { name: 'Read pasted text' }).click();
    const figures = this.page.getByLabel('Figures');
    const unread = this.page.getByLabel('Detection').and(this.page.locator('.session-bad'));
    await figures.or(unread).first().waitFor({ timeout: WAIT_MS });
    if (await unread.count()) throw new Error(`edit-playground: the transcript was not read: ${await unread.innerText()}`);
  }

  /** The replay's figures by name: `Edit calls`, `Failed`, `Differ`, `Files touched`. */
  async figures(): Promise<Record<string, string>> {
    return this.page.getByLabel('Figures').evaluate((dl) => {
      const out: Record<string, string> = {};
      for (const row of dl.querySelectorAll('div')) {
        const dt = row.querySelector('dt')?.textContent?.trim();
        if (dt) out[dt] = row.querySelector('dd')?.textContent?.trim() ?? '';
      }
      return out;
    });
  }

  /** Every call of the replayed session as the timeline lists it (all calls, whatever the filter). */
  async timeline(): Promise<TimelineRow[]> {
    await this.page.getByRole('radiogroup', { name: 'Show calls' }).getByRole('radio', { name: /^All / }).check();
    const names = await this.page.getByRole('listbox', { name: 'Timeline' }).getByRole('option').evaluateAll((options) => options.map((o) => o.getAttribute('aria-label') ?? ''));
    return names.map((name) => ({ name, ...verdictOf(name) }));
  }

  /**
   * Open several transcripts at once in the Session tab (through its Open dialog) and wait until
   * every one has replayed: `files` are paths on this machine or `{ name, text }`. Read the table
   * with `transcripts()`.
   */
  async openTranscripts(files: readonly (string | { name: string; text: string })[]): Promise<void> {
    await this.page.getByRole('tablist', { name: 'Side panel' }).getByRole('tab', { name: 'Session' }).click();
    const chooser = this.page.waitForEvent('filechooser', { timeout: WAIT_MS });
    await this.page.getByRole('button', { name: 'Open transcript…' }).click();
    const [{ readFile }, { basename }] = await Promise.all([import('node:fs/promises'), import('node:path')]);
    const payloads = await Promise.all(
      files.map(async (f) => (typeof f === 'string' ? { name: basename(f), mimeType: 'application/json', buffer: await readFile(f) } : { name: f.name, mimeType: 'application/json', buffer: Buffer.from(f.text) })),
    );
    await (await chooser).setFiles(payloads);
    if (files.length === 1) return;
    // The table is busy until the last transcript has replayed.
    await this.page.getByRole('table', { name: 'Transcripts' }).and(this.page.locator('[aria-busy="false"]')).waitFor({ timeout: WAIT_MS });
  }

  /** The table of transcripts opened at once: a row per replayed transcript. */
  async transcripts(): Promise<TranscriptRow[]> {
    const rows = await this.page
      .getByRole('table', { name: 'Transcripts' })
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent?.trim() ?? '')));
    return rows.map((cells) => {
      const n = (i: number) => Number((cells[i] ?? '').replace(/,/g, ''));
      const differ = /^(\d+) \((\d+)\/(\d+)\)$/.exec(cells[4] ?? '') ?? ['', '0', '0', '0'];
      return {
        name: cells[0] ?? '',
        format: cells[1] ?? '',
        editCalls: n(2),
        agree: n(3),
        differ: { total: Number(differ[1]), outcome: Number(differ[2]), text: Number(differ[3]) },
        cannotJudge: n(5),
        notRecorded: n(6),
        failed: n(7),
      };
    });
  }

  private runButton(): Locator {
    return this.call.getByRole('button', { name: 'Run', exact: true });
  }

  private outcomeBadge(): Locator {
    return this.result.getByText(/^(Success|Error|success: false)$/);
  }
}

const REASONS: readonly CannotJudgeReason[] = ["not the tool's answer", 'file never shown', 'file shown in part', 'changed outside the calls', 'after an earlier difference', 'edited by the user', 'no dialect yet'];

/** The verdict a row's name ends with (before any `, re-synced …`). */
export function verdictOf(name: string): { verdict: Verdict; reason: CannotJudgeReason | null } {
  const head = name.replace(/, re-synced \d+ files? to the transcript$/, '');
  if (head.endsWith(', agrees with the transcript')) return { verdict: 'agrees', reason: null };
  if (head.endsWith(', differs from the transcript')) return { verdict: 'differs', reason: null };
  if (head.endsWith(', no recorded result')) return { verdict: 'not recorded', reason: null };
  const m = /, cannot judge: ([^,]+|not the tool's answer)$/.exec(head);
  if (m) return { verdict: 'cannot judge', reason: REASONS.find((r) => r === m[1]) ?? null };
  return { verdict: null, reason: null };
}

function parseOrUndefined(json: string | null): unknown {
  if (json === null) return undefined;
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Remove every file of the app's sandbox folder in OPFS (src/worker/workspaces.ts) but `keep`, and the folders left empty. */
async function pruneSandbox(page: Page, keep: readonly string[]): Promise<void> {
  await page.evaluate(async (kept) => {
    type Folder = FileSystemDirectoryHandle & { entries(): AsyncIterable<[string, FileSystemHandle]> };
    const keepSet = new Set(kept);
    const prune = async (dir: Folder, prefix: string): Promise<boolean> => {
      let left = 0;
      const entries: [string, FileSystemHandle][] = [];
      for await (const entry of dir.entries()) entries.push(entry);
      for (const [name, handle] of entries) {
        const path = prefix === '' ? name : `${prefix}/${name}`;
        const empty = handle.kind === 'directory' ? await prune(handle as Folder, path) : !keepSet.has(path);
        if (empty) await dir.removeEntry(name, { recursive: true });
        else left++;
      }
      return left === 0;
    };
    const root = await navigator.storage.getDirectory();
    await prune((await root.getDirectoryHandle('sandbox', { create: true })) as Folder, '');
  }, [...keep]);
}

/** Every file under `folder`, as `/`-separated paths relative to it. */
async function filesUnder(folder: string, prefix = ''): Promise<string[]> {
  const [{ readdir }, { join }] = await Promise.all([import('node:fs/promises'), import('node:path')]);
  const out: string[] = [];
  for (const e of await readdir(join(folder, prefix), { withFileTypes: true })) {
    const path = prefix === '' ? e.name : `${prefix}/${e.name}`;
    if (e.isDirectory()) out.push(...(await filesUnder(folder, path)));
    else if (e.isFile()) out.push(path);
  }
  return out;
}

async function waitUntil(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`edit-playground: timed out after ${WAIT_MS / 1000} s waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A map of files as a folder the import input can take; removed afterwards. */
async function writeTempFolder(files: Readonly<Record<string, string | Uint8Array>>): Promise<{ folder: string; cleanup: () => Promise<void> }> {
  const [{ mkdir, mkdtemp, rm, writeFile }, { tmpdir }, { dirname, join }] = await Promise.all([import('node:fs/promises'), import('node:os'), import('node:path')]);
  const base = await mkdtemp(join(tmpdir(), 'edit-playground-workspace-'));
  const folder = join(base, 'workspace');
  for (const [path, content] of Object.entries(files)) {
    const target = join(folder, ...path.split('/').filter((s) => s !== '' && s !== '.' && s !== '..'));
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, content);
  }
  await mkdir(folder, { recursive: true });
  return { folder, cleanup: () => rm(base, { recursive: true, force: true }) };
}
