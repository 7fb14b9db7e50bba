// Tab is the call editor's (it indents), so a keyboard user needs to know how to leave it (issue 17,
// item 13): while focus is in the composer's Monaco editor, a note says that Ctrl+M (Monaco's
// toggle; Ctrl+Shift+M on macOS) makes Tab move focus instead. The command palette lists it too.

import { useEffect, useState } from 'react';
import { MOD_LABEL, registerAction } from './actions';

/** Monaco's own binding for "Toggle Tab Key Moves Focus". */
export const TAB_RELEASE_KEYS = MOD_LABEL === 'Cmd' ? 'Ctrl+Shift+M' : 'Ctrl+M';

export const TAB_HINT_TEXT = `Tab indents here. ${TAB_RELEASE_KEYS} releases Tab to move focus out of the editor (${TAB_RELEASE_KEYS} again takes it back).`;

const EDITOR = '.pane-composer .monaco-editor';

/** The note, shown only while focus is inside the composer's Monaco editor. */
export function EditorTabHint() {
  const [inEditor, setInEditor] = useState(false);
  useEffect(() => {
    const update = (): void => setInEditor(document.activeElement?.closest(EDITOR) != null);
    const later = (): void => queueMicrotask(update);
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', later);
    return () => {
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', later);
    };
  }, []);
  if (!inEditor) return null;
  return (
    <p className="editor-tab-hint" role="note" aria-label="Keyboard in the call editor">
      {TAB_HINT_TEXT}
    </p>
  );
}

/** The palette's (keyboard help's) entry: toggles Monaco's Tab focus mode in the call editor. */
export function registerEditorTabAction(): void {
  registerAction({
    id: 'call-editor-tab-release',
    label: 'Call editor: Tab moves focus instead of indenting (toggle)',
    shortcut: TAB_RELEASE_KEYS,
    enabled: () => document.querySelector(EDITOR) !== null,
    run: async () => {
      const { monaco } = await import('./monaco-setup');
      const host = document.querySelector(EDITOR);
      const editor = monaco.editor.getEditors().find((e) => host?.contains(e.getDomNode()) || e.getDomNode() === host);
      if (!editor) return;
      editor.focus();
      editor.trigger('command-palette', 'editor.action.toggleTabFocusMode', null);
    },
  });
}

registerEditorTabAction();
