// What a drop on the Session tab holds as transcripts: the dropped files as they are, and of a
// dropped folder the files the CLI's folder walk would read (src/sessions/transcript-names.ts).

import { EXPORT_HEAD_BYTES, isLeftOut, isMarkdownCandidate } from '../../sessions/transcript-names';
import { transcriptsInFolder } from './batch';
import type { TranscriptFile } from './session-store';

type Entry = FileSystemEntry;

function readAll(dir: FileSystemDirectoryEntry): Promise<Entry[]> {
  const reader = dir.createReader();
  const out: Entry[] = [];
  return new Promise((resolve, reject) => {
    // readEntries answers in batches (100 in Chromium) until an empty one.
    const next = (): void =>
      reader.readEntries((batch) => {
        if (batch.length === 0) resolve(out);
        else {
          out.push(...batch);
          next();
        }
      }, reject);
    next();
  });
}

async function walk(entry: Entry, prefix: string, out: { path: string; entry: FileSystemFileEntry }[]): Promise<void> {
  const path = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
  if (entry.isFile) out.push({ path, entry: entry as FileSystemFileEntry });
  else if (entry.isDirectory && entry.name !== '.git' && entry.name !== 'node_modules') {
    for (const child of await readAll(entry as FileSystemDirectoryEntry)) await walk(child, path, out);
  }
}

const fileOf = (entry: FileSystemFileEntry): Promise<File> => new Promise((resolve, reject) => entry.file(resolve, reject));

/** The folder's .md files that are chat exports, Gemini CLI's or Cline's (told by their head, as the CLI's walk tells them). */
async function markdownExports(found: readonly { path: string; entry: FileSystemFileEntry }[]): Promise<TranscriptFile[]> {
  const candidates = found.filter((f) => isMarkdownCandidate(f.path) && !isLeftOut(f.path));
  if (candidates.length === 0) return [];
  const { isExportHead } = await import('../../sessions/markdown-exports');
  const out: TranscriptFile[] = [];
  for (const f of candidates) {
    const file = await fileOf(f.entry);
    if (isExportHead(await file.slice(0, EXPORT_HEAD_BYTES).text())) out.push({ file, name: f.path });
  }
  return out;
}

/**
 * What a drop holds as transcripts: the dropped files as they are, and of a dropped folder every
 * transcript-named file under it (.jsonl, .json, .log, .txt, .traj, aider's history) and every
 * Gemini CLI or Cline .md export, in path order (named by their path in the folder).
 */
export async function droppedTranscripts(data: Pick<DataTransfer, 'items' | 'files'>): Promise<TranscriptFile[]> {
  const entries = [...data.items].map((item) => (item.kind === 'file' ? item.webkitGetAsEntry?.() ?? null : null));
  if (!entries.some((e) => e?.isDirectory === true)) return [...data.files].map((file) => ({ file, name: file.name }));
  const out: TranscriptFile[] = [];
  for (const entry of entries) {
    if (entry === null) continue;
    if (entry.isFile) out.push({ file: await fileOf(entry as FileSystemFileEntry), name: entry.name });
    else {
      const found: { path: string; entry: FileSystemFileEntry }[] = [];
      await walk(entry, '', found);
      const named: TranscriptFile[] = [];
      for (const f of transcriptsInFolder(found)) named.push({ file: await fileOf(f.entry), name: f.path });
      out.push(...[...named, ...(await markdownExports(found))].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)));
    }
  }
  return out;
}
