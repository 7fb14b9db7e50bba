// Property tests of the SPEC's invariants on the exact-match profiles (SPEC 2.2, 2.4, 3, 4.4, 4.5,
// 10.1); the agreement with the slow reference is properties.test.ts, the shared kit
// tests/support/properties.ts. Seeded (FC_SEED) so every run is reproducible.

import fc from 'fast-check';
import { structuredPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { contentAfterStep } from './file-stage';
import type { FileStage, ProfileId, RunOutcome } from './types';
import { MemoryFs } from '../workspace/memory-fs';
import { parseUnifiedDiff, patchProblems } from '../../tests/support/apply';
import { bytesForKind, editRecipeArb, fileBytes, fileSpecArb, fileText, NEW_TOKENS, resolveEdits, resolveLongEdits, type FileSpec } from '../../tests/support/arbitraries';
import { latin1, lfViewOf, snapshot } from '../../tests/support/harness';
import { caseArb, describeOutcome, gnuThisTime, lf, runChecked, RUNS, wsKey } from '../../tests/support/properties';

describe('properties: SPEC 2.2 bytes outside the matched region never change', () => {
  /** raw offset of each LF-view offset (a CRLF is one view character at its CR). */
  function rawOffsets(raw: string): number[] {
    const at: number[] = [];
    for (let i = 0; i < raw.length; ) {
      at.push(i);
      i += raw[i] === '\r' && raw[i + 1] === '\n' ? 2 : 1;
    }
    at.push(raw.length);
    return at;
  }

  it('edit_text_file: output = BOM + raw prefix + replacement + raw suffix', async () => {
    const arb = fc.record({ spec: fileSpecArb(), at: fc.nat(), len: fc.integer({ min: 1, max: 6 }), neu: fc.array(fc.constantFrom<string>(...NEW_TOKENS), { maxLength: 4 }).map((t) => t.join('')), keep: fc.constantFrom('none', 'prefix', 'suffix') });
    await fc.assert(
      fc.asyncProperty(arb, async ({ spec, at, len, neu: token, keep }) => {
        const raw = fileText(spec);
        const view = lf(raw);
        const cps = Array.from(view);
        fc.pre(cps.length > 0);
        const old = cps.slice(at % cps.length, (at % cps.length) + len).join('');
        const neu = keep === 'prefix' ? old + token : keep === 'suffix' ? token + old : token;
        // Only unique matches edit; the reference decides uniqueness elsewhere.
        fc.pre(view.indexOf(old) === view.lastIndexOf(old) && view.split(old).length === 2 && old !== neu);
        let overlapping = 0;
        for (let i = 0; i < view.length; i++) if (view.startsWith(old, i)) overlapping++;
        fc.pre(overlapping === 1);
        const fs = new MemoryFs({ f: fileBytes(spec) });
        const { outcome } = await runChecked(fs, 'edit_text_file', { path: '/f', old_string: old, new_string: neu });
        expect(outcome.ok).toBe(true);
        const start = view.indexOf(old);
        const end = start + old.length;
        const pos = rawOffsets(raw);
        const breaks = raw.split('\n').length - 1;
        const crlfs = raw.split('\r\n').length - 1;
        const eol = crlfs * 2 > breaks ? '\r\n' : '\n';
        const newView = lf(neu);
        // Shared edges of old and new are untouched (their raw bytes stay); the rest is new text.
        let p = 0;
        while (p < old.length && p < newView.length && old[p] === newView[p]) p++;
        let s = 0;
        while (s < old.length - p && s < newView.length - p && old[old.length - 1 - s] === newView[newView.length - 1 - s]) s++;
        const middle = raw.slice(pos[start]!, pos[start + p]!) + newView.slice(p, newView.length - s).split('\n').join(eol) + raw.slice(pos[end - s]!, pos[end]!);
        const expected = (spec.bom ? '\uFEFF' : '') + raw.slice(0, pos[start]!) + middle + raw.slice(pos[end]!);
        expect(fs.text('f')).toBe(expected);
        expect(latin1(fs.files.get('f')!)).toBe(latin1(new TextEncoder().encode(expected)));
      }),
      { numRuns: RUNS.outsideMatch },
    );
  });
});

describe('properties: SPEC 3 a failed call changes no byte', () => {
  it('edit_text_file, multi_edit_text_file and MultiEdit on files that often refuse', async () => {
    const arb = fc.record({ c: caseArb({ maxEdits: 4, firstMayCreate: true, loneCr: false }), profile: fc.constantFrom<ProfileId>('edit_text_file', 'multi_edit_text_file', 'MultiEdit'), other: fileSpecArb() });
    await fc.assert(
      fc.asyncProperty(arb, async ({ c, profile, other }) => {
        const bytes = bytesForKind(c.kind, c.spec);
        const files: Record<string, Uint8Array> = { 'other.txt': fileBytes(other) };
        if (bytes !== null) files[wsKey(c.path)] = bytes;
        const fs = new MemoryFs(files);
        const before = snapshot(fs);
        const e0 = c.edits[0]!;
        const input =
          profile === 'edit_text_file'
            ? { path: c.path, old_string: e0.old_string, new_string: e0.new_string }
            : profile === 'multi_edit_text_file'
              ? { path: c.path, edits: c.edits.map(({ old_string, new_string }) => ({ old_string, new_string })) }
              : { file_path: c.path, edits: c.edits };
        const { outcome } = await runChecked(fs, profile, input);
        if (!outcome.ok) {
          expect(snapshot(fs)).toEqual(before);
          expect(fs.log).toEqual([]);
        } else {
          // A success touches its own file only.
          expect(snapshot(fs)['other.txt']).toBe(before['other.txt']);
        }
      }),
      { numRuns: RUNS.failedCallWritesNothing },
    );
  });

  it('MultiEditBatch: atomic failures and dry runs write nothing; non-atomic runs leave fully failed files alone', async () => {
    const entryArb = fc.record({ file: fc.constantFrom('/a.txt', '/b.txt', 'c.txt', '/missing.txt'), recipe: editRecipeArb });
    const arb = fc.record({ a: fileSpecArb(), b: fileSpecArb(), c: fileSpecArb(), entries: fc.array(entryArb, { minLength: 1, maxLength: 6 }), atomic: fc.option(fc.boolean(), { nil: undefined }), dry: fc.option(fc.boolean(), { nil: undefined }) });
    await fc.assert(
      fc.asyncProperty(arb, async ({ a, b, c, entries, atomic, dry }) => {
        const files = { 'a.txt': fileBytes(a), 'b.txt': fileBytes(b), 'c.txt': fileBytes(c) };
        const views: Record<string, string> = { '/a.txt': lf(fileText(a)), '/b.txt': lf(fileText(b)), 'c.txt': lf(fileText(c)), '/missing.txt': '' };
        const edits = entries.map((e) => {
          const [r] = resolveEdits(views[e.file]!, [e.recipe], { firstMayCreate: false });
          return { file_path: e.file, ...r! };
        });
        const fs = new MemoryFs(files);
        const before = snapshot(fs);
        const input = { description: 'property batch', edits, ...(atomic !== undefined && { atomic }), ...(dry !== undefined && { dry_run: dry }) };
        const { outcome } = await runChecked(fs, 'MultiEditBatch', input);
        const after = snapshot(fs);
        expect(outcome.ok).toBe(true);
        const res = (outcome as { result: { success: boolean; results: { success: boolean; error?: string }[]; summary: { total_files: number } } }).result;
        expect(res.results).toHaveLength(edits.length);
        expect(res.summary.total_files).toBe(new Set(edits.map((e) => wsKey(e.file_path))).size);
        if (dry === true || (atomic !== false && !res.success)) expect(after).toEqual(before);
        if (atomic === false) {
          for (const key of ['a.txt', 'b.txt', 'c.txt']) {
            const mine = res.results.filter((_, i) => wsKey(edits[i]!.file_path) === key);
            if (mine.every((r) => !r.success)) expect(after[key]).toBe(before[key]);
          }
        }
        // No secret exposure: an error text never holds an old_string or new_string of 3+ characters.
        for (const [i, r] of res.results.entries()) {
          if (!r.error) continue;
          const secret = [edits[i]!.old_string, edits[i]!.new_string].filter((s) => s.length >= 3 && !/^[a-z./ ]+$/.test(s));
          for (const s of secret) expect(r.error).not.toContain(s);
        }
      }),
      { numRuns: RUNS.batchFailures },
    );
  });
});

describe('properties: SPEC 4.5 a batch chains entries per file as MultiEdit chains edits', () => {
  it('an all-successful batch over two files writes, per file, what MultiEdit writes for that file\'s entries', async () => {
    const arb = fc.record({ a: fileSpecArb({ maxLines: 12 }), b: fileSpecArb({ maxLines: 12 }), ra: fc.array(editRecipeArb, { minLength: 1, maxLength: 5 }), rb: fc.array(editRecipeArb, { maxLength: 5 }), order: fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }) });
    await fc.assert(
      fc.asyncProperty(arb, async ({ a, b, ra, rb, order }) => {
        const ea = resolveLongEdits(lf(fileText(a)), ra);
        const eb = resolveLongEdits(lf(fileText(b)), rb);
        fc.pre(ea.length > 0);
        // Interleave the two files' entries; each file keeps its own order.
        const entries: { file_path: string; old_string: string; new_string: string; replace_all: boolean }[] = [];
        let i = 0;
        let j = 0;
        for (let k = 0; i < ea.length || j < eb.length; k++) {
          if (j >= eb.length || (i < ea.length && order[k % order.length])) entries.push({ file_path: '/a.txt', ...ea[i++]! });
          else entries.push({ file_path: 'b.txt', ...eb[j++]! });
        }
        const fs = new MemoryFs({ 'a.txt': fileBytes(a), 'b.txt': fileBytes(b) });
        const { outcome } = await runChecked(fs, 'MultiEditBatch', { description: 'cross-check', edits: entries });
        const res = (outcome as { result: { success: boolean; diffs: Record<string, string>; summary: { total_replacements: number } } }).result;
        const solo = async (spec: FileSpec, edits: typeof ea) => {
          const one = new MemoryFs({ f: fileBytes(spec) });
          const { outcome: o } = await runChecked(one, 'MultiEdit', { file_path: '/f', edits });
          return { o, bytes: one.files.get('f')! };
        };
        const sa = await solo(a, ea);
        const sb = eb.length > 0 ? await solo(b, eb) : null;
        const allOk = sa.o.ok && (sb === null || sb.o.ok);
        expect(res.success).toBe(allOk);
        if (!allOk) return;
        expect(latin1(fs.files.get('a.txt')!)).toBe(latin1(sa.bytes));
        if (sb) expect(latin1(fs.files.get('b.txt')!)).toBe(latin1(sb.bytes));
        const replacements = (o: RunOutcome) => (o.ok ? (o.result as { edits: { replacements: number }[] }).edits.reduce((n, e) => n + e.replacements, 0) : 0);
        expect(res.summary.total_replacements).toBe(replacements(sa.o) + (sb ? replacements(sb.o) : 0));
        const diffA = (sa.o as { result: { diff: string } }).result.diff;
        expect(res.diffs['/a.txt'] ?? '').toBe(diffA.split('\n').map((l, n) => (n < 2 && l !== '' ? l.replace('/f', '/a.txt') : l)).join('\n'));
      }),
      { numRuns: RUNS.batchVsMultiEdit },
    );
  });
});

