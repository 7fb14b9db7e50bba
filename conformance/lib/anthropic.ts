// Anthropic's text editor (str_replace_based_edit_tool, str_replace_editor): its reference is
// Python (anthropic-quickstarts' computer-use-demo edit.py), not a package, so the cases are
// exported as JSON with what our profile answers after every call; conformance/anthropic/
// run_reference.py runs them through any edit.py the user has and compares.

import { commitStage } from '../../src/engine/commit';
import { MemoryEditHistory } from '../../src/engine/profiles/anthropic/history';
import { createTextEditor } from '../../src/engine/profiles/anthropic/text-editor';
import { runProfile } from '../../src/engine/run';
import { MemoryFs } from '../../src/workspace/memory-fs';
import { withRoot } from './gemini';
import type { Rng } from './rng';
import { doc, docBytes, docText, line, lineSlice, nearMiss } from './text';

export type AnthropicTool = 'str_replace_based_edit_tool' | 'str_replace_editor';

export interface AnthropicCase {
  tool: AnthropicTool;
  files: Record<string, Uint8Array>;
  /** Calls in order, on one tool instance (its undo history carries over); `<root>` is the folder. */
  calls: Record<string, unknown>[];
}

const lossy = new TextDecoder('utf-8', { ignoreBOM: true });

function oldStr(rng: Rng, text: string): string {
  const view = text.replace(/\r\n?/g, '\n');
  const lines = view.split('\n');
  const { start, n } = lineSlice(rng, lines.length, 3);
  const slice = lines.slice(start, start + n).join('\n');
  return rng.weighted<() => string>([
    [40, () => slice],
    [15, () => (view.length === 0 ? 'x' : view.slice(rng.int(0, view.length - 1)).slice(0, rng.int(1, 30)))],
    [12, () => nearMiss(rng, slice)],
    [8, () => slice.replaceAll('\t', '        ')],
    [8, () => lines[rng.int(0, lines.length - 1)]!.trim() || 'foo'],
    [7, () => line(rng)],
    [5, () => ''],
    [5, () => slice.replaceAll('\n', '\r\n')],
  ])();
}

function call(rng: Rng, tool: AnthropicTool, name: string, text: string): Record<string, unknown> {
  const path = rng.weighted([
    [85, `<root>/${name}`],
    [4, name],
    [4, '<root>/missing.txt'],
    [4, '<root>'],
    [3, '<root>/./sub//../' + name],
  ]);
  const command = rng.weighted([
    [42, 'str_replace'],
    [20, 'view'],
    [16, 'insert'],
    [8, 'create'],
    [tool === 'str_replace_editor' ? 9 : 2, 'undo_edit'],
    [3, 'delete'],
  ]);
  const c: Record<string, unknown> = { command, path };
  const some = (): string => Array.from({ length: rng.int(1, 3) }, () => line(rng)).join('\n') + (rng.chance(0.2) ? '\n' : '');
  const lines = text.split('\n').length;
  switch (command) {
    case 'str_replace':
      if (rng.chance(0.97)) c.old_str = oldStr(rng, text);
      if (rng.chance(0.85)) c.new_str = rng.chance(0.1) ? '' : some();
      break;
    case 'view':
      if (rng.chance(0.45)) {
        c.view_range = rng.weighted<unknown[]>([
          [30, [1, -1]],
          [30, [rng.int(1, lines), rng.int(1, lines)]],
          [10, [0, 1]],
          [10, [1, lines + 3]],
          [5, [2]],
          [5, [1, '2']],
          [10, [rng.int(1, lines), -1]],
        ]);
      }
      if (tool === 'str_replace_based_edit_tool' && rng.chance(0.1)) c.max_characters = rng.int(1, 60);
      break;
    case 'insert':
      if (rng.chance(0.97)) c.insert_line = rng.weighted([
        [70, rng.int(0, lines)],
        [10, lines + 1],
        [10, -1],
        [10, 0],
      ]);
      if (rng.chance(0.95)) c.new_str = some();
      break;
    case 'create':
      if (rng.chance(0.5)) c.path = `<root>/new-${rng.int(1, 3)}.txt`;
      if (rng.chance(0.95)) c.file_text = rng.chance(0.3) ? some().replaceAll('\n', '\r\n') : some();
      break;
  }
  return c;
}

