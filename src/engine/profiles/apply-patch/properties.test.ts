// The bytes `apply_patch` writes equal those of codex's line rebuild (text_file.rs), computed here
// the way codex computes them: the raw file split into lines that keep their own endings, the
// replacements spliced in, written lines ending with the first line break's ending, and every line
// ending with one. Files mix LF and CRLF and may lack a final newline; patches mix context,
// removed and added lines over several chunks.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineMatcher } from './seek';
import { parsePatch } from './parser';
import { planUpdate, sourceLines } from './plan-update';
import { run } from '../../../../tests/support/harness';

interface SourceLine {
  text: string;
  ending: '\n' | '\r\n' | null;
}

function codexRebuild(raw: string, replacements: { start: number; oldLen: number; newLines: string[] }[]): string {
  const parts = raw.split('\n');
  const lines: SourceLine[] = parts.slice(0, -1).map((p) => (p.endsWith('\r') ? { text: p.slice(0, -1), ending: '\r\n' } : { text: p, ending: '\n' }));
  if (parts[parts.length - 1] !== '') lines.push({ text: parts[parts.length - 1]!, ending: null });
  const preferred = lines.find((l) => l.ending !== null)?.ending ?? '\n';
  const out: SourceLine[] = [];
  let at = 0;
  for (const r of [...replacements].sort((a, b) => a.start - b.start)) {
    out.push(...lines.slice(at, r.start));
    out.push(...r.newLines.map((text) => ({ text, ending: preferred })));
    at = r.start + r.oldLen;
  }
  out.push(...lines.slice(at));
  return out.map((l) => l.text + (l.ending ?? preferred)).join('');
}

const fileArb = fc.record({
  lines: fc.array(fc.constantFrom('a', 'b', 'c', 'ab', '  a', 'x y', ''), { minLength: 1, maxLength: 10 }),
  crlf: fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
  finalNewline: fc.boolean(),
});

const chunkArb = fc.array(fc.record({ keep: fc.constantFrom('context', 'remove', 'replace'), added: fc.constantFrom('', 'NEW', 'N1\nN2') }), { minLength: 1, maxLength: 10 });

describe('apply_patch writes the bytes codex writes', () => {
  it('for files with mixed endings and chunks of context, removed and added lines', async () => {
    await fc.assert(
      fc.asyncProperty(fileArb, chunkArb, fc.nat(9), async (file, ops, skip) => {
        const raw = file.lines.map((l, i) => (i < file.lines.length - 1 || file.finalNewline ? l + (file.crlf[i] ? '\r\n' : '\n') : l)).join('');
        const body: string[] = [];
        file.lines.forEach((l, i) => {
          if (i < skip % file.lines.length) return;
          const op = ops[i % ops.length]!;
          if (i % 3 === 0) body.push('@@');
          body.push(op.keep === 'context' ? ` ${l}` : `-${l}`);
          if (op.keep !== 'remove' && op.added !== '') body.push(...op.added.split('\n').map((a) => `+${a}`));
        });
        if (body[0] !== '@@') body.unshift('@@');
        const patchText = ['*** Begin Patch', '*** Update File: f.txt', ...body, '*** End Patch'].join('\n');
        const r = await run('apply_patch', { input: patchText }, { 'f.txt': raw }, { gnu: false });
        const parsed = parsePatch(patchText);
        if (!parsed.ok || parsed.hunks[0]!.kind !== 'update') return;
        const view = raw.replaceAll('\r\n', '\n');
        const plan = planUpdate(new LineMatcher(sourceLines(view)), parsed.hunks[0]!.chunks, '/f.txt');
        expect(r.outcome.ok).toBe(plan.ok);
        if (!plan.ok) return;
        expect(r.after['f.txt']).toBe(codexRebuild(raw, plan.chunks.flatMap((c) => c.replacements)));
      }),
      { numRuns: 400 },
    );
  });
});
