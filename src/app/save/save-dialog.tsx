// Save: what the commit will do file by file, then the commit itself (SPEC 5). A conflict writes
// nothing and offers a re-run; a failed write says what was restored. A finished save closes the
// dialog and is announced in a status line, since the dialog is gone by then.

import { useEffect, useId, useRef, useState } from 'react';
import { trapTab } from '../focus-trap';
import type { CommitPlanAction, CommitPlanEntry } from '../../engine/commit';
import { actionById, MOD_LABEL, registerAction } from '../actions';
import { staleSentence } from '../state/run-basis';
import { useRun } from '../state/run-store';
import { useWorkspace } from '../state/workspace-store';
import './save.css';

const GROUPS: { action: CommitPlanAction; title: string; hint: string }[] = [
  { action: 'write', title: 'Will write', hint: 'existing files, replaced atomically' },
  { action: 'create', title: 'Will create', hint: 'new files' },
  { action: 'delete', title: 'Will delete', hint: 'removed; restored if a later step fails' },
  { action: 'leave', title: 'Unchanged (left as is)', hint: 'the call ends with the same bytes' },
];

const ANNOUNCE_MS = 6000;

/** The save just done, for the status line and "Download changes". */
let announce: (text: string) => void = () => undefined;

/** Commit, then record what was written. The one path to a commit: button, Enter, action. */
async function confirmSave(): Promise<void> {
  const before = useRun.getState().run;
  await useRun.getState().commit();
  const { save } = useRun.getState();
  if (save.status !== 'saved' || !save.outcome?.ok || !before) return;
  const { written, created, deleted } = save.outcome;
  const done = new Set([...written, ...created, ...deleted]);
  useWorkspace.getState().noteSaved(before.plan.filter((p) => done.has(p.displayPath)).map((p) => p.path));
  const n = done.size;
  announce(`Saved ${n} ${n === 1 ? 'file' : 'files'}: ${[...done].join(', ')}`);
}

const isOpen = (): boolean => ['confirming', 'saving', 'failed', 'stale'].includes(useRun.getState().save.status);
const isTyping = (e: KeyboardEvent): boolean => e.target instanceof HTMLButtonElement || e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement;

// Ctrl+S while a save is being written must not reopen the plan under it.
const saveAction = actionById('save');
registerAction({ ...saveAction, enabled: () => saveAction.enabled() && useRun.getState().save.status !== 'saving' });
registerAction({
  id: 'save-confirm',
  label: 'Confirm save',
  shortcut: 'Enter',
  // A focused button answers Enter itself (Save or Cancel); elsewhere in the dialog Enter saves.
  matches: (e) => e.key === 'Enter' && !e.ctrlKey && !e.metaKey && !e.altKey && !e.shiftKey && !isTyping(e),
  enabled: () => useRun.getState().save.status === 'confirming',
  run: confirmSave,
});
registerAction({
  id: 'save-cancel',
  label: 'Close the save dialog',
  shortcut: 'Escape',
  matches: (e) => e.key === 'Escape',
  enabled: () => isOpen() && useRun.getState().save.status !== 'saving',
  run: () => useRun.getState().closeSave(),
});

export function SaveDialog() {
  const save = useRun((s) => s.save);
  const run = useRun((s) => s.run);
  const [message, setMessage] = useState('');
  const open = save.status === 'confirming' || save.status === 'saving' || save.status === 'failed';

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    announce = (text) => {
      setMessage(text);
      clearTimeout(timer);
      timer = setTimeout(() => setMessage(''), ANNOUNCE_MS);
    };
    return () => {
      clearTimeout(timer);
      announce = () => undefined;
    };
  }, []);

  return (
    <>
      {open && run && <SaveDialogBody plan={run.plan} status={save.status} outcome={save.outcome} message={save.message} />}
      {save.status === 'stale' && <StaleSaveDialog reason={save.message ?? 'the call changed'} />}
      <div role="status" className={`save-announce${message ? ' shown' : ''}`}>
        {message}
      </div>
    </>
  );
}

type SaveState = ReturnType<typeof useRun.getState>['save'];

