// OpenAI's V4A diffs: seeded files and `apply_patch_call` operations, the Agents SDK's `applyDiff`
// (@openai/agents-core, the function its local sandbox applies an operation with: the file read
// as UTF-8 text, the result written back) against our `apply_patch` profile given the same
// operation. The SDK returns no text of its own (the caller words the result), so outcome and
// bytes are compared, not texts.
//
// Our profile follows Codex, whose rules differ from the SDK's in a few places (patch-rules.ts),
// so agreement is also reported where both sets of rules coincide.

import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MODULES, packageVersion } from './installed';
import { runAndCommit } from '../../src/engine/run';
import { MemoryFs } from '../../src/workspace/memory-fs';
import type { Rng } from './rng';
import { doc, docBytes, docText, line, nearMiss, utf8 } from './text';
import type { Observed } from './types';

export interface PatchCase {
  files: Record<string, Uint8Array>;
  operation: { type: 'create_file' | 'update_file' | 'delete_file'; path: string; diff?: string };
}

const PUNCT: [string, string][] = [
  ['-', '\u2013'],
  ["'", '\u2019'],
  ['"', '\u201C'],
  [' ', '\u00A0'],
];

function section(rng: Rng, lines: string[]): string[] {
  // lines: the file's lines (no final empty element). Chunks in increasing order.
  const L = lines.length;
  const k = rng.int(1, 3);
  const starts = [...new Set(Array.from({ length: k }, () => rng.int(0, L)))].sort((a, b) => a - b);
  const out: string[] = [];
  let prevEnd = 0;
  starts.forEach((p, n) => {
    if (p < prevEnd) return;
    const before = Math.min(rng.int(0, 3), p - prevEnd);
    const del = Math.min(rng.chance(0.2) ? 0 : rng.int(1, 3), L - p);
    const ins = rng.chance(0.15) && del > 0 ? 0 : rng.int(1, 3);
    const nextStart = starts[n + 1] ?? L;
    const after = Math.max(0, Math.min(rng.int(0, 3), nextStart - (p + del), L - (p + del)));
    const first = out.length === 0;
    const anchorAt = p - before - 1;
    const header = rng.weighted([
      [60, '@@'],
      [first ? 20 : 0, ''],
      [anchorAt >= 0 ? 20 : 0, 'anchor'],
    ] as const);
    if (!first && rng.chance(0.06)) out.push(rng.pick(['', '  ', '\t', ' \t']));
    if (first && rng.chance(0.04)) out.push(rng.pick(['', ' ', '\t']));
    if (header === '@@') out.push('@@');
    else if (header === 'anchor') out.push(`@@ ${lines[anchorAt]!}`);
    const ctx = (s: string): string => (s === '' && rng.chance(0.5) ? '' : ` ${s}`);
    for (let i = p - before; i < p; i++) out.push(ctx(lines[i]!));
    for (let i = p; i < p + del; i++) out.push(`-${lines[i]!}`);
    for (let i = 0; i < ins; i++) out.push(`+${line(rng)}`);
    for (let i = p + del; i < p + del + after; i++) out.push(ctx(lines[i]!));
    prevEnd = p + del + after;
  });
  if (prevEnd === L && rng.chance(0.35)) out.push('*** End of File');
  else if (rng.chance(0.04)) out.push('*** End of File');
  return out;
}

/** One context or removed line changed: trailing blanks, indentation, typographic punctuation, or a near miss. */
function mutate(rng: Rng, body: string[]): string[] {
  const idx = body.map((l, i) => [l, i] as const).filter(([l]) => l.startsWith(' ') || l.startsWith('-'));
  if (idx.length === 0) return body;
  const [l, i] = rng.pick(idx);
  const sign = l[0]!;
  const text = l.slice(1);
  let changed: string;
  switch (rng.int(0, 3)) {
    case 0:
      changed = `${text}  `;
      break;
    case 1:
      changed = `  ${text.trimStart()}`;
      break;
    case 2: {
      const [ascii, fancy] = rng.pick(PUNCT);
      changed = text.includes(ascii) ? text.replace(ascii, fancy) : text.replace(fancy, ascii);
      break;
    }
    default:
      changed = nearMiss(rng, text);
  }
  const out = [...body];
  out[i] = sign + changed;
  return out;
}

