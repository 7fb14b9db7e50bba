// Profile `MultiEditBatch` (SPEC 4.5, seed MultiEdit-batch.proposal.md): exact edits across
// files, chained per file, `atomic` and `dry_run`. Error texts name the file and the entry but
// never echo old_string, new_string or file content ("no secret exposure").

import { z } from 'zod';
import { buildFileStage, loadFile } from '../file-stage';
import { resolveFilePaths } from '../file-identity';
import type { ResolvedPath } from '../paths';
import { StagedFile } from '../staged-file';
import { toLfView, type DecodedText } from '../text';
import type { FileStage, StageStep } from '../types';
import { editString, fail, succeed, zodDetail, type Profile } from './profile';

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

interface EditResult {
  file_path: string;
  success: boolean;
  replacements: number;
  error?: string;
}

interface OpenFile {
  resolved: Extract<ResolvedPath, { ok: true }>;
  original: { bytes: Uint8Array; text: DecodedText };
  staged: StagedFile;
  steps: StageStep[];
}

export const multiEditBatch: Profile = {
  id: 'MultiEditBatch',
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
    const failedFiles = new Set(results.flatMap((r, i) => (r.success ? [] : [resolvedOf[i]!.absPath])));
    const success = failedEntries === 0;
    const result = {
      success,
      results,
      summary: {
        total_files: fileCount,
        successful_files: fileCount - failedFiles.size,
        failed_files: failedFiles.size,
        total_replacements: results.reduce((sum, r) => sum + r.replacements, 0),
      },
      ...(!success && {
        error: atomic
          ? `${failedEntries} of ${edits.length} entries failed; no file was changed.`
          : `${failedEntries} of ${edits.length} entries failed; the other entries were applied.`,
      }),
      ...(atomic && { rollback_performed: false }),
      diffs: Object.fromEntries(files.map((f) => [f.displayPath, f.diff])),
    };
    const writes = !dryRun && (success || !atomic);
    return succeed(result, { files }, [], writes);
  },
};

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
