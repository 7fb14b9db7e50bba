// Page chrome: theme and which views are showing.

import { z } from 'zod';
import { create } from 'zustand';
import { loadRecord, saveRecord } from './persist';

export type Theme = 'light' | 'dark';
export type BottomTab = 'diff' | 'stages' | 'events' | 'file' | 'transcript';
export type SideTab = 'files' | 'contracts' | 'session';

const uiSchema = z.object({ version: z.literal(1), theme: z.enum(['light', 'dark']), inlineDiff: z.boolean() });

interface UiState {
  theme: Theme;
  inlineDiff: boolean;
  bottomTab: BottomTab;
  sideTab: SideTab;
  paletteOpen: boolean;
  setTheme(theme: Theme): void;
  toggleInlineDiff(): void;
  setBottomTab(tab: BottomTab): void;
  setSideTab(tab: SideTab): void;
  setPaletteOpen(open: boolean): void;
}

const prefersDark = typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
const saved = loadRecord('ui/v1', uiSchema);

export const useUi = create<UiState>()((set, get) => {
  const persist = (): void => saveRecord('ui/v1', { version: 1, theme: get().theme, inlineDiff: get().inlineDiff });
  return {
    theme: saved?.theme ?? (prefersDark ? 'dark' : 'light'),
    inlineDiff: saved?.inlineDiff ?? false,
    bottomTab: 'diff',
    sideTab: 'files',
    paletteOpen: false,
    setTheme(theme) {
      set({ theme });
      persist();
    },
    toggleInlineDiff() {
      set((s) => ({ inlineDiff: !s.inlineDiff }));
      persist();
    },
    setBottomTab(bottomTab) {
      set({ bottomTab });
    },
    setSideTab(sideTab) {
      set({ sideTab });
    },
    setPaletteOpen(paletteOpen) {
      set({ paletteOpen });
    },
  };
});
