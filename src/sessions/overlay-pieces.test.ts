// The session overlay keeps a staged text file in pieces, and the text editor's str_replace works
// on them (engine/text-pieces.ts, anthropic/edit-pieces.ts). Oracle: the same generated call
// sequences replayed on an overlay whose pieces the profile cannot see (it reads the bytes and
// joins the text, the path every call took before) must give the same outcome for every call —
// result or error text, warnings, the stage's texts, regions and diff, the file's bytes after it —
// and the same undo history.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTextEditor } from '../engine/profiles/anthropic/text-editor';
import { MemoryEditHistory } from '../engine/profiles/anthropic/history';
import { runProfile } from '../engine/run';
import type { WorkspaceFs } from '../engine/workspace-fs';
import { MemoryFs } from '../workspace/memory-fs';
import { OverlayFs } from './overlay-fs';

const FILE = 'src/a.txt';
const PATH = `/w/${FILE}`;

/** The overlay's files without its pieces: every read is of bytes. */
function bytesOnly(fs: OverlayFs): WorkspaceFs {
  return { stat: (p) => fs.stat(p), read: (p) => fs.read(p), write: (p, b) => fs.write(p, b), remove: (p) => fs.remove(p), list: (p) => fs.list(p), canonical: (p) => fs.canonical(p) };
}

// Lines that repeat and nearly repeat, so old_strs occur once, twice, across edits, or nowhere.
const LINE = fc.constantFrom('alpha', 'alpha beta', 'beta', '  gamma();', '\tdelta', 'é ü', '😀 x', '', 'x\ry', 'z', 'aaaa', 'a');
const TEXT = fc.array(LINE, { minLength: 0, maxLength: 14 }).map((ls) => ls.join('\n'));
const BOM_TEXT = fc.tuple(fc.boolean(), TEXT, fc.boolean()).map(([bom, t, nl]) => `${bom ? '\uFEFF' : ''}${t}${nl ? '\n' : ''}`);

type Call =
  | { kind: 'replace'; pick: [number, number] | null; old: string; new: string | null }
  | { kind: 'insert'; line: number; new: string }
  | { kind: 'undo' }
  | { kind: 'view' };

const NEW = fc.oneof(fc.constantFrom('', 'alpha', 'b', 'X\nY', 'tab\there', 'cr\rhere', '\uFEFF', 'ü', 'aa'), LINE);
const CALL: fc.Arbitrary<Call> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('replace' as const), pick: fc.tuple(fc.nat(300), fc.integer({ min: 1, max: 14 })), old: fc.constant(''), new: fc.option(NEW) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('replace' as const), pick: fc.constant(null), old: fc.oneof(LINE, fc.constantFrom('a\na', 'pha\nal', '', '\n\n', 'alpha\n')), new: fc.option(NEW) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('insert' as const), line: fc.nat(16), new: NEW }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'undo' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'view' as const }) },
);

/** The input of a call; a picked old_str is a piece of the file as it is now (so most calls find it). */
function inputOf(call: Call, now: string): Record<string, unknown> {
  if (call.kind === 'undo') return { command: 'undo_edit', path: PATH };
  if (call.kind === 'view') return { command: 'view', path: PATH };
  if (call.kind === 'insert') return { command: 'insert', path: PATH, insert_line: call.line, new_str: call.new };
  const old = call.pick === null || now.length === 0 ? call.old : now.slice(call.pick[0] % now.length, (call.pick[0] % now.length) + call.pick[1]);
  return { command: 'str_replace', path: PATH, old_str: old, ...(call.new !== null && { new_str: call.new }) };
}

/** Everything a call's outcome says, as plain data (the stage's texts read whole). */
function summary(out: Awaited<ReturnType<typeof runProfile>>): unknown {
  const files = out.stage.files.map((f) => ({ path: f.path, originalText: f.originalText, finalText: f.finalText, regions: f.regions, diff: f.diff, steps: f.steps.map((s) => ({ ...s, replacements: s.replacements, lineRanges: s.lineRanges })), originalBytes: f.originalBytes === null ? null : [...f.originalBytes], wholeWrite: f.wholeWrite === true }));
  return out.ok ? { ok: true, result: out.result, warnings: out.warnings, files } : { ok: false, error: out.error, warnings: out.warnings, files };
}

async function replay(text: string, calls: Call[], piecesVisible: boolean): Promise<unknown[]> {
  const overlay = new OverlayFs(new MemoryFs({ [FILE]: new TextEncoder().encode(text) }));
  const fs = piecesVisible ? overlay : bytesOnly(overlay);
  const profile = createTextEditor('str_replace_based_edit_tool', new MemoryEditHistory());
  const seen: unknown[] = [];
  for (const call of calls) {
    const rd = await overlay.read(FILE);
    const now = rd.kind === 'file' ? new TextDecoder().decode(rd.bytes) : '';
    const out = await runProfile(profile, fs, inputOf(call, now), { mount: '/w' });
    seen.push(summary(out));
    if (out.ok && out.writes) await overlay.applyStage(out.stage);
    const after = await overlay.read(FILE);
    const st = await overlay.stat(FILE);
    seen.push(after.kind === 'file' ? { bytes: [...after.bytes], size: st.kind === 'file' ? st.size : -1 } : after.kind);
  }
  return seen;
}

describe('str_replace on a session overlay: the pieces path answers as the joined-text path', () => {
  it('on generated files and call sequences (outcome, stage, bytes and size after every call)', async () => {
    await fc.assert(
      fc.asyncProperty(BOM_TEXT, fc.array(CALL, { minLength: 1, maxLength: 24 }), async (text, calls) => {
        expect(await replay(text, calls, true)).toEqual(await replay(text, calls, false));
      }),
      { numRuns: 400 },
    );
  });

  it('a long run of edits on one file stays in pieces and ends with the same bytes', async () => {
    const lines = Array.from({ length: 400 }, (_, i) => `line ${i % 37} of ${i}`);
    const text = `${lines.join('\n')}\n`;
    const calls: Call[] = Array.from({ length: 120 }, (_, k) => ({ kind: 'replace', pick: null, old: `of ${(k * 7) % 400}\n`, new: k % 3 === 0 ? '' : `OF ${k}\n` }));
    const overlay = new OverlayFs(new MemoryFs({ [FILE]: new TextEncoder().encode(text) }));
    const a = await replay(text, calls, true);
    expect(a).toEqual(await replay(text, calls, false));
    // The pieces really are used: after a first call the overlay holds the file in pieces.
    const profile = createTextEditor('str_replace_based_edit_tool', new MemoryEditHistory());
    const out = await runProfile(profile, overlay, { command: 'str_replace', path: PATH, old_str: 'of 5\n', new_str: 'OF 5\n' }, { mount: '/w' });
    if (out.ok) await overlay.applyStage(out.stage);
    expect(await overlay.readPieces(FILE)).toBeDefined();
  });
});
