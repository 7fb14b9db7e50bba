// The property tests' shared kit (src/engine/properties*.test.ts): the seed and run counts, the
// generated cases, and the checks of an engine outcome against the slow reference in reference.ts.
// Seeded (FC_SEED, default below) so every run is reproducible; fast-check prints the seed, the
// path and the shrunk counterexample on failure.

import fc from 'fast-check';
import { expect, vi } from 'vitest';
import { MAX_REGION_EDIT_LENGTH } from '../../src/engine/diff';
import { contentAfterStep, finalBytesOf } from '../../src/engine/file-stage';
import { runAndCommit, type CommittedOutcome } from '../../src/engine/run';
import type { FileStage, ProfileId, RunOptions, RunOutcome } from '../../src/engine/types';
import { MemoryFs } from '../../src/workspace/memory-fs';
import { diffLines, patchProblems } from './apply';
import { bytesForKind, editRecipeArb, fileKindArb, fileSpecArb, resolveEdits, type FileKind, type FileSpec } from './arbitraries';
import { latin1, lfViewOf, outcomeDiffProblems, snapshot } from './harness';
import type { FileState, RefOutcome } from './reference';

const SEED = Number(process.env.FC_SEED ?? 20_261_122);
fc.configureGlobal({ seed: SEED });
// Property tests run thousands of cases; on a loaded 2-core machine one can take well over 5 s.
vi.setConfig({ testTimeout: 180_000 });

/** FC_RUNS_SCALE=10 multiplies every run count, for a deeper local search. */
const SCALE = Number(process.env.FC_RUNS_SCALE ?? 1);
export const RUNS_BASE = {
  editTextFile: 700,
  multiEditTextFile: 900,
  multiEdit: 900,
  outsideMatch: 400,
  failedCallWritesNothing: 400,
  batchFailures: 250,
  dollarLiteral: 250,
  wholeLineMyers: 200,
  longMultiEditTextFile: 400,
  longMultiEdit: 400,
  manyMultiEditTextFile: 120,
  manyMultiEdit: 120,
  batchVsMultiEdit: 250,
  multieditVsMultiEdit: 300,
};
export const RUNS = Object.fromEntries(Object.entries(RUNS_BASE).map(([k, n]) => [k, Math.round(n * SCALE)])) as typeof RUNS_BASE;

/** GNU patch costs a process: run it on every 6th diff. */
let diffsSeen = 0;
export const gnuThisTime = (): boolean => diffsSeen++ % 6 === 0;

export const contextArb = fc.constantFrom<number | undefined>(undefined, 0, 1, 2, 3, 20);
const pathArb = fc.oneof({ weight: 40, arbitrary: fc.constant('/f.txt') }, { weight: 1, arbitrary: fc.constant('f.txt') }, { weight: 1, arbitrary: fc.constant('/nb.IPYNB') });

export const wsKey = (path: string): string => path.replace(/^\/+/, '');
export const stateOf = (bytes: Uint8Array | null): FileState => (bytes === null ? { kind: 'missing' } : { kind: 'bytes', bytes });
export const lf = (s: string): string => s.split('\r\n').join('\n');

/** What the engine did, in the terms the reference answers in. */
export function describeOutcome(o: RunOutcome): unknown {
  return o.ok ? { ok: true, result: o.result } : { ok: false, error: o.error };
}

/** Every check of an engine outcome against the reference's, for one call on one file. */
/**
 * A "\r" not followed by "\n" in the file or in any string of the call. Such a CR can land right
 * before a "\n" and turn into a CRLF on disk, so the written file no longer reads back as the
 * staged text: a known engine bug pinned by src/engine/findings.test.ts, kept out of the round-trip check.
 */
function hasLoneCr(bytes: Uint8Array | null, input: unknown): boolean {
  const strings: string[] = bytes === null ? [] : [latin1(bytes)];
  JSON.stringify(input, (_k, v: unknown) => {
    if (typeof v === 'string') strings.push(v);
    return v;
  });
  return strings.some((t) => /\r(?!\n)/.test(t));
}