export function generateAnthropicCase(rng: Rng): AnthropicCase {
  const tool: AnthropicTool = rng.chance(0.5) ? 'str_replace_based_edit_tool' : 'str_replace_editor';
  const d = doc(rng, 10);
  const name = rng.pick(['f.txt', 'main.py', 'notes.md']);
  const bytes = docBytes(rng, docText(d), 0.02);
  const files: Record<string, Uint8Array> = { [name]: bytes };
  if (rng.chance(0.2)) files['sub/deeper/g.txt'] = docBytes(rng, 'g\n', 0);
  if (rng.chance(0.05)) files['.hidden/h.txt'] = docBytes(rng, 'h\n', 0);
  const text = lossy.decode(bytes);
  const calls = Array.from({ length: rng.weighted([
    [55, 1],
    [30, 2],
    [15, 3],
  ]) }, () => call(rng, tool, name, text));
  return { tool, files, calls };
}

export interface OurAnswer {
  /** Deliberate differences (src/engine/profiles/anthropic/str_replace_based_edit_tool.md) this call touches. */
  documented?: string[];
  ok: boolean;
  /** ToolError, or the Python exception's class (TypeError, ValueError) for one the demo does not catch. */
  code?: string;
  text: string;
  files: Record<string, string>;
}

/** What our profile answers to each call of the case, with every file after it (base64). */
export async function runOursAnthropic(c: AnthropicCase, root: string): Promise<OurAnswer[]> {
  const fs = new MemoryFs(c.files);
  const profile = createTextEditor(c.tool, new MemoryEditHistory());
  const out: OurAnswer[] = [];
  for (const raw of c.calls) {
    const outcome = await runProfile(profile, fs, withRoot(raw, root), { mount: root });
    let ok = outcome.ok;
    let code: string | undefined;
    let text: string;
    if (outcome.ok) {
      text = (outcome.result as { output: string }).output;
      if (outcome.writes) {
        const commit = await commitStage(fs, outcome.stage);
        if (!commit.ok) {
          ok = false;
          code = commit.error.code;
          text = commit.error.message;
        }
      }
    } else {
      code = String(outcome.error.code);
      text = outcome.error.message;
    }
    const files = Object.fromEntries([...fs.files].sort(([a], [b]) => (a < b ? -1 : 1)).map(([p, b]) => [p, Buffer.from(b).toString('base64')]));
    const documented = documentedDifferences(raw, outcome.warnings);
    const answer: OurAnswer = code === undefined ? { ok, text, files } : { ok, code, text, files };
    out.push(documented.length === 0 ? answer : { documented, ...answer });
  }
  return out;
}

const DOC = 'src/engine/profiles/anthropic/str_replace_based_edit_tool.md';

/** The deliberate differences from the demo's edit.py a call touches, by what it asks and what our profile warned. */
function documentedDifferences(call: Record<string, unknown>, warnings: readonly string[]): string[] {
  const out: string[] = [];
  if (typeof call.path === 'string' && /(^|\/)\.\.(\/|$)/.test(call.path)) out.push(`\`..\` is resolved lexically; the kernel needs the folder before it to exist (${DOC}, Deliberate differences)`);
  if (call.max_characters !== undefined && call.command === 'view') out.push(`max_characters cuts the view (text_editor_20250728); edit.py before it ignores the field (${DOC}, Decisions)`);
  if (warnings.some((w) => /would have (left|written)/.test(w))) out.push(`not atomic: the reference writes the file before it fails; the playground changes nothing (${DOC}, Not atomic)`);
  return out;
}

/** Where the export puts the workspace: the Python side works in this folder, so texts agree. */
export const EXPORT_ROOT = '/tmp/edit-playground-conformance/root';

export async function exportAnthropic(cases: AnthropicCase[], seed: number): Promise<object> {
  const out = [];
  for (const [i, c] of cases.entries()) {
    out.push({
      id: i,
      tool: c.tool,
      reference_class: c.tool === 'str_replace_editor' ? 'EditTool20250124' : 'EditTool20250429',
      files: Object.fromEntries(Object.entries(c.files).map(([p, b]) => [p, Buffer.from(b).toString('base64')])),
      calls: c.calls.map((x) => withRoot(x, EXPORT_ROOT)),
      ours: await runOursAnthropic(c, EXPORT_ROOT),
    });
  }
  return {
    format: 'edit-playground-anthropic-conformance/1',
    seed,
    root: EXPORT_ROOT,
    about:
      'Each case: files (base64) to write under root, then calls on one tool instance of reference_class (in order, so undo_edit sees earlier edits). ' +
      'ours[i] is what our profile answered to calls[i]: ok, code (ToolError, or the class of an exception the demo does not catch), text, and every file afterwards (base64). ' +
      'Run: python3 conformance/anthropic/run_reference.py --tools DIR --cases THIS_FILE (DIR holds edit.py, base.py and run.py).',
    cases: out,
  };
}
