// Every user command is one registered action: label, shortcut and enabled predicate live here,
// and the keyboard handler, buttons and the command palette all read this table.

import { useComposer } from './state/composer-store';
import { useRun } from './state/run-store';
import { useUi } from './state/ui-store';
import { useWorkspace } from './state/workspace-store';

export interface Action {
  id: string;
  label: string;
  /** Display form, e.g. `Ctrl+Enter`; `Mod` is Cmd on macOS and Ctrl elsewhere. */
  shortcut?: string;
  /** Matches a keydown event. */
  matches?: (e: KeyboardEvent) => boolean;
  enabled: () => boolean;
  run: () => void | Promise<void>;
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
export const MOD_LABEL = isMac ? 'Cmd' : 'Ctrl';
const mod = (e: KeyboardEvent): boolean => (isMac ? e.metaKey : e.ctrlKey);

export const ACTIONS: Action[] = [
  {
    id: 'run',
    label: 'Run call',
    shortcut: `${MOD_LABEL}+Enter`,
    matches: (e) => mod(e) && e.key === 'Enter',
    enabled: () => useRun.getState().status !== 'running' && useWorkspace.getState().status === 'ready',
    run: () => useRun.getState().runCall(),
  },
  {
    id: 'cancel',
    label: 'Cancel run',
    shortcut: 'Escape',
    matches: (e) => e.key === 'Escape' && useRun.getState().status === 'running',
    enabled: () => useRun.getState().status === 'running',
    run: () => useRun.getState().cancel(),
  },
  {
    id: 'save',
    label: 'Save changes…',
    shortcut: `${MOD_LABEL}+S`,
    // Not with Shift: Mod+Shift+S is Share.
    matches: (e) => mod(e) && !e.shiftKey && e.key.toLowerCase() === 's',
    enabled: () => useRun.getState().run?.writes === true && useRun.getState().status === 'done',
    run: () => useRun.getState().askSave(),
  },
  {
    id: 'next-step',
    label: 'Next step',
    shortcut: 'Alt+ArrowRight',
    matches: (e) => e.altKey && e.key === 'ArrowRight',
    enabled: () => {
      const { run, fileIndex, step } = useRun.getState();
      return (run?.files[fileIndex]?.steps.length ?? 0) > step + 1;
    },
    run: () => {
      const s = useRun.getState();
      return s.stepTo(s.step + 1);
    },
  },
  {
    id: 'previous-step',
    label: 'Previous step',
    shortcut: 'Alt+ArrowLeft',
    matches: (e) => e.altKey && e.key === 'ArrowLeft',
    enabled: () => useRun.getState().step > 0,
    run: () => {
      const s = useRun.getState();
      return s.stepTo(s.step - 1);
    },
  },
  {
    id: 'toggle-theme',
    label: 'Toggle dark theme',
    enabled: () => true,
    run: () => {
      const ui = useUi.getState();
      ui.setTheme(ui.theme === 'dark' ? 'light' : 'dark');
    },
  },
  {
    id: 'toggle-inline-diff',
    label: 'Toggle inline diff',
    enabled: () => true,
    run: () => useUi.getState().toggleInlineDiff(),
  },
  {
    id: 'reset-sandbox',
    label: 'Reset sandbox',
    enabled: () => useWorkspace.getState().kind === 'sandbox',
    run: async () => {
      await useWorkspace.getState().open({ kind: 'sandbox' }, { reset: true });
      useRun.getState().reset();
    },
  },
  {
    id: 'open-sandbox',
    label: 'Open the sandbox',
    enabled: () => useWorkspace.getState().kind !== 'sandbox',
    run: async () => {
      await useWorkspace.getState().open({ kind: 'sandbox' });
      useRun.getState().reset();
    },
  },
  {
    id: 'command-palette',
    label: 'Command palette',
    shortcut: `${MOD_LABEL}+Shift+P`,
    matches: (e) => mod(e) && e.shiftKey && e.key.toLowerCase() === 'p',
    enabled: () => true,
    run: () => useUi.getState().setPaletteOpen(true),
  },
];

/** Register more actions (panels add theirs: open folder, run suites, …). */
export function registerAction(action: Action): void {
  const i = ACTIONS.findIndex((a) => a.id === action.id);
  if (i >= 0) ACTIONS[i] = action;
  else ACTIONS.push(action);
}

export function actionById(id: string): Action {
  const a = ACTIONS.find((x) => x.id === id);
  if (!a) throw new Error(`edit-playground: no action ${id}`);
  return a;
}

/** Global keydown: the first enabled action whose shortcut matches runs. */
export function handleShortcut(e: KeyboardEvent): void {
  for (const a of ACTIONS) {
    if (a.matches?.(e) && a.enabled()) {
      e.preventDefault();
      void a.run();
      return;
    }
  }
}
