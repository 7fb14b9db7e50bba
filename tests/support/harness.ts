// Running calls the way the product does (runAndCommit on an in-memory workspace) with the checks
// every test wants for free: each diff a run produces applies with jsdiff and GNU patch and gives
// the staged final content, and a failed call leaves every byte of the workspace as it was.

import { expect } from 'vitest';
import { commitStage } from '../../src/engine/commit';
import type { Profile } from '../../src/engine/profiles/profile';
import { runAndCommit, runProfile, type CommittedOutcome } from '../../src/engine/run';
import type { FileStage, ProfileId, RunOptions, RunOutcome, ToolError } from '../../src/engine/types';
import { MemoryFs, type MemoryFsOptions } from '../../src/workspace/memory-fs';
import { patchProblems } from './apply';

const encoder = new TextEncoder();
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export const utf8 = (s: string): Uint8Array => encoder.encode(s);
export const BOM = Uint8Array.of(0xef, 0xbb, 0xbf);
export const withBom = (s: string): Uint8Array => concatBytes(BOM, utf8(s));

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Bytes as a string of code points 0-255: exact, and readable in a failed `toEqual`. */
export const latin1 = (b: Uint8Array): string => Buffer.from(b).toString('latin1');

/** Strict UTF-8 decode that keeps a BOM as U+FEFF. */
export const decodeStrict = (b: Uint8Array): string => strict.decode(b);

/** Every file of the workspace, byte for byte. */
export function snapshot(fs: MemoryFs): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [p, b] of [...fs.files.entries()].sort(([a], [b2]) => (a < b2 ? -1 : a > b2 ? 1 : 0))) out[p] = latin1(b);
  return out;
}

/** The LF view of file bytes as SPEC 2.1/2.2 define it, computed without the engine. */
export function lfViewOf(bytes: Uint8Array): string {
  const s = decodeStrict(bytes);
  return (s.startsWith('\uFEFF') ? s.slice(1) : s).split('\r\n').join('\n');
}

export interface Ran {
  outcome: RunOutcome;
  commit: CommittedOutcome['commit'];
  fs: MemoryFs;
  before: Record<string, string>;
  after: Record<string, string>;
}

export interface RunSetup {
  options?: RunOptions;
  fs?: MemoryFsOptions;
  /** Skip GNU patch (it costs a process per diff). */
  gnu?: boolean;
}

/** Problems of one staged file's diff: it must apply (both appliers) and have the exact shape. */
export function stageDiffProblems(f: FileStage, context: number, gnu = true): string[] {
  return patchProblems(f.originalText, f.diff, f.finalText, { gnu, context });
}

/** Problems of every diff a run staged (each file's diff must take its original to its final text). */
export function outcomeDiffProblems(outcome: RunOutcome, context = 3, gnu = true): string[] {
  return outcome.stage.files.flatMap((f) => stageDiffProblems(f, context, gnu).map((p) => `${f.displayPath}: ${p}`));
}

/** Run and commit a call on a fresh in-memory workspace, checking what every run must satisfy. */
export async function run(profile: ProfileId, input: unknown, files: Record<string, string | Uint8Array> = {}, setup: RunSetup = {}): Promise<Ran> {
  const fs = new MemoryFs(files, setup.fs);
  const before = snapshot(fs);
  const { outcome, commit } = await runAndCommit(fs, profile, input, setup.options);
  const after = snapshot(fs);
  const context = setup.options?.diffContext ?? 3;
  for (const f of outcome.stage.files) {
    expect(stageDiffProblems(f, context, setup.gnu ?? true), `diff of ${f.displayPath}:\n${f.diff}`).toEqual([]);
  }
  if (!outcome.ok) expect(after, 'a failed call changes nothing').toEqual(before);
  return { outcome, commit, fs, before, after };
}

export function okResult<T = Record<string, unknown>>(r: Ran): T {
  if (!r.outcome.ok) throw new Error(`expected success, got ${JSON.stringify(r.outcome.error)}`);
  return r.outcome.result as T;
}

export function toolError(r: Ran): ToolError {
  if (r.outcome.ok) throw new Error(`expected an error, got ${JSON.stringify(r.outcome.result)}`);
  return r.outcome.error;
}

/** The one staged file of a single-file call. */
export function stagedFile(r: Ran): FileStage {
  const f = r.outcome.stage.files[0];
  if (!f) throw new Error('no staged file');
  return f;
}

// Result shapes of SPEC 4.1-4.3 and 4.5, as the tests read them.
export interface EditTextFileResult {
  success: true;
  diff: string;
  line_range: { start: number; end: number };
}
export interface MultiEditTextFileResult {
  success: true;
  diff: string;
  applied_count: number;
  line_ranges: { edit_index: number; start: number; end: number }[];
}
export interface MultiEditResult {
  success: true;
  file_path: string;
  created: boolean;
  applied_count: number;
  diff: string;
  edits: { index: number; replacements: number; line_ranges: { start: number; end: number }[] }[];
}
export interface BatchResult {
  success: boolean;
  results: { file_path: string; success: boolean; replacements: number; error?: string; on_disk?: 'committed' | 'rolled_back' | 'rollback_failed' | 'not_written' }[];
  summary: { total_files: number; successful_files: number; failed_files: number; total_replacements: number };
  error?: string;
  rollback_performed?: boolean;
  diffs: Record<string, string>;
}

/**
 * One profile's calls on one workspace, as a session makes them: every staged diff has the exact
 * shape, a call that writes is committed, and a failed call changes no byte.
 */
export function checkedCalls(profile: Profile, fs: MemoryFs, mount: string): (input: unknown) => Promise<RunOutcome> {
  return async (input) => {
    const before = snapshot(fs);
    const outcome = await runProfile(profile, fs, input, { mount });
    for (const f of outcome.stage.files) expect(stageDiffProblems(f, 3, false), f.diff).toEqual([]);
    if (outcome.ok && outcome.writes) expect((await commitStage(fs, outcome.stage)).ok).toBe(true);
    if (!outcome.ok) expect(snapshot(fs), 'a failed call changes nothing').toEqual(before);
    return outcome;
  };
}
