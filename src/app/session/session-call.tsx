// The Transcript view (a bottom tab): the selected call beside what the transcript recorded for
// it, the verdict, a line diff when the texts differ, the replay's notes, a what-if under another
// profile, and the call's input (which "Open in composer" puts in the composer).

import { PROFILE_IDS, type ProfileId } from '../../engine/types';
import type { ComparedTextView, SessionCallView, VerdictView } from '../../worker/session-views';
import { TextDiff } from '../contracts/text-diff';
import { useSession } from './session-store';
import { statusText } from './timeline';

function verdictWords(v: VerdictView | null): { text: string; tone: string } {
  if (v === null) return { text: 'not run', tone: 'soft' };
  if (v.verdict === 'agrees') return { text: v.compared === 'outcome' ? 'Agrees (success or failure compared)' : 'Agrees with the transcript', tone: 'ok' };
  if (v.verdict === 'not recorded') return { text: 'Not recorded: the transcript holds no result', tone: 'soft' };
  return { text: v.reason === 'outcome' ? 'Differs: one succeeded, the other failed' : 'Differs: the texts are not the same', tone: 'bad' };
}

function Side({ label, side, extra }: { label: string; side: ComparedTextView | null; extra?: string }) {
  return (
    <section className="session-side" aria-label={label}>
      <h3>
        {label}{' '}
        {side && <span className={`session-badge session-${side.isError ? 'bad' : 'ok'}`}>{side.isError ? 'error' : 'success'}</span>}
        {extra && <span className="session-soft"> {extra}</span>}
      </h3>
      <pre className="session-text">{side === null ? '(nothing recorded)' : side.text === '' ? '(empty)' : side.text}</pre>
    </section>
  );
}

function WhatIf({ call }: { call: SessionCallView }) {
  const whatIf = useSession((s) => s.whatIf);
  const store = useSession.getState();
  const result = whatIf.index === call.row.index ? whatIf.result : null;
  return (
    <section className="session-whatif" aria-label="What if">
      <form
        className="session-whatif-form"
        onSubmit={(e) => {
          e.preventDefault();
          void store.runWhatIf();
        }}
      >
        <label>
          What if the call had gone to
          <select value={whatIf.profile} onChange={(e) => store.setWhatIfProfile(e.target.value as ProfileId)}>
            {PROFILE_IDS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button" disabled={whatIf.running}>
          {whatIf.running ? 'Running…' : 'What if…'}
        </button>
        <button type="button" className="button" onClick={() => void store.openInComposer()}>
          Open in composer
        </button>
      </form>
      {result && !result.ok && (
        <p className="notice warn" role="status">
          {result.message}
        </p>
      )}
      {result?.ok && (
        <p className={`notice ${result.verdict.verdict === 'agrees' ? 'ok' : 'warn'}`} role="status">
          Under {result.profile}: {result.verdict.ours.isError ? 'error' : 'success'}.{' '}
          {result.verdict.verdict === 'agrees' ? 'It would have matched the transcript.' : result.verdict.verdict === 'differs' ? 'It would not have matched the transcript.' : 'The transcript recorded nothing to compare with.'} The result panes show this run.
        </p>
      )}
    </section>
  );
}

function CallView({ call }: { call: SessionCallView }) {
  const v = call.verdict;
  const words = verdictWords(v);
  const recordedExtra = call.recorded ? `(from ${call.recorded.errorSource === 'unknown' ? 'no error flag' : call.recorded.errorSource})` : undefined;
  const showDiff = v !== null && v.recorded !== null && v.verdict === 'differs' && v.ours.text !== v.recorded.text;
  return (
    <div className="session-call">
      <header className="session-call-head">
        <h2>
          Call #{call.row.index} · {call.row.toolName}
          {call.paths[0] !== undefined && <span className="mono"> {call.paths[0]}</span>}
        </h2>
        <span className={`session-badge session-${words.tone}`} aria-label="Verdict">
          {words.text}
        </span>
        <span className="session-soft">
          {statusText(call.row)} · transcript {call.location.line !== null ? `line ${call.location.line}, ` : ''}
          <span className="mono">{call.location.path}</span>
        </span>
      </header>
      <div className="session-sides">
        <Side label="Our replay" side={v?.ours ?? null} />
        <Side label="Recorded in the transcript" side={call.recorded} extra={recordedExtra} />
      </div>
      {showDiff && (
        <div className="session-diff">
          <p className="session-hint">Line diff: − recorded in the transcript (expected), + our replay (actual).</p>
          <TextDiff expected={v.recorded!.text} actual={v.ours.text} />
        </div>
      )}
      {call.notes.length > 0 && (
        <ul className="session-notes" aria-label="Notes">
          {call.notes.map((n, i) => (
            <li key={i}>{n}</li>
          ))}
        </ul>
      )}
      <WhatIf call={call} />
      <details className="session-input">
        <summary>Input</summary>
        <pre>{call.rawArguments ?? call.input}</pre>
      </details>
    </div>
  );
}

export function SessionCallPanel() {
  const replay = useSession((s) => s.replay);
  const call = useSession((s) => s.call);
  const showing = useSession((s) => s.showing);
  if (!replay) return <p className="empty">Open a transcript in the Session tab to compare each of its calls with the result it recorded.</p>;
  if (showing === 'final' || call === null) {
    return (
      <p className="empty">
        {showing === 'final'
          ? "The panes show the session's final state: every file it touched, from before the first call to after the last."
          : 'Select an edit call in the Session timeline (↑/↓ or j/k there, Alt+↑/↓ anywhere) to see it beside what the transcript recorded.'}
      </p>
    );
  }
  return <CallView call={call} />;
}