export async function agree(profile: ProfileId, bytes: Uint8Array | null, path: string, input: unknown, ref: RefOutcome, context: number | undefined): Promise<void> {
  const loneCr = hasLoneCr(bytes, input);
  const key = wsKey(path);
  const fs = new MemoryFs(bytes === null ? {} : { [key]: bytes });
  const before = snapshot(fs);
  const { outcome } = await runAndCommit(fs, profile, input, context === undefined ? {} : { diffContext: context });
  const after = snapshot(fs);
  if (!ref.ok) {
    expect(describeOutcome(outcome)).toEqual({ ok: false, error: ref.error });
    expect(after, 'a failed call changes nothing').toEqual(before);
    return;
  }
  if (!outcome.ok) throw new Error(`engine failed where the reference succeeds: ${JSON.stringify(outcome.error)}; reference ${JSON.stringify(ref.result)}`);
  const { diff, ...rest } = outcome.result as { diff: string };
  expect(rest).toEqual(ref.result);
  expect(outcome.warnings.length).toBe(ref.warnings);
  const f = outcome.stage.files[0] as FileStage;
  expect(f.diff).toBe(diff);
  expect(f.created).toBe(ref.created);
  expect(f.originalText).toBe(ref.originalView);
  expect(f.finalText).toBe(ref.finalView);
  expect(latin1(finalBytesOf(f))).toBe(latin1(ref.finalBytes));
  // The stepper: every intermediate content, and the last one is the final content.
  expect(f.steps.length).toBe(ref.stepViews.length);
  ref.stepViews.forEach((v, k) => expect(contentAfterStep(f, k)).toBe(v));
  expect(contentAfterStep(f, f.steps.length - 1)).toBe(f.finalText);
  expect(contentAfterStep(f, -1)).toBe(f.originalText);
  // What was committed is what the reference computed, byte for byte.
  expect(after[key]).toBe(latin1(ref.finalBytes));
  // Written bytes read back as the staged final text (no lone CR can pair up with a LF).
  if (!loneCr) expect(lfViewOf(ref.finalBytes)).toBe(f.finalText);
  // The diff applies (jsdiff always, GNU patch on a sample), has the exact shape, and is line-minimal.
  const ctx = context ?? 3;
  expect(patchProblems(f.originalText, diff, f.finalText, { gnu: gnuThisTime(), context: ctx })).toEqual([]);
  const { removed, added } = diffLines(diff);
  // Myers is bounded per region (MAX_REGION_EDIT_LENGTH edit steps, SPEC 10.1's budget): within
  // it the diff is line-minimal; past it a region is shown all removed, all added (still exact).
  if (ref.minimalChangedLines <= MAX_REGION_EDIT_LENGTH) expect(removed.length + added.length).toBe(ref.minimalChangedLines);
  else expect(removed.length + added.length).toBeGreaterThanOrEqual(ref.minimalChangedLines);
}

/** runAndCommit, and every diff the run staged must apply (GNU patch on a sample) with the exact shape. */
export async function runChecked(fs: MemoryFs, profile: ProfileId, input: unknown, options: RunOptions = {}): Promise<CommittedOutcome> {
  const done = await runAndCommit(fs, profile, input, options);
  expect(outcomeDiffProblems(done.outcome, options.diffContext ?? 3, gnuThisTime())).toEqual([]);
  return done;
}

export interface Case {
  spec: FileSpec;
  kind: FileKind;
  path: string;
  context: number | undefined;
  edits: { old_string: string; new_string: string; replace_all: boolean }[];
}

export function caseArb(opts: { maxEdits: number; firstMayCreate: boolean; loneCr: boolean }): fc.Arbitrary<Case> {
  return fc
    .record({
      spec: fileSpecArb({ loneCr: opts.loneCr }),
      kind: fileKindArb,
      path: pathArb,
      context: contextArb,
      recipes: fc.array(editRecipeArb, { minLength: 1, maxLength: opts.maxEdits }),
    })
    .map(({ recipes, ...c }) => {
      const bytes = bytesForKind(c.kind, c.spec);
      const view = bytes === null || c.kind === 'binary' ? '' : lfViewOf(bytes);
      return { ...c, edits: resolveEdits(view, recipes, { firstMayCreate: opts.firstMayCreate }) };
    });
}
