// "Save as case": the last run becomes a case in one of the user's suites ("My cases" unless
// another is chosen), with a title the user can edit first.

import { useEffect, useId, useState } from 'react';
import { StaleBanner } from '../result/stale-banner';
import { useRun } from '../state/run-store';
import { defaultCaseTitle, MY_CASES } from './case-from-run';
import { useContracts } from './contracts-store';

const NEW_SUITE = '';

export function SaveCaseForm() {
  const run = useRun((s) => s.run);
  const runStatus = useRun((s) => s.status);
  const open = useContracts((s) => s.saveFormOpen);
  const suites = useContracts((s) => s.suites);
  const [title, setTitle] = useState('');
  const [target, setTarget] = useState(NEW_SUITE);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const titleId = useId();
  const targetId = useId();
  const store = useContracts.getState();
  const userSuites = suites.filter((s) => s.origin !== 'builtin');
  const myCases = userSuites.find((s) => s.origin === 'saved' && s.name === MY_CASES);
  const canSave = run !== null && runStatus === 'done';

  // A fresh form for every run: its title describes that run.
  useEffect(() => {
    if (!open || !run) return;
    setTitle(defaultCaseTitle(run));
    setTarget(myCases?.key ?? NEW_SUITE);
    setError(null);
    // Only when the form opens or the run changes; not on every suite edit.
  }, [open, run?.runId]);

  if (!open) {
    return (
      <div className="contracts-save">
        {canSave && <StaleBanner />}
        <button
          type="button"
          className="button"
          disabled={!canSave}
          title={canSave ? 'Turn the last run into a contract case' : 'Run a call first: a case is made from the last run'}
          onClick={() => store.setSaveFormOpen(true)}
        >
          Save as case…
        </button>
      </div>
    );
  }

  return (
    <form
      className="contracts-save contracts-save-form"
      aria-label="Save as case"
      onSubmit={async (e) => {
        e.preventDefault();
        setSaving(true);
        const saved = await store.saveRunAsCase({ title, target: target === NEW_SUITE ? null : target });
        setSaving(false);
        if (saved.ok) store.setSaveFormOpen(false);
        else setError(saved.message);
      }}
    >
      {!canSave && <p className="notice warn">Run a call first: a case is made from the last run.</p>}
      {canSave && <StaleBanner />}
      <label htmlFor={titleId}>Case title</label>
      <input id={titleId} value={title} onChange={(e) => setTitle(e.target.value)} />
      <label htmlFor={targetId}>Save to suite</label>
      <select id={targetId} value={target} onChange={(e) => setTarget(e.target.value)}>
        {!myCases && <option value={NEW_SUITE}>{MY_CASES} (new)</option>}
        {userSuites.map((s) => (
          <option key={s.key} value={s.key}>
            {s.name}
          </option>
        ))}
      </select>
      <p className="contracts-hint">
        The case holds the call, the files the call touched (before as given, after as expected; other workspace files are not
        included) and its outcome: the result without diffs, or the error.
      </p>
      {error && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
      <div className="contracts-save-buttons">
        <button type="submit" className="button primary" disabled={!canSave || saving}>
          {saving ? 'Saving…' : 'Save case'}
        </button>
        <button type="button" className="button" onClick={() => store.setSaveFormOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
