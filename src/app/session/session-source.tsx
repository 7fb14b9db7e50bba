// Where a transcript comes from: files (picker or drop, several at once, or a dropped folder), a
// bundled sample, or pasted text.

import { useState } from 'react';
import { SESSION_SAMPLES } from '../../sessions/samples/manifest';
import { transcriptsInFolder, TRANSCRIPT_EXTENSIONS } from './batch';
import { useSession, type TranscriptFile } from './session-store';

/** A file picker that works from anywhere (the command palette runs it with the Session tab closed); several files make a batch. */
export function pickTranscript(onPicked: () => void = () => undefined): void {
  const input = document.createElement('input');
  input.type = 'file';
  input.multiple = true;
  input.accept = `${TRANSCRIPT_EXTENSIONS.join(',')},.md,application/json`;
  input.addEventListener('change', () => {
    const files = [...(input.files ?? [])];
    if (files.length === 0) return;
    onPicked();
    void useSession.getState().openMany(files.map((file) => ({ file, name: file.name })));
  });
  input.click();
}

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

/**
 * What a drop holds as transcripts: the dropped files as they are, and of a dropped folder every
 * .jsonl, .json, .log and .txt file under it, in path order (named by their path in the folder).
 */
export async function droppedTranscripts(data: DataTransfer): Promise<TranscriptFile[]> {
  const entries = [...data.items].map((item) => (item.kind === 'file' ? item.webkitGetAsEntry?.() ?? null : null));
  if (!entries.some((e) => e?.isDirectory === true)) return [...data.files].map((file) => ({ file, name: file.name }));
  const out: TranscriptFile[] = [];
  for (const entry of entries) {
    if (entry === null) continue;
    if (entry.isFile) out.push({ file: await fileOf(entry as FileSystemFileEntry), name: entry.name });
    else {
      const found: { path: string; entry: FileSystemFileEntry }[] = [];
      await walk(entry, '', found);
      for (const f of transcriptsInFolder(found)) out.push({ file: await fileOf(f.entry), name: f.path });
    }
  }
  return out;
}

export function SessionSourceBar() {
  const [pasting, setPasting] = useState(false);
  const [text, setText] = useState('');
  const busy = useSession((s) => s.status === 'opening' || s.status === 'replaying');
  return (
    <div className="session-source">
      <div className="toolbar session-toolbar">
        <button type="button" className="button" onClick={() => pickTranscript()} disabled={busy}>
          Open transcript…
        </button>
        <select
          aria-label="Samples"
          value=""
          disabled={busy}
          title="One sample transcript per format, about the sandbox's files (also in the sandbox's transcripts/ folder)"
          onChange={(e) => {
            if (e.target.value !== '') void useSession.getState().openSource({ kind: 'sample', file: e.target.value });
          }}
        >
          <option value="">Samples…</option>
          {SESSION_SAMPLES.map((s) => (
            <option key={s.file} value={s.file}>
              {s.title}
            </option>
          ))}
        </select>
        <button type="button" className="button" aria-expanded={pasting} onClick={() => setPasting(!pasting)} disabled={busy}>
          Paste…
        </button>
      </div>
      {pasting && (
        <form
          className="session-paste"
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim() === '') return;
            setPasting(false);
            void useSession.getState().openSource({ kind: 'text', text, name: 'Pasted transcript' });
            setText('');
          }}
        >
          <textarea aria-label="Transcript text" className="mono" rows={5} value={text} placeholder="Paste a JSONL session or a JSON conversation" onChange={(e) => setText(e.target.value)} />
          <button type="submit" className="button primary" disabled={text.trim() === ''}>
            Read pasted text
          </button>
        </form>
      )}
    </div>
  );
}
