// Opening real folders with the File System Access API: the picker, the Recent list, dropped
// folders, and the permission prompts in between. Every outcome ends as a workspace notice or an
// open workspace; nothing here throws at the UI.

import { useRun } from '../state/run-store';
import { useUi } from '../state/ui-store';
import { useWorkspace } from '../state/workspace-store';
import { forgetFolder, listRecentFolders, rememberFolder, type RecentFolder } from './recent-folders';
import { errorMessage } from '../../engine/helpers';

// The TS DOM lib has the handles but not the picker or the permission methods (Chromium-only).
type PermissionMode = { mode: 'read' | 'readwrite' };
interface PermissionMethods {
  queryPermission?(descriptor: PermissionMode): Promise<PermissionState>;
  requestPermission?(descriptor: PermissionMode): Promise<PermissionState>;
}
interface PickerWindow {
  showDirectoryPicker?(options?: { mode?: 'read' | 'readwrite'; id?: string }): Promise<FileSystemDirectoryHandle>;
}
interface HandleItem {
  getAsFileSystemHandle?(): Promise<FileSystemHandle | null>;
}

const READWRITE: PermissionMode = { mode: 'readwrite' };

/** Checked on every call, not once: tests and polyfills may install the picker late. */
export function canPickFolders(): boolean {
  return typeof window !== 'undefined' && typeof (window as PickerWindow).showDirectoryPicker === 'function';
}

function errorName(error: unknown): string {
  return typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string' ? error.name : '';
}


/** A workspace notice, shown above the file tree (the Files tab is brought forward for it). */
export function notify(tone: 'error' | 'warn' | 'ok', text: string): void {
  useWorkspace.getState().setNotice({ tone, text });
  useUi.getState().setSideTab('files');
}

/** Read-write access, asking the user when the browser wants to (needs a recent click or key). */
async function ensureWriteAccess(handle: FileSystemDirectoryHandle): Promise<{ ok: true } | { ok: false; message: string }> {
  const h = handle as FileSystemDirectoryHandle & PermissionMethods;
  // Browsers without the permission methods grant what the picker or the platform gave.
  if (typeof h.queryPermission !== 'function') return { ok: true };
  try {
    if ((await h.queryPermission(READWRITE)) === 'granted') return { ok: true };
    if (typeof h.requestPermission === 'function' && (await h.requestPermission(READWRITE)) === 'granted') return { ok: true };
    return { ok: false, message: `Permission to edit “${handle.name}” was not granted. Open it again and allow editing to use it.` };
  } catch (error) {
    // Typically "user activation is required": a prompt may only follow a click or a key.
    return { ok: false, message: `The browser did not ask for permission to edit “${handle.name}” (${errorMessage(error)}). Open it from Recent to be asked again.` };
  }
}

/** Open `handle` as the workspace (after the permission check) and remember it under Recent. */
export async function openFolderHandle(handle: FileSystemDirectoryHandle): Promise<boolean> {
  const ws = useWorkspace.getState();
  const access = await ensureWriteAccess(handle);
  if (!access.ok) {
    // Kept under Recent anyway: a click there is the user gesture a permission prompt needs.
    ws.setRecentFolders(await rememberFolder(handle));
    notify('warn', access.message);
    return false;
  }
  ws.setNotice(null);
  const opened = await ws.open({ kind: 'folder', handle });
  if (!opened) return false;
  useRun.getState().reset();
  ws.setRecentFolders(await rememberFolder(handle));
  return true;
}

/** "Open folder…": the picker in read-write mode; a cancelled picker is no event at all. */
export async function pickFolder(): Promise<void> {
  const picker = (window as PickerWindow).showDirectoryPicker;
  if (typeof picker !== 'function') {
    notify('warn', 'This browser cannot open folders directly. Use “Import folder…” to copy one into the sandbox.');
    return;
  }
  let handle: FileSystemDirectoryHandle;
  try {
    handle = await picker.call(window, { mode: 'readwrite', id: 'edit-playground' });
  } catch (error) {
    if (errorName(error) === 'AbortError') return;
    notify('error', `Could not open the folder: ${errorMessage(error)}`);
    return;
  }
  await openFolderHandle(handle);
}

export async function reopenRecent(folder: RecentFolder): Promise<void> {
  const opened = await openFolderHandle(folder.handle);
  if (!opened && useWorkspace.getState().status === 'error') {
    notify('error', `“${folder.name}” could not be opened (${useWorkspace.getState().error ?? 'unknown error'}). It was removed from Recent.`);
    useWorkspace.getState().setRecentFolders(await forgetFolder(folder));
  }
}

export async function loadRecentFolders(): Promise<void> {
  useWorkspace.getState().setRecentFolders(await listRecentFolders());
}

/** Whether a drag carries files (folders count): only then does the window accept the drop. */
export function dragHasFiles(e: DragEvent): boolean {
  return e.dataTransfer?.types.includes('Files') ?? false;
}

/**
 * A drop on the window: a folder opens as the workspace. Drops another panel already handled
 * (it called preventDefault) are left alone; a dropped file is only explained.
 */
export async function openDroppedFolder(e: DragEvent): Promise<void> {
  if (e.defaultPrevented || !dragHasFiles(e)) return;
  e.preventDefault(); // the browser would otherwise navigate to the dropped file
  const items = [...(e.dataTransfer?.items ?? [])].filter((i) => i.kind === 'file') as (DataTransferItem & HandleItem)[];
  if (items.length === 0) return;
  if (typeof items[0]!.getAsFileSystemHandle !== 'function') {
    notify('warn', 'This browser cannot open a dropped folder. Use “Import folder…” to copy one into the sandbox.');
    return;
  }
  // The items are only readable during the event: ask for every handle before the first await.
  const pending = items.map((i) => i.getAsFileSystemHandle!().catch(() => null));
  const handles = await Promise.all(pending);
  const folder = handles.find((h): h is FileSystemDirectoryHandle => h?.kind === 'directory');
  if (!folder) {
    notify('warn', 'Drop a folder (not a file) to open it as the workspace.');
    return;
  }
  await openFolderHandle(folder);
}