describe('properties: SPEC 4.4 multiedit on exact input behaves as MultiEdit', () => {
  it('when MultiEdit succeeds, multiedit writes the same bytes, reports exact (or create), and each per-edit diff applies', async () => {
    await fc.assert(
      fc.asyncProperty(caseArb({ maxEdits: 4, firstMayCreate: true, loneCr: false }), async (c) => {
        const bytes = bytesForKind(c.kind, c.spec);
        fc.pre(c.path === '/f.txt');
        const files: Record<string, Uint8Array> = bytes === null ? {} : { 'f.txt': bytes };
        const me = new MemoryFs(files);
        const { outcome: exact } = await runChecked(me, 'MultiEdit', { file_path: c.path, edits: c.edits });
        fc.pre(exact.ok);
        const fz = new MemoryFs(files);
        const { outcome: fuzzy } = await runChecked(fz, 'multiedit', { file_path: c.path, edits: c.edits });
        expect(describeOutcome(fuzzy)).toMatchObject({ ok: true });
        expect(latin1(fz.files.get('f.txt')!)).toBe(latin1(me.files.get('f.txt')!));
        const results = (fuzzy as { result: { metadata: { results: { strategy: string; replacements: number; diff: string }[] } } }).result.metadata.results;
        const f = (fuzzy as { stage: { files: FileStage[] } }).stage.files[0]!;
        results.forEach((r, k) => {
          expect(r.strategy).toBe(c.edits[k]!.old_string === '' ? r.strategy : 'exact');
          expect(patchProblems(contentAfterStep(f, k - 1), r.diff, contentAfterStep(f, k), { gnu: gnuThisTime(), context: 3 })).toEqual([]);
        });
        const meEdits = (exact as { result: { edits: { replacements: number }[] } }).result.edits;
        expect(results.map((r) => r.replacements)).toEqual(meEdits.map((e) => e.replacements));
      }),
      { numRuns: RUNS.multieditVsMultiEdit },
    );
  });
});

