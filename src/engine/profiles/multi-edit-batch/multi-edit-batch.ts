// Profile `MultiEditBatch` (SPEC 4.5, seed MultiEdit-batch.proposal.md): exact edits across
// files, chained per file, `atomic` and `dry_run`. Error texts name the file and the entry but
// never echo old_string, new_string or file content ("no secret exposure").

import { z } from 'zod';
import { buildFileStage, loadFile } from '../../file-stage';
import { resolveFilePaths } from '../../file-identity';
import type { CommitOutcome } from '../../commit';
import { resolveCallPath, type ResolvedPath } from '../../paths';
import { StagedFile } from '../../staged-file';
import { toLfView, type DecodedText } from '../../text';
import type { FileStage, RunOutcome, StageStep } from '../../types';
import { batchHooks } from './multi-edit-batch-hooks';
import { editString, fail, succeed, zodDetail, type Profile } from '../profile';
import { multiEditBatchSuite } from './cases';

export const MAX_BATCH_FILES = 100;
export const MAX_BATCH_BYTES = 50 * 1024 * 1024;

export const multiEditBatchSchema = z.object({
  description: z.string().min(1).describe('What this batch edit does'),
  edits: z
    .array(
      z.object({
        file_path: z.string().describe('Path of the file (absolute, or relative to the working directory)'),
        old_string: editString().describe('Exact text to replace'),
        new_string: editString().describe('Replacement text'),
        replace_all: z.boolean().optional().describe('Replace all occurrences in this file (default false)'),
      }),
    )
    .min(1)
    .describe('Array of file edits; entries naming the same file apply in order'),
  atomic: z.boolean().optional().describe('Roll back all changes if any edit fails (default true)'),
  dry_run: z.boolean().optional().describe('Preview changes without applying them (default false)'),
});

const DESCRIPTION = `Perform batch edits across multiple files atomically.

Features:
- Edit multiple files in a single operation; entries on the same file apply in order
- Atomic mode (default): if any edit fails, no file is changed
- Dry run mode: preview changes without applying
- Replace all occurrences within each file with replace_all

Usage:
- Provide a description and an array of edits with file paths and replacements
- Each edit specifies old_string (unique in the file unless replace_all) and new_string
- At most ${MAX_BATCH_FILES} files and 50 MB of content per batch`;

/** What a failed save left of an entry (set on every entry once a save of the batch failed). */
export type OnDisk = 'committed' | 'rolled_back' | 'rollback_failed' | 'not_written';

interface EditResult {
  file_path: string;
  success: boolean;
  replacements: number;
  on_disk?: OnDisk;
  error?: string;
}

interface BatchResult {
  success: boolean;
  results: EditResult[];
  summary: { total_files: number; successful_files: number; failed_files: number; total_replacements: number };
  error?: string;
  rollback_performed?: boolean;
  diffs: Record<string, string>;
}

interface OpenFile {
  resolved: Extract<ResolvedPath, { ok: true }>;
  original: { bytes: Uint8Array; text: DecodedText };
  staged: StagedFile;
  steps: StageStep[];
}