export function generatePatchCase(rng: Rng): PatchCase {
  const kind = rng.weighted([
    [86, 'update'],
    [9, 'create'],
    [5, 'delete'],
  ] as const);
  const name = rng.pick(['f.txt', 'src/a.ts', 'notes.md']);
  const d = doc(rng, rng.chance(0.2) ? 20 : 10);
  // Lone CR and U+2028 are read alike by both; keep them rare here.
  if (d.mode === 'exotic' && rng.chance(0.6)) d.seps = d.seps.map((s) => (s === '' ? '' : '\n'));
  if (rng.chance(0.1)) {
    const [ascii, fancy] = rng.pick(PUNCT);
    d.lines = d.lines.map((l) => (rng.chance(0.5) ? l.replaceAll(ascii, fancy) : l));
  }
  const text = docText(d);
  const bytes = docBytes(rng, text, 0.01);
  if (kind === 'create') {
    const body = Array.from({ length: rng.int(0, 4) }, () => `+${line(rng)}`);
    if (rng.chance(0.05)) body.push(line(rng));
    const files: Record<string, Uint8Array> = {};
    if (rng.chance(0.1)) files['other.txt'] = bytes;
    return { files, operation: { type: 'create_file', path: name, diff: body.join('\n') + (rng.chance(0.5) ? '\n' : '') } };
  }
  if (kind === 'delete') {
    const files: Record<string, Uint8Array> = rng.chance(0.8) ? { [name]: bytes } : {};
    return { files, operation: { type: 'delete_file', path: name } };
  }
  const view = text.replaceAll('\r\n', '\n').replace(/^\uFEFF/, '');
  const lines = view.split('\n');
  if (view.endsWith('\n')) lines.pop();
  let body = section(rng, lines);
  if (rng.chance(0.3)) body = mutate(rng, body);
  const files: Record<string, Uint8Array> = rng.chance(0.03) ? {} : { [name]: bytes };
  return { files, operation: { type: 'update_file', path: name, diff: body.join('\n') + (rng.chance(0.6) ? '\n' : '') } };
}

export async function runOursPatch(c: PatchCase, root: string): Promise<Observed> {
  const fs = new MemoryFs(c.files);
  const { outcome } = await runAndCommit(fs, 'apply_patch', { operation: c.operation }, { mount: root });
  const files = new Map([...fs.files].map(([p, b]) => [p, new Uint8Array(b)]));
  if (outcome.ok) return { ok: true, text: (outcome.result as { output: string }).output, files, how: 'ok' };
  return { ok: false, code: String(outcome.error.code), text: outcome.error.message, files, how: `error ${outcome.error.code}` };
}

export type ApplyDiff = (input: string, diff: string, mode?: 'default' | 'create') => string;

export interface PatchReference {
  version: string;
  run(c: PatchCase): Observed;
}

/** The SDK's `applyDiff`, from the function's own module (it imports nothing): the package index would load the whole SDK. */
export async function loadApplyDiff(): Promise<ApplyDiff> {
  const file = pathToFileURL(join(MODULES, '@openai/agents-core/dist/utils/applyDiff.mjs')).href;
  return ((await import(file)) as { applyDiff: ApplyDiff }).applyDiff;
}

export async function loadPatchReference(): Promise<PatchReference> {
  const version = packageVersion('@openai/agents-core');
  const applyDiff = await loadApplyDiff();
  return {
    version,
    run(c) {
      const files = new Map(Object.entries(c.files).map(([p, b]) => [p, b] as [string, Uint8Array]));
      const { type, path, diff = '' } = c.operation;
      try {
        if (type === 'create_file') {
          files.set(path, utf8(applyDiff('', diff, 'create')));
        } else if (type === 'update_file') {
          const current = files.get(path);
          if (current === undefined) throw new Error(`ENOENT: no such file or directory, open '${path}'`);
          files.set(path, utf8(applyDiff(Buffer.from(current).toString('utf8'), diff)));
        } else {
          if (!files.has(path)) throw new Error(`ENOENT: no such file or directory, unlink '${path}'`);
          files.delete(path);
        }
      } catch (e) {
        return { ok: false, code: 'Error', text: (e as Error).message, files: new Map(Object.entries(c.files)) };
      }
      return { ok: true, text: '', files: new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1))) };
    },
  };
}
