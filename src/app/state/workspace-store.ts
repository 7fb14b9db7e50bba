// The open workspace: which one, its listing (loaded lazily, folder by folder), the selected file.

import { create } from 'zustand';
import type { DirectoryEntry } from '../../workspace/handle-fs';
import type { FileContent, WorkspaceSource } from '../../worker/protocol';
import { engine } from '../engine';

export type WorkspaceKind = WorkspaceSource['kind'];

interface WorkspaceState {
  kind: WorkspaceKind | null;
  name: string;
  fileCount: number;
  status: 'idle' | 'opening' | 'ready' | 'error';
  error: string | null;
  /** Listing per folder path ('' is the root); absent = not loaded yet. */
  listings: Record<string, DirectoryEntry[]>;
  expanded: Record<string, boolean>;
  selectedPath: string | null;
  selected: FileContent | null;
  /** Bumped after every change on disk (save, reset) so views re-read. */
  revision: number;
  open(source: WorkspaceSource, options?: { reset?: boolean }): Promise<void>;
  loadFolder(path: string): Promise<void>;
  toggleFolder(path: string): void;
  select(path: string | null): Promise<void>;
  refresh(): Promise<void>;
}

export const useWorkspace = create<WorkspaceState>()((set, get) => ({
  kind: null,
  name: '',
  fileCount: 0,
  status: 'idle',
  error: null,
  listings: {},
  expanded: {},
  selectedPath: null,
  selected: null,
  revision: 0,

  async open(source, options = {}) {
    set({ status: 'opening', error: null });
    try {
      const { name, files } = await engine.request('workspace/open', { source, ...(options.reset && { reset: true }) });
      set((s) => ({ kind: source.kind, name, fileCount: files, status: 'ready', listings: {}, expanded: {}, selectedPath: null, selected: null, revision: s.revision + 1 }));
      await get().loadFolder('');
    } catch (error) {
      set({ status: 'error', error: error instanceof Error ? error.message : String(error) });
    }
  },

  async loadFolder(path) {
    const entries = await engine.request('workspace/list', { path });
    set((s) => ({ listings: { ...s.listings, [path]: entries } }));
  },

  toggleFolder(path) {
    const open = !get().expanded[path];
    set((s) => ({ expanded: { ...s.expanded, [path]: open } }));
    if (open && !get().listings[path]) void get().loadFolder(path);
  },

  async select(path) {
    set({ selectedPath: path, selected: null });
    if (path === null) return;
    const content = await engine.request('workspace/read', { path });
    if (get().selectedPath === path) set({ selected: content });
  },

  async refresh() {
    const { expanded, selectedPath } = get();
    set((s) => ({ revision: s.revision + 1, listings: {} }));
    await Promise.all(['', ...Object.keys(expanded).filter((p) => expanded[p])].map((p) => get().loadFolder(p).catch(() => undefined)));
    if (selectedPath) await get().select(selectedPath);
  },
}));
