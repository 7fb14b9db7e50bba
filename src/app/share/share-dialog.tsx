// Share's answers: "Link copied" as a status line; a dialog with the link to copy by hand when the
// clipboard refused it, or a bundle to download when the run is too large for a link; and an
// incoming link's preview (what it holds, before anything is written) with Open and Cancel.

import { useEffect, useId, useRef } from 'react';
import { trapTab } from '../focus-trap';
import { useShare, type Incoming, type Outgoing } from './share-store';
import './share.css';

const COPIED_SHOWN_MS = 6000;

export function ShareDialogs() {
  const outgoing = useShare((s) => s.outgoing);
  const incoming = useShare((s) => s.incoming);
  return (
    <>
      <CopiedStatus outgoing={outgoing} />
      {outgoing !== null && outgoing.status !== 'copied' && outgoing.status !== 'working' && <OutgoingDialog outgoing={outgoing} />}
      {incoming !== null && <IncomingDialog incoming={incoming} />}
    </>
  );
}

function CopiedStatus({ outgoing }: { outgoing: Outgoing | null }) {
  const copied = outgoing?.status === 'copied' ? outgoing : null;
  useEffect(() => {
    if (copied === null) return;
    const t = setTimeout(() => useShare.getState().closeOutgoing(), COPIED_SHOWN_MS);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <div role="status" className={`share-status${copied || outgoing?.status === 'working' ? ' shown' : ''}`}>
      {outgoing?.status === 'working' && 'Making the link…'}
      {copied && `Link copied (${copied.length.toLocaleString('en')} characters)`}
    </div>
  );
}

function OutgoingDialog({ outgoing }: { outgoing: Exclude<Outgoing, { status: 'copied' | 'working' }> }) {
  const base = useId();
  const field = useRef<HTMLInputElement>(null);
  const primary = useRef<HTMLButtonElement>(null);
  const close = useShare.getState().closeOutgoing;
  useEffect(() => {
    if (field.current) field.current.select();
    else primary.current?.focus();
  }, [outgoing]);
  const title = outgoing.status === 'too-large' ? 'Too large for a link' : outgoing.status === 'failed' ? 'Could not share' : 'Copy the link';
  return (
    <div className="modal-backdrop" onClick={close}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${base}-title`}
        className="dialog share-dialog"
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          if (e.key === 'Escape') close();
          trapTab(e);
        }}
      >
        <h2 id={`${base}-title`}>{title}</h2>
        {outgoing.status === 'copy-refused' && (
          <>
            <p>The browser did not let the page copy it. The link is in the address bar too.</p>
            <input ref={field} className="share-link-field mono" readOnly value={outgoing.link} aria-label="Share link" onFocus={(e) => e.currentTarget.select()} />
            <p className="share-note">{outgoing.length.toLocaleString('en')} characters</p>
          </>
        )}
        {outgoing.status === 'too-large' && (
          <p>
            This run needs a {outgoing.length.toLocaleString('en')}-character link; links stay under {outgoing.limit.toLocaleString('en')} so that chat tools and
            browsers take them whole. Download it as a bundle instead: the app opens it by drop or <em>Open bundle…</em>, and{' '}
            <code>edit-playground call --bundle</code> runs it.
          </p>
        )}
        {outgoing.status === 'failed' && (
          <p className="notice error" role="alert">
            {outgoing.message}
          </p>
        )}
        <div className="dialog-actions">
          <button ref={outgoing.status === 'too-large' ? undefined : primary} type="button" className="button" onClick={close}>
            {outgoing.status === 'too-large' ? 'Cancel' : 'Close'}
          </button>
          {outgoing.status === 'too-large' && (
            <button ref={primary} type="button" className="button primary" onClick={useShare.getState().downloadBundle}>
              Download bundle
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

function IncomingDialog({ incoming }: { incoming: Incoming }) {
  const base = useId();
  const primary = useRef<HTMLButtonElement>(null);
  const { cancelIncoming, openIncoming } = useShare.getState();
  const busy = incoming.status === 'checking' || incoming.status === 'opening';
  useEffect(() => {
    primary.current?.focus();
  }, [incoming.status]);
  const preview = 'preview' in incoming ? incoming.preview : null;
  const title = incoming.status === 'refused' ? 'This link cannot be opened' : incoming.status === 'checking' ? 'Reading the link…' : 'Open a shared run';
  return (
    <div className="modal-backdrop">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${base}-title`}
        aria-busy={busy}
        className="dialog share-dialog"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !busy) cancelIncoming();
          trapTab(e);
        }}
      >
        <h2 id={`${base}-title`}>{title}</h2>
        {incoming.status === 'refused' && (
          <p className="notice error" role="alert">
            {incoming.message}
          </p>
        )}
        {preview && <Preview preview={preview} />}
        {incoming.status === 'failed' && (
          <p className="notice error" role="alert">
            {incoming.message}
          </p>
        )}
        <div className="dialog-actions">
          <button ref={incoming.status === 'refused' ? primary : undefined} type="button" className="button" onClick={cancelIncoming} disabled={busy}>
            {incoming.status === 'refused' ? 'Close' : 'Cancel'}
          </button>
          {preview && (
            <button ref={primary} type="button" className="button primary" onClick={() => void openIncoming()} disabled={busy}>
              {incoming.status === 'opening' ? 'Opening…' : 'Open'}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

function Preview({ preview }: { preview: NonNullable<Extract<Incoming, { preview: unknown }>['preview']> }) {
  const { run, files, id } = preview;
  const bytes = files.reduce((n, f) => n + f.size, 0);
  return (
    <div className="share-preview">
      <dl className="share-facts">
        {run.kind === 'call' ? (
          <>
            <dt>Call</dt>
            <dd>
              profile <code>{run.profile}</code>
              {run.release !== undefined && (
                <>
                  , release <code>{run.release}</code>
                </>
              )}
              , mount <code>{run.mount}</code>
            </dd>
          </>
        ) : (
          <>
            <dt>Session</dt>
            <dd>
              a transcript of {run.transcript.length.toLocaleString('en')} characters{run.format ? ` (${run.format})` : ''},{' '}
              {run.seedFromTranscript ? 'replayed on files seeded from it' : `replayed at mount ${run.mount ?? 'inferred'}`}
            </dd>
          </>
        )}
        {run.stage !== undefined && (
          <>
            <dt>Opens at</dt>
            <dd>{run.kind === 'call' ? `step ${run.stage + 1}` : `call ${run.stage}`}</dd>
          </>
        )}
        <dt>Files</dt>
        <dd>
          {files.length === 0 ? 'none' : `${files.length} (${bytes.toLocaleString('en')} bytes)`}
        </dd>
      </dl>
      {files.length > 0 && (
        <ul className="share-files mono" aria-label="Files in the link">
          {files.map((f) => (
            <li key={f.path}>{f.path}</li>
          ))}
        </ul>
      )}
      {run.kind === 'call' && (
        <pre className="share-call" aria-label="Call text">
          {run.text.length > 1200 ? `${run.text.slice(0, 1200)}…` : run.text}
        </pre>
      )}
      <p className="share-note">
        Open writes these files into a folder of its own, <code>links/{id}</code> in the browser&apos;s storage, opens it as the workspace and runs the{' '}
        {run.kind === 'call' ? 'call' : 'session'}. Your files and the sandbox are not touched.
      </p>
    </div>
  );
}
