// The call being written: profile, text (remembered per profile across reloads), mount and diff
// context, and whether the text can run (checked in the worker, never guessed here).

import { z } from 'zod';
import { create } from 'zustand';
import { PROFILE_IDS, type ProfileId } from '../../engine/types';
import type { McpToolDefinition } from '../../engine/tool-definitions';
import type { CallCheck, CallExample } from '../../worker/protocol';
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
  // A tab-indented file: the reference's expandtabs() shows in the diff and the warnings.
  str_replace_based_edit_tool: JSON.stringify({ command: 'str_replace', path: '/src/main.go', old_str: 'var userCount = 0', new_str: 'var userCount = 1' }, null, 2),
  str_replace_editor: JSON.stringify({ command: 'insert', path: '/test/file.txt', insert_line: 1, new_str: 'line 1.5' }, null, 2),
  apply_patch: JSON.stringify(
    {
      input: [
        '*** Begin Patch',
        '*** Update File: test/config.toml',
        '@@ [server]',
        ' host = "localhost"',
        '-port = 8080',
        '+port = 3000',
        '*** Add File: test/notes.md',
        '+# Notes',
        '+The port moved to 3000.',
        '*** End Patch',
      ].join('\n'),
    },
    null,
    2,
  ),
  Edit: JSON.stringify({ file_path: '/src/config.js', old_string: 'const DEBUG_MODE = true;', new_string: 'const DEBUG_MODE = false;' }, null, 2),
  Write: JSON.stringify({ file_path: '/test/notes.md', content: '# Notes\n\nThe server listens on port 8080.\n' }, null, 2),
  replace: JSON.stringify(
    { file_path: '/test/config.toml', instruction: 'Turn on debug mode in the [app] section of the config.', old_string: '[app]\ndebug = false', new_string: '[app]\ndebug = true' },
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
