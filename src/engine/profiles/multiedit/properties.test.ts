// Properties of the fuzzy `multiedit` profile (SPEC 4.4) on code-like files with old_strings
// whose whitespace, indentation or escapes were disturbed, as a model's often are. The SPEC
// leaves which text a fuzzy strategy picks to the strategies, so these check what must hold
// whatever it picks: no crash, nothing written on failure, replacements inside the content and
// disjoint, every per-edit diff and the cumulative diff apply, the written bytes read back as
// the staged text, and bytes outside the replaced spans never change.

import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { contentAfterStep } from '../../file-stage';
import { runAndCommit } from '../../run';
import type { FileStage } from '../../types';
import { MemoryFs } from '../../../workspace/memory-fs';
import { patchProblems } from '../../../../tests/support/apply';
import { latin1, lfViewOf, snapshot } from '../../../../tests/support/harness';

const SEED = Number(process.env.FC_SEED ?? 20_261_122);
const SCALE = Number(process.env.FC_RUNS_SCALE ?? 1);
fc.configureGlobal({ seed: SEED });
vi.setConfig({ testTimeout: 180_000 });

const CODE = ['if (a) {', '}', 'return x;', 'foo(bar, baz);', 'let s = "q\\"t";', '// note', '', 'x = 1', 'x  =  1', 'else {', '\tcall();'] as const;

const lineArb = fc.record({ indent: fc.constantFrom('', '  ', '    ', '\t', '\t\t', ' '), code: fc.constantFrom<string>(...CODE), trailing: fc.constantFrom('', '', '', ' ', '\t') }).map((l) => l.indent + l.code + l.trailing);
const fileArb = fc.record({ lines: fc.array(lineArb, { minLength: 1, maxLength: 25 }), crlf: fc.boolean(), finalNewline: fc.boolean() });

type Perturb = 'none' | 'indent+2' | 'indent-2' | 'tabs' | 'trailing' | 'collapse' | 'escape-newlines' | 'escape-quotes' | 'trim';
const perturbArb = fc.constantFrom<Perturb>('none', 'indent+2', 'indent-2', 'tabs', 'trailing', 'collapse', 'escape-newlines', 'escape-quotes', 'trim');

function perturb(block: string, how: Perturb): string {
  const lines = block.split('\n');
  switch (how) {
    case 'none':
      return block;
    case 'indent+2':
      return lines.map((l) => (l === '' ? l : `  ${l}`)).join('\n');
    case 'indent-2':
      return lines.map((l) => l.replace(/^ {1,2}/, '')).join('\n');
    case 'tabs':
      return lines.map((l) => l.replace(/^ {4}/, '\t').replace(/^\t/, '    ')).join('\n');
    case 'trailing':
      return lines.map((l) => `${l} `).join('\n');
    case 'collapse':
      return block.replace(/[ \t]+/g, ' ');
    case 'escape-newlines':
      return block.split('\n').join('\\n');
    case 'escape-quotes':
      return block.replace(/"/g, '\\"');
    case 'trim':
      return block.trim();
  }
}

const editArb = fc.record({ from: fc.nat(), count: fc.integer({ min: 1, max: 4 }), how: perturbArb, newKind: fc.constantFrom('tweak', 'fresh', 'empty'), replaceAll: fc.integer({ min: 0, max: 5 }).map((n) => n === 0) });

/** FC_STATS=1 prints how the cases ended (which strategies matched, which errors), to tune the generators. */
const stats = new Map<string, number>();
const tally = (k: string): void => {
  if (process.env.FC_STATS) stats.set(k, (stats.get(k) ?? 0) + 1);
};

describe('properties: multiedit fuzzy matching keeps the engine invariants', () => {
  it('no crash, atomic failure, replacements in bounds, diffs apply, untouched bytes stay', async () => {
    await fc.assert(
      fc.asyncProperty(fileArb, fc.array(editArb, { minLength: 1, maxLength: 3 }), async (file, editSpecs) => {
        const view = file.lines.join('\n') + (file.finalNewline ? '\n' : '');
        const raw = file.crlf ? view.split('\n').join('\r\n') : view;
        // Each edit's old_string is a disturbed block of the content the previous edits left, as far as a simple simulation knows.
        let cur = view;
        const edits = editSpecs.map((e) => {
          const lines = cur.split('\n');
          const from = e.from % lines.length;
          const block = lines.slice(from, from + e.count).join('\n');
          const old = perturb(block, e.how) || 'x';
          const neu = e.newKind === 'empty' ? '' : e.newKind === 'fresh' ? 'fresh();\nmore();' : `${block.trim()} // changed`;
          const i = cur.indexOf(block);
          if (i >= 0 && block !== '') cur = cur.slice(0, i) + neu + cur.slice(i + block.length);
          return { old_string: old, new_string: neu === old ? `${neu}!` : neu, ...(e.replaceAll && { replace_all: true }) };
        });
        const fs = new MemoryFs({ 'src/f.ts': raw });
        const before = snapshot(fs);
        const { outcome } = await runAndCommit(fs, 'multiedit', { file_path: '/src/f.ts', edits });
        tally(outcome.ok ? (outcome.result as { metadata: { results: { strategy: string }[] } }).metadata.results.map((r) => r.strategy).join('+') : String(outcome.error.code));
        if (!outcome.ok) {
          expect(['STRING_NOT_FOUND', 'MULTIPLE_MATCHES', 'EDIT_OLD_NEW_IDENTICAL']).toContain(outcome.error.code);
          expect(snapshot(fs)).toEqual(before);
          return;
        }
        const f = outcome.stage.files[0] as FileStage;
        expect(f.originalText).toBe(view);
        const results = (outcome.result as { metadata: { results: { diff: string; replacements: number; line_ranges: unknown[] }[] } }).metadata.results;
        expect(results).toHaveLength(edits.length);
        f.steps.forEach((step, k) => {
          const prev = contentAfterStep(f, k - 1);
          let end = 0;
          for (const r of step.replacements) {
            expect(r.start).toBeGreaterThanOrEqual(end);
            expect(r.end).toBeGreaterThanOrEqual(r.start);
            expect(r.end).toBeLessThanOrEqual(prev.length);
            end = r.end;
          }
          expect(results[k]!.replacements).toBe(step.replacements.length);
          expect(results[k]!.line_ranges).toHaveLength(step.replacements.length);
          expect(patchProblems(prev, results[k]!.diff, contentAfterStep(f, k), { gnu: k === 0, context: 3 })).toEqual([]);
        });
        expect(patchProblems(f.originalText, f.diff, f.finalText, { gnu: false, context: 3 })).toEqual([]);
        const saved = fs.files.get('src/f.ts')!;
        expect(lfViewOf(saved)).toBe(f.finalText);
        // One edit: the raw bytes before the first and after the last replacement are the original's.
        if (f.steps.length === 1 && f.steps[0]!.replacements.length > 0) {
          const reps = f.steps[0]!.replacements;
          const head = view.slice(0, reps[0]!.start);
          const tail = view.slice(reps[reps.length - 1]!.end);
          const eolify = (s: string) => (file.crlf ? s.split('\n').join('\r\n') : s);
          expect(latin1(saved).startsWith(latin1(new TextEncoder().encode(eolify(head))))).toBe(true);
          expect(latin1(saved).endsWith(latin1(new TextEncoder().encode(eolify(tail))))).toBe(true);
        }
      }),
      { numRuns: Math.round(400 * SCALE) },
    );
    if (process.env.FC_STATS) console.log([...stats.entries()].sort((a, b) => b[1] - a[1]));
  });
});
