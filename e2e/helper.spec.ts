import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openPlayground } from '../src/playwright/playground';
import { expect, test } from './fixtures';
import { readOpfs } from './support/picker';
import { verdictsTranscript } from './support/verdicts-transcript';

// The Playwright helper users import as `edit-playground/playwright` (src/playwright/), used
// here as a user's own test would: a workspace from a map of files, a call pasted and run, the
// result, the diff and a save; then a transcript pasted and its verdicts read.

const APP = 'export const port = 8080;\nexport const host = "localhost";\n';

test('a workspace from a map of files, a call run, its result and diff read, and saved', async ({ page }) => {
  const playground = await openPlayground(page, '/');
  await playground.loadWorkspace({ 'src/app.ts': APP, 'docs/notes.md': '# Notes\n' });
  // Exactly these files: the sandbox's samples are gone.
  const tree = page.getByRole('tree');
  await expect(tree.getByRole('treeitem', { name: 'src', exact: true })).toBeVisible();
  await expect(tree.getByRole('treeitem', { name: 'test', exact: true })).toHaveCount(0);

  await playground.pasteCall({ name: 'edit_text_file', arguments: { path: '/src/app.ts', old_string: 'port = 8080', new_string: 'port = 3000' } });
  const result = await playground.run();
  expect(result.outcome).toBe('Success');
  expect(result.error).toBeNull();
  expect(result.value).toMatchObject({ success: true, line_range: { start: 1, end: 1 } });

  const diff = await playground.diff();
  expect(diff).toContain('-export const port = 8080;');
  expect(diff).toContain('+export const port = 3000;');

  expect(await playground.save()).toEqual({ ok: true });
  expect(await readOpfs(page, 'sandbox/src/app.ts')).toBe(APP.replace('8080', '3000'));

  // A second run replaces the first one's outcome: the helper reads the new one.
  await playground.pasteCall({ name: 'edit_text_file', arguments: { path: '/src/app.ts', old_string: 'port = 8080', new_string: 'port = 1' } });
  const again = await playground.run();
  expect(again.outcome).toBe('Error');
  expect(again.error).toEqual({ code: '-32010', message: 'String not found in file: port = 8080' });
});

test('a pasted transcript: the figures and every verdict', async ({ page }) => {
  const playground = await openPlayground(page, '/');
  await playground.pasteTranscript(readFileSync(new URL('../src/sessions/samples/claude-code.jsonl', import.meta.url), 'utf8'));
  expect(await playground.figures()).toMatchObject({ 'Edit calls': '7', Differ: '0', 'Files touched': '3' });
  const rows = await playground.timeline();
  expect(rows).toHaveLength(10);
  expect(rows.filter((r) => r.verdict === 'agrees')).toHaveLength(7);
  expect(rows.find((r) => r.name.startsWith('#0, Read'))?.verdict).toBeNull();
});

test('cannot judge and its reason, and several transcripts read as a table', async ({ page }) => {
  const playground = await openPlayground(page, '/');
  await playground.pasteTranscript(verdictsTranscript());
  expect((await playground.timeline()).map((r) => [r.verdict, r.reason])).toEqual([
    [null, null],
    ['cannot judge', "not the tool's answer"],
    ['agrees', null],
    [null, null],
    ['cannot judge', 'changed outside the calls'],
    ['differs', null],
  ]);

  await playground.openTranscripts([{ name: 'verdicts.jsonl', text: verdictsTranscript() }, fileURLToPath(new URL('../src/sessions/samples/claude-code.jsonl', import.meta.url))]);
  expect(await playground.transcripts()).toEqual([
    { name: 'verdicts.jsonl', format: 'claude-code-jsonl', editCalls: 4, agree: 1, differ: { total: 1, outcome: 0, text: 1 }, cannotJudge: 2, notRecorded: 0, failed: 1 },
    { name: 'claude-code.jsonl', format: 'claude-code-jsonl', editCalls: 7, agree: 7, differ: { total: 0, outcome: 0, text: 0 }, cannotJudge: 0, notRecorded: 0, failed: 3 },
  ]);
});
