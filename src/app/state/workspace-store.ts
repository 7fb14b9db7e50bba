// The open workspace: which one, its listing (loaded lazily, folder by folder), the selected file,
// and what this session saved into it.

import { create, type StoreApi } from 'zustand';
import type { DirectoryEntry } from '../../workspace/handle-fs';
import type { FileContent, WorkspaceSource } from '../../worker/protocol';
import { engine } from '../worker-client';
import type { RecentFolder } from '../workspace/recent-folders';
import { own } from '../workspace/tree-rows';
import { errorMessage, type Notice } from '../../engine/helpers';

export type WorkspaceKind = WorkspaceSource['kind'];

/** How far the filter may load folders it has not seen yet, so a huge tree never stalls it. */
export const FILTER_LOAD_BOUND = { folders: 400, entries: 50_000 };

interface WorkspaceState {
  kind: WorkspaceKind | null;
  /** What is open (a folder's handle included), so a panel can come back to it later. */
  source: WorkspaceSource | null;
  name: string;
  fileCount: number;
  status: 'idle' | 'opening' | 'ready' | 'error';
  error: string | null;
  notice: Notice | null;
  /** Listing per folder path ('' is the root); absent = not loaded yet. */
  listings: Record<string, DirectoryEntry[]>;
  /** Folders whose listing failed, with why. */
  listErrors: Record<string, string>;
  expanded: Record<string, boolean>;
  selectedPath: string | null;
  selected: FileContent | null;
  /** Bumped after every change on disk (save, reset) so views re-read. */
  revision: number;
  /** Workspace paths saved into the sandbox this session (offered as "Download changes"). */
  savedPaths: string[];
  /** Recently opened folders, newest first (kept in IndexedDB by workspace/recent-folders). */
  recentFolders: RecentFolder[];
  /** The "Reset sandbox" confirmation is showing. */
  confirmingReset: boolean;
  open(source: WorkspaceSource, options?: { reset?: boolean }): Promise<boolean>;
  loadFolder(path: string): Promise<void>;
  toggleFolder(path: string): void;
  setExpanded(path: string, open: boolean): void;
  /**
   * Load every folder not loaded yet, breadth first, within `bound`; answers whether folders
   * were left unloaded. The filter uses it: it can only match names it has seen.
   */
  loadTree(bound?: { folders: number; entries: number }): Promise<{ truncated: boolean }>;
  select(path: string | null): Promise<void>;
  refresh(): Promise<void>;
  noteSaved(paths: string[]): void;
  setNotice(notice: Notice | null): void;
  setRecentFolders(folders: RecentFolder[]): void;
  setConfirmingReset(open: boolean): void;
}

export const joinPath = (folder: string, name: string): string => (folder === '' ? name : `${folder}/${name}`);

/** Later opens win: an answer to an older open never overwrites a newer workspace. */
let openSeq = 0;

type Set = StoreApi<WorkspaceState>['setState'];
type Get = () => WorkspaceState;

/** Every folder not loaded yet, breadth first, within `bound` (see `loadTree` above). */
async function loadTree(get: Get, bound: { folders: number; entries: number }): Promise<{ truncated: boolean }> {
  const revision = get().revision;
  let entries = 0;
  let folders = 0;
  const queue = [''];
  while (queue.length > 0) {
    if (get().revision !== revision) return { truncated: false };
    const path = queue.shift()!;
    if (!own(get().listings, path) && !own(get().listErrors, path)) {
      if (folders >= bound.folders || entries >= bound.entries) return { truncated: true };
      folders++;
      await get().loadFolder(path);
    }
    const listing = own(get().listings, path) ?? [];
    entries += listing.length;
    for (const e of listing) if (e.kind === 'directory') queue.push(joinPath(path, e.name));
  }
  return { truncated: false };
}

