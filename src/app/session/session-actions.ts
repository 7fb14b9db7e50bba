// The session's commands in the action table (command palette, shortcuts). Alt+↑/↓ step through
// the timeline from anywhere but a text field or the editor, where Alt+↑/↓ moves lines.

import { registerAction } from '../actions';
import { useUi } from '../state/ui-store';
import { pickTranscript } from './session-source';
import { useSession } from './session-store';
import { stepFrom } from './timeline';

function inTextField(e: KeyboardEvent): boolean {
  const t = e.target;
  if (!(t instanceof Element)) return false;
  if (t instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset', 'file'].includes(t.type);
  return t.closest('textarea, select, [contenteditable="true"], .monaco-editor') !== null;
}

const canStep = (delta: 1 | -1): boolean => {
  const { replay, filter, selected } = useSession.getState();
  return replay !== null && stepFrom(replay.rows, filter, selected, delta) !== null;
};

export function registerSessionActions(): void {
  registerAction({
    id: 'session-open',
    label: 'Open transcript…',
    enabled: () => true,
    run: () => pickTranscript(() => useUi.getState().setSideTab('session')),
  });
  registerAction({
    id: 'session-next-call',
    label: 'Next session call',
    shortcut: 'Alt+ArrowDown',
    matches: (e) => e.altKey && !e.ctrlKey && !e.metaKey && e.key === 'ArrowDown' && !inTextField(e),
    enabled: () => canStep(1),
    run: () => useSession.getState().step(1),
  });
  registerAction({
    id: 'session-previous-call',
    label: 'Previous session call',
    shortcut: 'Alt+ArrowUp',
    matches: (e) => e.altKey && !e.ctrlKey && !e.metaKey && e.key === 'ArrowUp' && !inTextField(e),
    enabled: () => canStep(-1),
    run: () => useSession.getState().step(-1),
  });
  registerAction({
    id: 'session-result',
    label: 'Show the session result',
    enabled: () => useSession.getState().replay !== null,
    run: async () => {
      await useSession.getState().showFinal();
    },
  });
  registerAction({
    id: 'session-save',
    label: 'Save session…',
    enabled: () => {
      const r = useSession.getState().replay;
      return r !== null && !r.seeded && r.figures.filesChanged > 0;
    },
    run: () => useSession.getState().saveSession(),
  });
}