describe('properties: SPEC 2.4 replacement text stays literal', () => {
  const dollarArb = fc.array(fc.constantFrom('$&', '$1', '$$', '$`', "$'", '$<a>', '$0', '$', 'q'), { minLength: 1, maxLength: 5 }).map((t) => t.join(''));
  it('edit_text_file and MultiEdit replace_all write $ patterns as they are', async () => {
    await fc.assert(
      fc.asyncProperty(fileSpecArb(), dollarArb, fc.boolean(), async (spec, neu, all) => {
        const view = lf(fileText(spec));
        fc.pre(view.includes('a'));
        const fs = new MemoryFs({ f: fileBytes(spec) });
        if (all) {
          const { outcome } = await runChecked(fs, 'MultiEdit', { file_path: '/f', edits: [{ old_string: 'a', new_string: neu, replace_all: true }] });
          expect(outcome.ok).toBe(true);
          let expected = '';
          for (const ch of view) expected += ch === 'a' ? neu : ch;
          expect(lfViewOf(fs.files.get('f')!)).toBe(expected);
        } else {
          const first = view.indexOf('a');
          const unique = view.indexOf('a', first + 1) === -1;
          const { outcome } = await runChecked(fs, 'edit_text_file', { path: '/f', old_string: 'a', new_string: neu });
          expect(outcome.ok).toBe(unique);
          if (unique) expect(lfViewOf(fs.files.get('f')!)).toBe(view.slice(0, first) + neu + view.slice(first + 1));
        }
      }),
      { numRuns: RUNS.dollarLiteral },
    );
  });
});