/** After a change on disk: the visible folders and the selected file read again. */
async function refresh(set: Set, get: Get): Promise<void> {
  const { expanded, selectedPath, revision } = get();
  set({ revision: revision + 1 });
  // Re-list the visible folders before swapping listings in, so the tree never blinks empty.
  const paths = ['', ...Object.keys(expanded).filter((p) => expanded[p])];
  // No prototype: a folder named `__proto__` is a key, not Object.prototype's setter.
  const fresh: Record<string, DirectoryEntry[]> = Object.create(null);
  const failed: Record<string, string> = Object.create(null);
  await Promise.all(
    paths.map(async (p) => {
      try {
        fresh[p] = await engine.request('workspace/list', { path: p });
      } catch (error) {
        // A folder that vanished drops out of its parent's listing; only the root's failure shows.
        if (p === '') failed[p] = errorMessage(error);
      }
    }),
  );
  set({ listings: fresh, listErrors: failed });
  // Re-read in place (no empty moment) so the file view keeps its scroll position.
  if (selectedPath === null) return;
  const content = await engine.request('workspace/read', { path: selectedPath }).catch((error: unknown) => ({ kind: 'denied' as const, message: errorMessage(error) }));
  if (get().selectedPath === selectedPath) set({ selected: content });
}

/** Before any workspace opens. */
const noWorkspace = {
  kind: null,
  source: null,
  name: '',
  fileCount: 0,
  status: 'idle',
  error: null,
  notice: null,
  listings: {},
  listErrors: {},
  expanded: {},
  selectedPath: null,
  selected: null,
  revision: 0,
  savedPaths: [],
  recentFolders: [],
  confirmingReset: false,
} satisfies Partial<WorkspaceState>;

export const useWorkspace = create<WorkspaceState>()((set, get) => ({
  ...noWorkspace,

  async open(source, options = {}) {
    const mine = ++openSeq;
    set({ status: 'opening', error: null });
    try {
      const { name, files, root } = await engine.request('workspace/open', { source, ...(options.reset && { reset: true }) });
      if (mine !== openSeq) return false;
      set((s) => ({
        kind: source.kind,
        source,
        name,
        fileCount: files,
        status: 'ready',
        // The open lists the root (the tree shows it without another round trip to the worker).
        listings: { '': root },
        listErrors: {},
        expanded: {},
        selectedPath: null,
        selected: null,
        revision: s.revision + 1,
        // Saved paths name sandbox files: they stay while other workspaces come and go, until a reset.
        savedPaths: options.reset ? [] : s.savedPaths,
      }));
      return true;
    } catch (error) {
      if (mine !== openSeq) return false;
      set({ status: 'error', error: errorMessage(error) });
      return false;
    }
  },

  async loadFolder(path) {
    try {
      const entries = await engine.request('workspace/list', { path });
      set((s) => {
        const { [path]: _gone, ...listErrors } = s.listErrors;
        return { listings: { ...s.listings, [path]: entries }, listErrors };
      });
    } catch (error) {
      set((s) => ({ listErrors: { ...s.listErrors, [path]: errorMessage(error) } }));
    }
  },

  toggleFolder(path) {
    get().setExpanded(path, own(get().expanded, path) !== true);
  },

  setExpanded(path, open) {
    set((s) => ({ expanded: { ...s.expanded, [path]: open } }));
    if (open && !own(get().listings, path)) void get().loadFolder(path);
  },

  loadTree: (bound = FILTER_LOAD_BOUND) => loadTree(get, bound),

  async select(path) {
    set({ selectedPath: path, selected: null });
    if (path === null) return;
    try {
      const content = await engine.request('workspace/read', { path });
      if (get().selectedPath === path) set({ selected: content });
    } catch (error) {
      if (get().selectedPath === path) set({ selected: { kind: 'denied', message: errorMessage(error) } });
    }
  },

  refresh: () => refresh(set, get),

  noteSaved(paths) {
    if (get().kind !== 'sandbox') return;
    set((s) => ({ savedPaths: [...new Set([...s.savedPaths, ...paths])].sort() }));
  },

  setNotice(notice) {
    set({ notice });
  },

  setRecentFolders(recentFolders) {
    set({ recentFolders });
  },

  setConfirmingReset(confirmingReset) {
    set({ confirmingReset });
  },
}));