function SaveDialogBody({ plan, status, outcome, message }: { plan: CommitPlanEntry[]; status: SaveState['status']; outcome: SaveState['outcome']; message: string | null }) {
  const base = useId();
  const primary = useRef<HTMLButtonElement>(null);
  const close = (): void => useRun.getState().closeSave();
  const saving = status === 'saving';

  useEffect(() => {
    const before = document.activeElement;
    return () => {
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, []);
  // The button that fits the moment has the focus: Save to confirm, Run again after a conflict.
  useEffect(() => {
    if (status !== 'saving') primary.current?.focus();
  }, [status]);

  const failure = status === 'failed' ? (outcome && !outcome.ok ? outcome.error : { code: 'SAVE', message: message ?? 'The save failed.' }) : null;
  const conflict = failure?.code === 'CONFLICT' || (failure !== null && outcome === null);
  return (
    <div className="modal-backdrop" onClick={() => !saving && close()}>
      <div role="dialog" aria-modal="true" aria-labelledby={`${base}-title`} className="dialog save-dialog" onClick={(e) => e.stopPropagation()} onKeyDown={trapTab}>
        <h2 id={`${base}-title`}>Save changes</h2>
        {failure ? (
          <div className="notice error save-failure" role="alert">
            <p>
              <strong>{failure.code}</strong>: {failure.message}
            </p>
            {outcome && !outcome.ok && outcome.rolledBack.length > 0 && <p>Restored: {outcome.rolledBack.join(', ')}</p>}
            {outcome && !outcome.ok && outcome.restoreFailures.length > 0 && <p>Could not restore: {outcome.restoreFailures.join(', ')}</p>}
          </div>
        ) : (
          <div className="save-plan">
            {GROUPS.map((g) => {
              const entries = plan.filter((p) => p.action === g.action);
              if (entries.length === 0) return null;
              const id = `${base}-${g.action}`;
              return (
                <section key={g.action} className={`save-group save-${g.action}`}>
                  <h3 id={id}>
                    {g.title} <span className="save-count" aria-hidden="true">{entries.length}</span>
                  </h3>
                  <p className="save-hint">{g.hint}</p>
                  <ul aria-labelledby={id}>
                    {entries.map((p) => (
                      <li key={p.path} className="mono" title={p.path === p.displayPath.replace(/^\//, '') ? p.displayPath : `${p.displayPath} (workspace file ${p.path})`}>
                        {p.displayPath}
                      </li>
                    ))}
                  </ul>
                </section>
              );
            })}
            <p className="save-note">Every target is checked against the bytes the run read; if one changed since, nothing is written.</p>
          </div>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={close} disabled={saving}>
            {failure ? 'Close' : 'Cancel'}
          </button>
          {failure === null && (
            <button ref={primary} type="button" className="button primary" onClick={() => void confirmSave()} disabled={saving}>
              {saving ? 'Saving…' : 'Save'}
            </button>
          )}
          {failure !== null && !conflict && (
            <button ref={primary} type="button" className="button primary" onClick={() => void confirmSave()}>
              Try again
            </button>
          )}
          {conflict && (
            <button ref={primary} type="button" className="button primary" onClick={() => void useRun.getState().runCall()}>
              Run again
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * Save of a run that is out of date (issue 17, item 2): its stage is not the call on screen, so
 * nothing is offered to write; Run first runs the composer's call and then offers its own save.
 */
function StaleSaveDialog({ reason }: { reason: string }) {
  const base = useId();
  const primary = useRef<HTMLButtonElement>(null);
  const close = (): void => useRun.getState().closeSave();
  useEffect(() => {
    const before = document.activeElement;
    primary.current?.focus();
    return () => {
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, []);
  return (
    <div className="modal-backdrop" onClick={close}>
      <div role="dialog" aria-modal="true" aria-labelledby={`${base}-title`} aria-describedby={`${base}-why`} className="dialog save-dialog" onClick={(e) => e.stopPropagation()} onKeyDown={trapTab}>
        <h2 id={`${base}-title`}>Save changes</h2>
        <div id={`${base}-why`} className="notice warn" role="alert">
          <p>{staleSentence(reason, MOD_LABEL)}</p>
          <p>Saving now would write what the earlier call staged, not the call in the composer. Run the call first, then save what it stages.</p>
        </div>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={close}>
            Cancel
          </button>
          <button ref={primary} type="button" className="button primary" onClick={() => void useRun.getState().runFirst()}>
            Run first
          </button>
        </div>
      </div>
    </div>
  );
}
