// Running a call: pick the profile, run it on the workspace (never writing), and optionally commit.

import { commitStage, type CommitOutcome } from './commit';
import { DEFAULT_DIFF_CONTEXT, MAX_DIFF_CONTEXT } from './diff';
import { finalTextHasNoCr } from './file-stage';
import { normalizeMount } from './paths';
import type { z } from 'zod';
import { zodDetail, type InputCheck, type Profile, type ProfileContext } from './profiles/profile';
import { getProfile } from './profiles/registry';
import { MAX_FILE_BYTES } from './text';
import { unknownFields } from './unknown-fields';
import type { ProfileId, RunOptions, RunOutcome } from './types';
import type { WorkspaceFs } from './workspace-fs';

export function profileContext(fs: WorkspaceFs, options: RunOptions = {}): ProfileContext {
  const context = options.diffContext ?? DEFAULT_DIFF_CONTEXT;
  return {
    fs,
    mount: normalizeMount(options.mount ?? '/'),
    diffContext: Math.max(0, Math.min(MAX_DIFF_CONTEXT, Math.trunc(context))),
    maxFileBytes: options.maxFileBytes ?? MAX_FILE_BYTES,
    progress: options.onProgress ? (done, total) => options.onProgress!({ done, total }) : () => {},
    ...(options.release !== undefined && options.release !== '' ? { release: options.release } : {}),
    ...(options.cwd !== undefined && { cwd: options.cwd }),
    ...(options.tempDir !== undefined && { tempDir: options.tempDir }),
  };
}

/** Run a call: validate, read, stage. Never writes. */
export async function runCall(fs: WorkspaceFs, profile: ProfileId, input: unknown, options: RunOptions = {}): Promise<RunOutcome> {
  return runProfile(getProfile(profile), fs, input, options);
}

/**
 * `runCall` with a profile object rather than a registered id: a session runs profiles built
 * with its own state (read-before-write, undo history).
 */
export async function runProfile(p: Profile, fs: WorkspaceFs, input: unknown, options: RunOptions = {}): Promise<RunOutcome> {
  const outcome = await p.run(input, profileContext(fs, options));
  const extra: string[] = [];
  // One walk of the input (a 100,000-edit call is parsed once here, not twice).
  const paths = unknownFields(p.schema, input);
  const unknown = p.rejectsUnknownFields === true ? [] : paths.filter((path) => !p.undeclaredFields?.includes(path));
  if (unknown.length > 0) extra.push(`The tool ignores ${unknown.length === 1 ? 'a field' : 'fields'} it does not know: ${unknown.join(', ')}`);
  // A misspelt field: name it and the known field it resembles (the tool's own text may not).
  extra.push(...unknownFieldHints(p, input, paths));
  if (outcome.ok) {
    // A decoded view never holds CR LF; staged text does only where an edit wrote a lone CR right
    // before a line feed. The bytes are written as asked, but they read back as a CRLF ending.
    // A file that already held such a pair (`\r\r\n` endings) warns only when an edit made one more.
    const pairs = (t: string): number => t.split('\r\n').length - 1;
    for (const f of outcome.stage.files) {
      if (!finalTextHasNoCr(f) && f.finalText.includes('\r\n') && pairs(f.finalText) > pairs(f.originalText)) {
        extra.push(`${f.displayPath}: a carriage return now stands right before a line feed; on disk they form a CRLF line ending, so the file reads back without that CR`);
      }
    }
  }
  return extra.length === 0 ? outcome : { ...outcome, warnings: [...outcome.warnings, ...extra] };
}

export interface CommittedOutcome {
  outcome: RunOutcome;
  /** Absent when nothing was to be written (an error, a dry run, a failed atomic batch). */
  commit?: CommitOutcome;
}

/**
 * Run, then commit the stage when the tool would write it. A commit failure becomes the tool's
 * outcome: the commit's error, unless the profile answers otherwise (`commitFailed`: a batch says
 * `success: false` with `rollback_performed`).
 */
export async function runAndCommit(fs: WorkspaceFs, profile: ProfileId, input: unknown, options: RunOptions = {}): Promise<CommittedOutcome> {
  const outcome = await runCall(fs, profile, input, options);
  if (!outcome.ok || !outcome.writes) return { outcome };
  const commit = await commitStage(fs, outcome.stage);
  if (commit.ok) return { outcome, commit };
  const p = getProfile(profile);
  if (p.commitFailed !== undefined) return { outcome: p.commitFailed(outcome, commit, { mount: normalizeMount(options.mount ?? '/') }), commit };
  return { outcome: { ok: false, error: commit.error, stage: outcome.stage, warnings: outcome.warnings }, commit };
}

/** `old_strng` is not a field of Edit; it resembles `old_string`: one line per unknown field that resembles a known one. */
export function unknownFieldHints(p: Profile, input: unknown, paths: string[] = unknownFields(p.schema, input)): string[] {
  // The schema's names are gathered only when a field is unknown (not on every run).
  if (paths.length === 0) return [];
  const known = fieldNames(p.schema);
  const out: string[] = [];
  for (const path of paths) {
    if (p.undeclaredFields?.includes(path)) continue;
    const leaf = /([^.\]]+)$/.exec(path)?.[1] ?? path;
    const like = resembling(leaf, known);
    if (like !== null) out.push(`\`${path}\` is not a field of ${p.toolName}; it resembles \`${like}\``);
  }
  return out;
}

type ZodDef = { type: string; shape?: Record<string, z.ZodType>; element?: z.ZodType; innerType?: z.ZodType; options?: z.ZodType[]; in?: z.ZodType; out?: z.ZodType };

/** Every field name a schema declares, at any depth. */
function fieldNames(schema: z.ZodType, out = new Set<string>(), seen = new Set<z.ZodType>()): Set<string> {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = (schema as unknown as { _zod?: { def?: ZodDef } })._zod?.def;
  if (!def) return out;
  if (def.shape) for (const [key, child] of Object.entries(def.shape)) (out.add(key), fieldNames(child, out, seen));
  for (const child of [def.element, def.innerType, def.in, def.out, ...(def.options ?? [])]) if (child) fieldNames(child, out, seen);
  return out;
}

/** The known name within a small edit distance of `name` (2, or 1 for short names), or null. */
function resembling(name: string, known: ReadonlySet<string>): string | null {
  let best: string | null = null;
  let bestDistance = name.length <= 4 ? 1 : 2;
  for (const k of known) {
    const d = levenshtein(name.toLowerCase(), k.toLowerCase());
    if (d <= bestDistance && (best === null || d < bestDistance)) (best = k, bestDistance = d);
  }
  return best;
}

function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row.push(Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = row;
  }
  return prev[b.length]!;
}

export type { InputCheck };

/**
 * Check a call's input against its profile's schema without running it (the composer blocks Run
 * on invalid input). Conditions the profile reports as its own error rows (empty edits, empty
 * old_string) pass, as the schema lets them through (SPEC 3).
 */
export function checkInput(profile: ProfileId, input: unknown): InputCheck {
  const p = getProfile(profile);
  if (p.checkInput !== undefined) return p.checkInput(input);
  const parsed = p.schema.safeParse(input);
  if (parsed.success) return { ok: true };
  const first = parsed.error.issues[0];
  return { ok: false, message: zodDetail(parsed.error), path: (first?.path ?? []).filter((p): p is string | number => typeof p !== 'symbol') };
}