describe('properties: SPEC 10.1 where the region diff and a whole-file diff coincide', () => {
  it('replacing a block of whole unique lines by new unique lines: hunks equal jsdiff structuredPatch of the whole files', async () => {
    const arb = fc.record({ n: fc.integer({ min: 1, max: 30 }), i: fc.nat(), len: fc.integer({ min: 1, max: 5 }), k: fc.nat({ max: 5 }), crlf: fc.boolean(), context: fc.constantFrom(0, 1, 3, 5) });
    await fc.assert(
      fc.asyncProperty(arb, async ({ n, i, len, k, crlf, context }) => {
        const orig = Array.from({ length: n }, (_, x) => `line ${x + 1}\n`);
        const from = i % n;
        const to = Math.min(n, from + len);
        const fresh = Array.from({ length: k }, (_, x) => `new ${x + 1}\n`);
        const original = orig.join('');
        const final = [...orig.slice(0, from), ...fresh, ...orig.slice(to)].join('');
        const eol = crlf ? '\r\n' : '\n';
        const fs = new MemoryFs({ f: original.split('\n').join(eol) });
        const { outcome } = await runChecked(fs, 'edit_text_file', { path: '/f', old_string: orig.slice(from, to).join(''), new_string: fresh.join('') }, { diffContext: context });
        expect(outcome.ok).toBe(true);
        const diff = (outcome as { result: { diff: string } }).result.diff;
        const whole = structuredPatch('/f', '/f', original, final, undefined, undefined, { context });
        const ours = parseUnifiedDiff(diff).hunks.map((h) => ({ lines: h.lines.map((l) => `${l.sign}${l.text.replace(/\n$/, '')}`), oldLines: h.oldCount, newLines: h.newCount }));
        expect(ours).toEqual(whole.hunks.map((h) => ({ lines: h.lines, oldLines: h.oldLines, newLines: h.newLines })));
        expect(fs.text('f')).toBe(final.split('\n').join(eol));
      }),
      { numRuns: RUNS.wholeLineMyers },
    );
  });
});
