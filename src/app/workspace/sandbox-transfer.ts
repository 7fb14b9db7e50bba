// For browsers without folder access: copy a folder into the sandbox (<input webkitdirectory>),
// and take back what this session saved ("Download changes": one file as is, several as a tar).

import { isHiddenEntry } from '../../workspace/handle-fs';
import { engine } from '../worker-client';
import { useRun } from '../state/run-store';
import { useWorkspace } from '../state/workspace-store';
import { errorMessage } from '../../engine/helpers';
import { notify } from './folder-access';
import { tarArchive } from './tar';

/** An import larger than this is refused up front: the sandbox lives in browser storage. */
export const IMPORT_LIMIT_BYTES = 200 * 1024 * 1024;
const IMPORT_TIMEOUT_MS = 5 * 60_000;

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Workspace path of a file picked with `webkitdirectory`: the picked folder's own name is
 * dropped, so its files land at the sandbox root where tool calls expect them. `null` for files
 * a listing would hide anyway (`.git`, `node_modules`, `*.crswap`).
 */
export function importPath(file: File): string | null {
  const segs = (file.webkitRelativePath || file.name).split('/').filter((s) => s !== '' && s !== '.');
  if (segs.length > 1) segs.shift();
  if (segs.length === 0 || segs.some((s) => s === '..' || isHiddenEntry(s))) return null;
  return segs.join('/');
}

export async function importFolder(list: FileList | File[]): Promise<void> {
  const picked = [...list].flatMap((file) => {
    const path = importPath(file);
    return path === null ? [] : [{ path, file }];
  });
  if (picked.length === 0) {
    notify('warn', 'That folder has no files to import (.git, node_modules and *.crswap are skipped).');
    return;
  }
  const total = picked.reduce((n, p) => n + p.file.size, 0);
  if (total > IMPORT_LIMIT_BYTES) {
    notify('error', `That folder holds ${Math.round(total / 1024 / 1024)} MB; the sandbox imports at most ${IMPORT_LIMIT_BYTES / 1024 / 1024} MB. Import a smaller folder.`);
    return;
  }
  notify('ok', `Importing ${plural(picked.length, 'file')}…`);
  try {
    const files = await Promise.all(picked.map(async ({ path, file }) => ({ path, bytes: new Uint8Array(await file.arrayBuffer()) })));
    const { written, failed } = await engine.request('workspace/import', { files }, { timeoutMs: IMPORT_TIMEOUT_MS, transfer: files.map((f) => f.bytes.buffer) });
    const ws = useWorkspace.getState();
    if (ws.kind === 'sandbox') await ws.refresh();
    else {
      await ws.open({ kind: 'sandbox' });
      useRun.getState().reset();
    }
    if (failed.length === 0) notify('ok', `Imported ${plural(written, 'file')} into the sandbox.`);
    else notify('error', `Imported ${plural(written, 'file')}; ${failed.length} could not be written: ${failed.slice(0, 3).map((f) => `${f.path} (${f.message})`).join('; ')}${failed.length > 3 ? '; …' : ''}`);
  } catch (error) {
    notify('error', `The import failed: ${errorMessage(error)}`);
  }
}

function download(name: string, bytes: Uint8Array, type: string): void {
  const url = URL.createObjectURL(new Blob([new Uint8Array(bytes)], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The files this session saved into the sandbox, byte for byte as they are now. */
export async function downloadChanges(): Promise<void> {
  const paths = useWorkspace.getState().savedPaths;
  if (useWorkspace.getState().kind !== 'sandbox') {
    notify('warn', 'Open the sandbox first: the saved changes are files in the sandbox.');
    return;
  }
  if (paths.length === 0) {
    notify('warn', 'Nothing saved yet: save a run first, then download what it changed.');
    return;
  }
  try {
    const files = await engine.request('workspace/export', { paths });
    const present = files.flatMap((f) => (f.bytes === null ? [] : [{ path: f.path, bytes: f.bytes }]));
    if (present.length === 0) {
      notify('warn', 'The saved files are no longer in the sandbox.');
      return;
    }
    if (present.length === 1) download(present[0]!.path.split('/').pop()!, present[0]!.bytes, 'application/octet-stream');
    else download('sandbox-changes.tar', tarArchive(present), 'application/x-tar');
    const gone = files.length - present.length;
    notify('ok', `Downloaded ${present.length === 1 ? present[0]!.path : `${present.length} files as sandbox-changes.tar`}${gone > 0 ? ` (${gone} no longer exist)` : ''}.`);
  } catch (error) {
    notify('error', `The download failed: ${errorMessage(error)}`);
  }
}
