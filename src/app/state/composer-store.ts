// The call being written: profile, text (remembered per profile across reloads), mount and diff
// context, and whether the text can run (checked in the worker, never guessed here).

import { z } from 'zod';
import { create } from 'zustand';
import { PROFILE_IDS, type ProfileId } from '../../engine/types';
import type { CallCheck } from '../../worker/protocol';
import { engine } from '../engine';
import { loadRecord, saveRecord } from './persist';

const SETTINGS_KEY = 'composer/v1';

const settingsSchema = z.object({
  version: z.literal(1),
  profile: z.enum(PROFILE_IDS as [ProfileId, ...ProfileId[]]),
  texts: z.record(z.string(), z.string()),
  mount: z.string(),
  diffContext: z.number().int().min(0).max(20),
});

export const DEFAULT_TEXTS: Record<ProfileId, string> = {
  edit_text_file: JSON.stringify({ path: '/test/config.toml', old_string: 'port = 8080', new_string: 'port = 3000' }, null, 2),
  multi_edit_text_file: JSON.stringify(
    {
      path: '/test/config.toml',
      edits: [
        { old_string: 'port = 8080', new_string: 'port = 3000' },
        { old_string: 'host = "localhost"', new_string: 'host = "0.0.0.0"' },
        { old_string: 'debug = false', new_string: 'debug = true' },
      ],
    },
    null,
    2,
  ),
  MultiEdit: JSON.stringify(
    {
      file_path: '/src/main.go',
      edits: [
        { old_string: 'userCount', new_string: 'activeUserCount', replace_all: true },
        { old_string: 'func calculate() int {', new_string: '// calculate calculates the active user count\nfunc calculate() int {' },
      ],
    },
    null,
    2,
  ),
  multiedit: JSON.stringify(
    { file_path: 'src/config.js', edits: [{ old_string: 'const DEBUG_MODE = true;', new_string: 'const DEBUG_MODE = false;' }] },
    null,
    2,
  ),
  MultiEditBatch: JSON.stringify(
    {
      description: 'Point the app at the new port',
      edits: [
        { file_path: '/test/config.toml', old_string: 'port = 8080', new_string: 'port = 3000' },
        { file_path: '/src/config.js', old_string: 'TIMEOUT_MS = 5000', new_string: 'TIMEOUT_MS = 3000' },
      ],
    },
    null,
    2,
  ),
};

interface ComposerState {
  profile: ProfileId;
  texts: Record<ProfileId, string>;
  mount: string;
  diffContext: number;
  check: CallCheck | null;
  checking: boolean;
  setProfile(profile: ProfileId): void;
  setText(text: string): void;
  setMount(mount: string): void;
  setDiffContext(n: number): void;
  /** Re-check the current text in the worker (debounced by the editor). */
  recheck(): Promise<CallCheck>;
}

const saved = loadRecord(SETTINGS_KEY, settingsSchema);

export const useComposer = create<ComposerState>()((set, get) => {
  const persist = (): void => {
    const { profile, texts, mount, diffContext } = get();
    saveRecord(SETTINGS_KEY, { version: 1, profile, texts, mount, diffContext });
  };
  let seq = 0;
  return {
    profile: saved?.profile ?? 'multi_edit_text_file',
    texts: { ...DEFAULT_TEXTS, ...(saved?.texts as Partial<Record<ProfileId, string>> | undefined) },
    mount: saved?.mount ?? '/',
    diffContext: saved?.diffContext ?? 3,
    check: null,
    checking: false,

    setProfile(profile) {
      set({ profile, check: null });
      persist();
      void get().recheck();
    },
    setText(text) {
      set((s) => ({ texts: { ...s.texts, [s.profile]: text }, check: null }));
      persist();
    },
    setMount(mount) {
      set({ mount });
      persist();
    },
    setDiffContext(n) {
      set({ diffContext: Math.max(0, Math.min(20, Math.trunc(n))) });
      persist();
    },
    async recheck() {
      const mine = ++seq;
      const { profile, texts } = get();
      set({ checking: true });
      const check = await engine.request('call/check', { text: texts[profile], profile });
      // A newer keystroke wins: never show the verdict of stale text.
      if (mine === seq) set({ check, checking: false });
      return check;
    },
  };
});

export function currentText(): string {
  const s = useComposer.getState();
  return s.texts[s.profile];
}
