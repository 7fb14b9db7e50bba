// Where a transcript comes from: files (picker or drop, several at once, or a dropped folder), a
// bundled sample, or pasted text.

import { useState } from 'react';
import { SESSION_SAMPLES } from '../../sessions/samples/manifest';
import { TRANSCRIPT_EXTENSIONS } from '../../sessions/transcript-names';
import { useSession } from './session-store';

/** A file picker that works from anywhere (the command palette runs it with the Session tab closed); several files make a batch. */
export function pickTranscript(onPicked: () => void = () => undefined): void {
  const input = document.createElement('input');
  input.type = 'file';
  input.multiple = true;
  input.accept = `${TRANSCRIPT_EXTENSIONS.join(',')},.md,application/json`;
  input.addEventListener('change', () => {
    const files = [...(input.files ?? [])];
    if (files.length === 0) return;
    onPicked();
    void useSession.getState().openMany(files.map((file) => ({ file, name: file.name })));
  });
  input.click();
}

export function SessionSourceBar() {
  const [pasting, setPasting] = useState(false);
  const [text, setText] = useState('');
  const busy = useSession((s) => s.status === 'opening' || s.status === 'replaying');
  return (
    <div className="session-source">
      <div className="toolbar session-toolbar">
        <button type="button" className="button" onClick={() => pickTranscript()} disabled={busy}>
          Open transcript…
        </button>
        <select
          aria-label="Samples"
          value=""
          disabled={busy}
          title="One sample transcript per format, about the sandbox's files (also in the sandbox's transcripts/ folder)"
          onChange={(e) => {
            if (e.target.value !== '') void useSession.getState().openSource({ kind: 'sample', file: e.target.value });
          }}
        >
          <option value="">Samples…</option>
          {SESSION_SAMPLES.map((s) => (
            <option key={s.file} value={s.file}>
              {s.title}
            </option>
          ))}
        </select>
        <button type="button" className="button" aria-expanded={pasting} onClick={() => setPasting(!pasting)} disabled={busy}>
          Paste…
        </button>
      </div>
      {pasting && (
        <form
          className="session-paste"
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim() === '') return;
            setPasting(false);
            void useSession.getState().openSource({ kind: 'text', text, name: 'Pasted transcript' });
            setText('');
          }}
        >
          <textarea aria-label="Transcript text" className="mono" rows={5} value={text} placeholder="Paste a JSONL session or a JSON conversation" onChange={(e) => setText(e.target.value)} />
          <button type="submit" className="button primary" disabled={text.trim() === ''}>
            Read pasted text
          </button>
        </form>
      )}
    </div>
  );
}
