// The call as plain text: what the composer shows until Monaco has loaded (about half a second of
// a first load goes to evaluating Monaco), so a call can be pasted and run at once. It edits the
// same text in the store; Monaco takes over with that text when it is in.

import { useComposer } from '../state/composer-store';

export function PlainCallEditor() {
  const text = useComposer((s) => s.texts[s.profile]);
  return (
    <textarea
      className="call-editor-plain mono"
      aria-label="Call (JSON)"
      spellCheck={false}
      value={text}
      onChange={(e) => useComposer.getState().setText(e.target.value)}
    />
  );
}
