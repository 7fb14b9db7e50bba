// Page chrome: theme, which views are showing, and demo mode (playing the stages or the session
// timeline, its pace, and a larger font for projectors).

import * as z from 'zod/mini';
import { create } from 'zustand';
import { loadRecord, saveRecord } from './persist';

export type Theme = 'light' | 'dark';
export type BottomTab = 'diff' | 'stages' | 'events' | 'file' | 'transcript' | 'history';
export type SideTab = 'files' | 'contracts' | 'session';
/** What Play steps through: the stage stepper or the session timeline. */
export type PlayTarget = 'stages' | 'timeline';

/** Play's pace bounds (ms a step); the setting is clamped into them. */
export const PLAY_MS = { min: 250, max: 5000, default: 1500 };

const uiSchema = () =>
  z.object({
    version: z.literal(1),
    theme: z.enum(['light', 'dark']),
    inlineDiff: z.boolean(),
    // Added later: records without them still load.
    largeFont: z.optional(z.boolean()),
    playMs: z.optional(z.int()),
  });

const clampMs = (ms: number): number => Math.max(PLAY_MS.min, Math.min(PLAY_MS.max, Math.round(ms)));

interface UiState {
  theme: Theme;
  inlineDiff: boolean;
  bottomTab: BottomTab;
  sideTab: SideTab;
  paletteOpen: boolean;
  /** Panes in a larger font (projectors). */
  largeFont: boolean;
  /** Play steps once every this many ms. */
  playMs: number;
  /** What Play is stepping (kept while paused, so Space resumes it); null when no demo runs. */
  player: { target: PlayTarget; playing: boolean } | null;
  setTheme(theme: Theme): void;
  toggleInlineDiff(): void;
  setBottomTab(tab: BottomTab): void;
  setSideTab(tab: SideTab): void;
  setPaletteOpen(open: boolean): void;
  setLargeFont(on: boolean): void;
  setPlayMs(ms: number): void;
  play(target: PlayTarget): void;
  pause(): void;
  /** Space: pause a playing demo, resume a paused one. */
  togglePlay(target?: PlayTarget): void;
  stopPlay(): void;
}

const prefersDark = typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
const saved = loadRecord('ui/v1', uiSchema);

export const useUi = create<UiState>()((set, get) => {
  const persist = (): void => {
    const { theme, inlineDiff, largeFont, playMs } = get();
    saveRecord('ui/v1', { version: 1, theme, inlineDiff, largeFont, playMs });
  };
  return {
    theme: saved?.theme ?? (prefersDark ? 'dark' : 'light'),
    inlineDiff: saved?.inlineDiff ?? false,
    bottomTab: 'diff',
    sideTab: 'files',
    paletteOpen: false,
    largeFont: saved?.largeFont ?? false,
    playMs: clampMs(saved?.playMs ?? PLAY_MS.default),
    player: null,
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
    setLargeFont(largeFont) {
      set({ largeFont });
      persist();
    },
    setPlayMs(ms) {
      set({ playMs: clampMs(ms) });
      persist();
    },
    play(target) {
      set({ player: { target, playing: true } });
    },
    pause() {
      set((s) => ({ player: s.player && { ...s.player, playing: false } }));
    },
    togglePlay(target) {
      const p = get().player;
      if (p !== null && (target === undefined || p.target === target)) set({ player: { ...p, playing: !p.playing } });
      else if (target !== undefined) set({ player: { target, playing: true } });
    },
    stopPlay() {
      set({ player: null });
    },
  };
});
