// The call being written: profile, text (remembered per profile across reloads), mount and diff
// context, and whether the text can run (checked in the worker, never guessed here).

import { z } from 'zod';
import { create } from 'zustand';
import { PROFILE_IDS, type ProfileId } from '../../engine/types';
import type { McpToolDefinition } from '../../engine/tool-definitions';
import type { CallCheck, CallExample } from '../../worker/protocol';
import { DEFAULT_TEXTS } from '../../share/defaults';
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

// Pure, in src/share: share links omit what equals them, and the CLI reads them too.
export { DEFAULT_TEXTS };

interface ComposerState {
  profile: ProfileId;
  texts: Record<ProfileId, string>;
  mount: string;
  diffContext: number;
  check: CallCheck | null;
  /** The text and profile `check` is the verdict on (markers are placed only while it is current). */
  checked: { text: string; profile: ProfileId } | null;
  checking: boolean;
  /** Tool definitions (MCP form: name, description, input JSON Schema), one per profile. */
  tools: McpToolDefinition[] | null;
  /** Calls of the built-in suites' cases, offered as examples. */
  examples: CallExample[] | null;
  setProfile(profile: ProfileId): void;
  setText(text: string): void;
  setMount(mount: string): void;
  setDiffContext(n: number): void;
  /** Put a whole call in (an opened share link, a History entry): profile, its text, mount, context. */
  load(call: { profile: ProfileId; text: string; mount: string; diffContext: number }): void;
  /** Re-check the current text in the worker (debounced by the editor). */
  recheck(): Promise<CallCheck>;
  /** Fetch tool definitions and examples once (again after a failure, e.g. a restarted worker). */
  loadTools(): Promise<void>;
  loadExamples(): Promise<void>;
}

const saved = loadRecord(SETTINGS_KEY, settingsSchema);

export const useComposer = create<ComposerState>()((set, get) => {
  const persist = (): void => {
    const { profile, texts, mount, diffContext } = get();
    saveRecord(SETTINGS_KEY, { version: 1, profile, texts, mount, diffContext });
  };
  let seq = 0;
  // In-flight loads, so panels mounting at once (and StrictMode's double effects) ask once.
  let toolsLoading: Promise<void> | null = null;
  let examplesLoading: Promise<void> | null = null;
  return {
    profile: saved?.profile ?? 'multi_edit_text_file',
    texts: { ...DEFAULT_TEXTS, ...(saved?.texts as Partial<Record<ProfileId, string>> | undefined) },
    mount: saved?.mount ?? '/',
    diffContext: saved?.diffContext ?? 3,
    check: null,
    checked: null,
    checking: false,
    tools: null,
    examples: null,

    setProfile(profile) {
      set({ profile, check: null, checked: null });
      persist();
      void get().recheck();
    },
    setText(text) {
      // The last verdict stays until the debounced re-check answers: clearing it would flash the
      // status line and the Run button on every keystroke. Run re-checks anyway.
      set((s) => ({ texts: { ...s.texts, [s.profile]: text } }));
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
    load({ profile, text, mount, diffContext }) {
      set((s) => ({ profile, texts: { ...s.texts, [profile]: text }, mount, diffContext: Math.max(0, Math.min(20, Math.trunc(diffContext))), check: null, checked: null }));
      persist();
      void get().recheck();
    },
    async recheck() {
      const mine = ++seq;
      const { profile, texts } = get();
      set({ checking: true });
      const text = texts[profile];
      let check: CallCheck;
      try {
        check = await engine.request('call/check', { text, profile });
      } catch (error) {
        // The worker was replaced (cancel, timeout) while checking: a verdict, not a crash.
        check = { ok: false, stage: 'envelope', message: `Could not check the call: ${error instanceof Error ? error.message : String(error)}` };
      }
      // A newer keystroke wins: never show the verdict of stale text.
      if (mine === seq) set({ check, checked: { text, profile }, checking: false });
      return check;
    },
    loadTools() {
      if (get().tools) return Promise.resolve();
      toolsLoading ??= engine
        .request('tools', { format: 'mcp' })
        .then((tools) => set({ tools: tools as McpToolDefinition[] }))
        // Descriptions and completion are extras; the next mount asks again.
        .catch(() => undefined)
        .finally(() => (toolsLoading = null));
      return toolsLoading;
    },
    loadExamples() {
      if (get().examples) return Promise.resolve();
      examplesLoading ??= engine
        .request('suites/examples', {})
        .then((examples) => set({ examples }))
        // As above: the menu asks again when it is focused.
        .catch(() => undefined)
        .finally(() => (examplesLoading = null));
      return examplesLoading;
    },
  };
});

export function currentText(): string {
  const s = useComposer.getState();
  return s.texts[s.profile];
}