export const multiEditBatch: Profile = {
  id: 'MultiEditBatch',
  origin: 'Seed documents',
  title: "Exact edits across files, atomic or not, dry run",
  example: {"description": "Point the app at the new port", "edits": [{"file_path": "/test/config.toml", "old_string": "port = 8080", "new_string": "port = 3000"}, {"file_path": "/src/config.js", "old_string": "TIMEOUT_MS = 5000", "new_string": "TIMEOUT_MS = 3000"}]},
  suite: multiEditBatchSuite,
  ...batchHooks,
  // A failed save: each entry says what its file holds (batchAfterFailedCommit).
  commitFailed: (outcome, commit, { mount }) => batchAfterFailedCommit(outcome, commit, mount),
  toolName: 'MultiEdit',
  description: DESCRIPTION,
  schema: multiEditBatchSchema,
  async run(raw, ctx) {
    const parsed = multiEditBatchSchema.safeParse(raw);
    if (!parsed.success) return fail({ code: 'INVALID_INPUT', message: `Invalid input: ${zodDetail(parsed.error)}` });
    const { edits } = parsed.data;
    const atomic = parsed.data.atomic ?? true;
    const dryRun = parsed.data.dry_run ?? false;

    // Keyed by the file, not the name: a symlink and its target are one staged file (SPEC 14).
    const resolvedOf = await resolveFilePaths(ctx, edits.map((e) => e.file_path));
    const distinct = new Map<string, Extract<ResolvedPath, { ok: true }>>();
    for (const r of resolvedOf) if (r.ok && !distinct.has(r.path)) distinct.set(r.path, r);
    const fileCount = new Set(resolvedOf.map((r) => r.absPath)).size;
    if (fileCount > MAX_BATCH_FILES) {
      return fail({ code: 'TOO_MANY_FILES', message: `The batch names ${fileCount} files; the limit is ${MAX_BATCH_FILES}. Split it into smaller batches.` });
    }
    let total = 0;
    for (const r of distinct.values()) {
      const st = await ctx.fs.stat(r.path);
      if (st.kind === 'file') total += st.size;
    }
    if (total > MAX_BATCH_BYTES) {
      return fail({ code: 'BATCH_TOO_LARGE', message: `The batch's files hold ${total} bytes; the limit is ${MAX_BATCH_BYTES}. Split it into smaller batches.` });
    }

    const open = new Map<string, OpenFile | string>();
    const results: EditResult[] = [];
    for (const [i, e] of edits.entries()) {
      const r = resolvedOf[i]!;
      const who = `Entry ${i} (${r.displayPath})`;
      const failed = (why: string): void => {
        results.push({ file_path: e.file_path, success: false, replacements: 0, error: `${who}: ${why}` });
      };
      if (!r.ok) {
        failed('path is outside the workspace');
        continue;
      }
      if (e.old_string === '') {
        failed('old_string must not be empty');
        continue;
      }
      if (toLfView(e.old_string) === toLfView(e.new_string)) {
        failed('old_string and new_string are identical');
        continue;
      }
      let file = open.get(r.path);
      if (file === undefined) {
        // The old_strings of every entry on this file, indexed over it in one pass.
        const patterns = edits.filter((_, k) => resolvedOf[k]!.ok && resolvedOf[k]!.path === r.path).map((x) => toLfView(x.old_string));
        file = await openFile(r, ctx.fs, ctx.maxFileBytes, patterns);
        open.set(r.path, file);
      }
      if (typeof file === 'string') {
        failed(file);
        continue;
      }
      const find = toLfView(e.old_string);
      const text = toLfView(e.new_string);
      const starts = e.replace_all ? file.staged.findAllNonOverlapping(find) : [file.staged.indexOf(find)].filter((s) => s >= 0);
      if (starts.length === 0) {
        failed('string not found');
        continue;
      }
      if (!e.replace_all) {
        const count = file.staged.count(find);
        if (count > 1) {
          failed(`string appears ${count} times; add surrounding context or set replace_all`);
          continue;
        }
      }
      const reps = starts.map((s) => ({ start: s, end: s + find.length, text }));
      const ranges = file.staged.lineRanges(reps);
      file.staged.apply(reps);
      file.steps.push({ editIndex: i, replacements: reps, lineRanges: ranges, strategy: 'exact' });
      results.push({ file_path: e.file_path, success: true, replacements: reps.length });
      ctx.progress(i + 1, edits.length);
    }

    const files: FileStage[] = [];
    for (const f of open.values()) {
      if (typeof f === 'string' || f.steps.length === 0) continue;
      files.push(buildFileStage({ resolved: f.resolved, original: f.original, staged: f.staged, steps: f.steps, shape: f.original.text.shape, diffContext: ctx.diffContext }));
    }
    const failedEntries = results.filter((r) => !r.success).length;
    const success = failedEntries === 0;
    const result = {
      success,
      results,
      summary: summaryOf(results, resolvedOf.map((r) => r.absPath)),
      ...(!success && {
        error: atomic
          ? `${failedEntries} of ${edits.length} entries failed; no file was changed.`
          : `${failedEntries} of ${edits.length} entries failed; the other entries were applied.`,
      }),
      ...(atomic && { rollback_performed: false }),
      diffs: Object.fromEntries(files.map((f) => [f.displayPath, f.diff])),
    };
    const writes = !dryRun && (success || !atomic);
    return succeed(result, { files, ...(!atomic && { independent: true }) }, [], writes);
  },
};

