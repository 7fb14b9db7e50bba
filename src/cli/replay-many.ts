// `edit-playground replay A B DIR/`: several transcripts, each replayed on its own with the same
// flags (against --root, or each seeded from itself), and one table of them: a row per
// transcript and the totals a prompt engineer compares tool specs by (replay-many-report.ts).
// A folder stands for every transcript file under it, in path order; a file that is no
// transcript is skipped with a line on stderr. Only the figures of each replay are kept (and,
// for junit, its test suite), so a folder of long sessions costs one session's memory at a time.

import { open, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { isExportHead } from '../sessions/markdown-exports';
import type { SessionReplay } from '../sessions/replay';
import type { SessionFormat } from '../sessions/types';
import { isHiddenEntry } from '../workspace/handle-fs';
import { EXIT, fsProblem, type CliIo } from './io';
import { manyJson, manyJunit, manyPretty, manySummary, toolKinds, type ManyReport, type TranscriptRow } from './replay-many-report';
import { inert, junitSuite, type ReplayContext } from './replay-report';
import { AIDER_HISTORY_NAME, EXPORT_HEAD_BYTES, isMarkdownCandidate, isTranscriptName, TRANSCRIPT_EXTENSIONS } from '../sessions/transcript-names';

/** A FILE or FOLDER argument, resolved. */
export interface ManyInput {
  path: string;
  folder: boolean;
}

export interface ManyOptions {
  root: string;
  mount: string | null;
  seed: boolean;
  format: SessionFormat | undefined;
  reporter: 'pretty' | 'json' | 'junit';
  out: string | null;
}

/** One transcript's text replayed as the flags say, or why it is no transcript. */
export type ReplayOne = (text: string, file: string) => Promise<{ ok: true; replay: SessionReplay; ctx: ReplayContext } | { ok: false; detection: string }>;

/** A chat export is a .md of any name: a Gemini CLI one starts with a turn heading (`## USER 🧑‍💻`), a Cline one with `**User:**` and its `<task>`. */
async function isMarkdownExport(path: string): Promise<boolean> {
  if (!isMarkdownCandidate(path)) return false;
  let file;
  try {
    file = await open(path, 'r');
    const buffer = Buffer.alloc(EXPORT_HEAD_BYTES);
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
    return isExportHead(buffer.subarray(0, bytesRead).toString('utf8'));
  } catch {
    return false;
  } finally {
    await file?.close();
  }
}

/** Code-unit order: the same on every machine and locale. */
const byPath = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Every transcript-named file under `folder`, recursively, without .git and node_modules, in path order. */
export async function transcriptFiles(folder: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    for (const e of entries) {
      if (isHiddenEntry(e.name)) continue;
      const path = join(dir, e.name);
      if (e.isDirectory()) await walk(path);
      else if (e.isFile() && (isTranscriptName(e.name) || (await isMarkdownExport(path)))) out.push(path);
    }
  };
  await walk(folder);
  // Sorted as `/`-separated paths, so `a/b.jsonl` comes before `a-b.jsonl` on every system.
  return out.map((p) => ({ p, key: p.split(sep).join('/') })).sort((a, b) => byPath(a.key, b.key)).map((x) => x.p);
}

/** A path as the report names it: relative to the working folder when under it. */
export function shownPath(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return rel === '' || rel.startsWith('..') || rel.startsWith(sep) || /^[A-Za-z]:/.test(rel) ? path : rel.split(sep).join('/');
}

export async function replayMany(inputs: readonly ManyInput[], options: ManyOptions, io: CliIo, replayOne: ReplayOne): Promise<number> {
  const files: string[] = [];
  const seen = new Set<string>();
  const add = (p: string) => {
    if (!seen.has(p)) {
      seen.add(p);
      files.push(p);
    }
  };
  for (const input of inputs) {
    if (!input.folder) add(input.path);
    else {
      try {
        for (const f of await transcriptFiles(input.path)) add(f);
      } catch (error) {
        io.stderr.write(`edit-playground replay: cannot list ${shownPath(input.path, io.cwd)}: ${fsProblem(error)}\n`);
        return EXIT.usage;
      }
    }
  }

  const report: ManyReport = { transcripts: [], skipped: [], workspace: options.seed ? null : options.root, mount: options.mount };
  let broken = 0;
  for (const path of files) {
    const file = shownPath(path, io.cwd);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      skip(report, io, file, `cannot read it: ${fsProblem(error)}`);
      continue;
    }
    let done: Awaited<ReturnType<ReplayOne>>;
    try {
      done = await replayOne(text, file);
    } catch (error) {
      // A fault of the replay's own on one transcript: the others are still replayed and reported.
      broken++;
      skip(report, io, file, `the replay stopped on an error of its own, which is a bug to report: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    if (!done.ok) {
      skip(report, io, file, `not a transcript this tool reads: ${done.detection}`);
      continue;
    }
    const row: TranscriptRow = { file, format: done.replay.format!, mount: done.replay.mount, figures: done.replay.figures, kinds: toolKinds(done.replay.calls) };
    if (options.reporter === 'junit') row.suite = junitSuite(done.replay, file);
    report.transcripts.push(row);
  }
  if (report.transcripts.length === 0) {
    const what = inputs.length === 1 ? shownPath(inputs[0]!.path, io.cwd) : `the ${inputs.length} files and folders given`;
    io.stderr.write(`edit-playground replay: no transcript to replay in ${what}${files.length === 0 ? ` (no ${TRANSCRIPT_EXTENSIONS.join(', ')}, *${AIDER_HISTORY_NAME} or Gemini CLI or Cline .md export file)` : ''}\nRun "edit-playground replay --help" for usage.\n`);
    return EXIT.usage;
  }

  const text = options.reporter === 'json' ? manyJson(report) : options.reporter === 'junit' ? manyJunit(report) : manyPretty(report);
  if (options.out === null) io.stdout.write(text);
  else {
    try {
      await writeFile(options.out, text, 'utf8');
    } catch (error) {
      io.stderr.write(`edit-playground replay: cannot write the report to ${options.out}: ${fsProblem(error)}\nRun "edit-playground replay --help" for usage.\n`);
      return EXIT.usage;
    }
    io.stdout.write(`${manySummary(report)}\n`);
  }
  return broken > 0 || report.transcripts.some((t) => t.figures.differs > 0) ? EXIT.failed : EXIT.ok;
}

function skip(report: ManyReport, io: CliIo, file: string, reason: string): void {
  report.skipped.push({ file, reason });
  io.stderr.write(`edit-playground replay: skipped ${inert(file)}: ${inert(reason)}\n`);
}