/** The seed's summary: files are counted by name (absPath); a file fails when any of its entries does. */
function summaryOf(results: readonly EditResult[], names: readonly string[]): BatchResult['summary'] {
  const total = new Set(names).size;
  const failed = new Set(results.flatMap((r, i) => (r.success ? [] : [names[i]!]))).size;
  return { total_files: total, successful_files: total - failed, failed_files: failed, total_replacements: results.reduce((sum, r) => sum + r.replacements, 0) };
}

const FAILED_SAVE = 'the batch could not be saved';

/**
 * The batch's result once its save failed (SPEC 14, "results tell the truth"): every entry says
 * what happened to it on disk. An entry whose file was written and kept stays a success
 * (`atomic: false`); one whose file was rolled back, not written, or never tried fails with
 * `replacements: 0`; one whose rollback failed fails but keeps its count, as the file holds its
 * edit. The summary counts what the files hold now.
 */
export function batchAfterFailedCommit(outcome: RunOutcome, commit: CommitOutcome, mount = '/'): RunOutcome {
  if (!outcome.ok || commit.ok) return outcome;
  const before = outcome.result as BatchResult;
  const statusOfFile = new Map(commit.files.map((f) => [f.path, f]));
  const fileOfEntry = new Map<number, string>();
  for (const f of outcome.stage.files) for (const step of f.steps) fileOfEntry.set(step.editIndex, f.path);
  const results = before.results.map((r, i): EditResult => {
    const file = fileOfEntry.get(i);
    const saved = file === undefined ? undefined : statusOfFile.get(file);
    if (!r.success || saved === undefined) return { ...r, on_disk: 'not_written' };
    const who = `Entry ${i} (${resolveCallPath(r.file_path, mount).displayPath})`;
    switch (saved.status) {
      case 'committed':
        return { ...r, on_disk: 'committed' };
      case 'rolled-back':
        return { file_path: r.file_path, success: false, replacements: 0, on_disk: 'rolled_back', error: `${who}: applied, then rolled back: ${FAILED_SAVE}` };
      case 'rollback-failed':
        return { ...r, success: false, on_disk: 'rollback_failed', error: `${who}: applied, and the rollback failed: the file still holds this edit though ${FAILED_SAVE}` };
      case 'failed':
        return { file_path: r.file_path, success: false, replacements: 0, on_disk: 'not_written', error: `${who}: could not write the file: ${saved.reason ?? commit.error.message}` };
      case 'not-written':
        return { file_path: r.file_path, success: false, replacements: 0, on_disk: 'not_written', error: `${who}: not written: ${FAILED_SAVE}` };
    }
  });
  const result: BatchResult = {
    success: false,
    results,
    summary: summaryOf(results, results.map((r) => resolveCallPath(r.file_path, mount).absPath)),
    error: commit.error.message,
    ...('rollback_performed' in before && { rollback_performed: commit.rolledBack.length > 0 }),
    diffs: before.diffs,
  };
  return { ...outcome, result };
}

async function openFile(r: Extract<ResolvedPath, { ok: true }>, fs: Parameters<typeof loadFile>[0], maxBytes: number, patterns: string[]): Promise<OpenFile | string> {
  const file = await loadFile(fs, r.path, maxBytes);
  switch (file.kind) {
    case 'missing':
      return 'file not found';
    case 'directory':
      return 'path is a directory, not a file';
    case 'denied':
      return 'permission denied';
    case 'binary':
      return 'cannot edit a binary file';
    case 'too-large':
      return `file too large (${file.size} bytes)`;
    case 'text':
      return { resolved: r, original: { bytes: file.bytes, text: file.text }, staged: new StagedFile(file.text.view, { patterns }), steps: [] };
  }
}
