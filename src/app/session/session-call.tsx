// The Transcript view (a bottom tab): the selected call beside what the transcript recorded for
// it, the verdict (why it differs, or why it cannot be judged and what shows it), a line diff when
// the texts differ, the files the replay re-synced to the transcript, the replay's notes, a what-if
// under another profile, and the call's input (which "Open in composer" puts in the composer).
// With several transcripts open and no call selected, it shows their table (session-batch.tsx).

import type { ProfileId } from '../../engine/types';
import { profileIds } from '../profile-catalogue';
import type { Resync } from '../../sessions/replay';
import type { ComparedTextView, SessionCallView, VerdictView } from '../../worker/session-views';
import { TextDiff } from '../contracts/text-diff';
import { BatchTable } from './session-batch';
import { useSession } from './session-store';
import { CANNOT_JUDGE_WORDS, statusText, toolLabel } from './timeline';

const outcomeWord = (isError: boolean): string => (isError ? 'failed' : 'succeeded');

export function verdictWords(v: VerdictView | null): { text: string; tone: string } {
  if (v === null) return { text: 'not run', tone: 'soft' };
  if (v.verdict === 'agrees') return { text: v.compared === 'outcome' ? 'Agrees (success or failure compared)' : 'Agrees with the transcript', tone: 'ok' };
  if (v.verdict === 'not recorded') return { text: 'Not recorded: the transcript holds no result', tone: 'soft' };
  if (v.verdict === 'cannot judge') return { text: `Cannot judge: ${v.cannotJudge === null ? 'unknown why' : CANNOT_JUDGE_WORDS[v.cannotJudge.reason]}`, tone: 'warn' };
  if (v.reason === 'outcome') return { text: `Differs in outcome: ours ${outcomeWord(v.ours.isError)}, the transcript's ${outcomeWord(v.recorded?.isError ?? false)}`, tone: 'bad' };
  return { text: `Differs in text only: both ${outcomeWord(v.ours.isError)}, with other texts`, tone: 'bad' };
}

/** The evidence as a sentence: a capital first, a full stop last (none after a quotation, which ends it). */
const sentence = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?"”]$/.test(text) ? '' : '.'}`;

const RESYNC_FROM: Readonly<Record<Resync['from'], string>> = {
  originalFile: "the transcript's originalFile",
  read: 'a read that shows it whole',
  answer: "the call's own answer, which shows it as saved",
  quote: "the call's own answer, which quotes it as the tool found it",
};

/** "Re-synced /x from the transcript's originalFile: differed from line 12" */
export function resyncSentence(r: Resync): string {
  const from = RESYNC_FROM[r.from];
  return `Re-synced ${r.path} from ${from}: ${r.was === 'missing' ? "the replay's workspace did not have it" : `differed from line ${r.line}`}`;
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
            {profileIds().map((p) => (
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
  const batch = useSession((s) => s.batch);
  const recordedExtra = call.recorded ? `(from ${call.recorded.errorSource === 'unknown' ? 'no error flag' : call.recorded.errorSource})` : undefined;
  const showDiff = v !== null && v.recorded !== null && v.verdict === 'differs' && v.ours.text !== v.recorded.text;
  // The re-syncs have their own list; the evidence its own line.
  const notes = call.resynced.length > 0 ? call.notes.filter((n) => !n.startsWith('Re-synced')) : call.notes;
  return (
    <div className="session-call">
      <header className="session-call-head">
        <h2>
          Call #{call.row.index} · {toolLabel(call.row)}
          {call.paths[0] !== undefined && <span className="mono"> {call.paths[0]}</span>}
        </h2>
        <span className={`session-badge session-${words.tone}`} aria-label="Verdict">
          {words.text}
        </span>
        <span className="session-soft">
          {statusText(call.row)}
          {call.row.agent !== null && ` · subagent ${call.row.agent}`} · transcript {call.location.line !== null ? `line ${call.location.line}, ` : ''}
          <span className="mono">{call.location.path}</span>
        </span>
        {batch !== null && (
          <button type="button" className="button session-back" onClick={() => useSession.getState().showBatch()}>
            All {batch.items.length} transcripts
          </button>
        )}
      </header>
      {v?.cannotJudge && (
        <p className="session-evidence" aria-label="Why it cannot be judged">
          {sentence(v.cannotJudge.evidence)}
        </p>
      )}
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
      {call.resynced.length > 0 && (
        <section className="session-resynced" aria-label="Re-synced">
          <ul>
            {call.resynced.map((r, i) => (
              <li key={i}>{resyncSentence(r)}</li>
            ))}
          </ul>
          <p className="session-hint">Something outside the calls changed the file: this call and the ones after are judged on the transcript's text.</p>
        </section>
      )}
      {notes.length > 0 && (
        <ul className="session-notes" aria-label="Notes">
          {notes.map((n, i) => (
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
  const batch = useSession((s) => s.batch !== null);
  if (batch && (showing === 'batch' || (call === null && showing !== 'final'))) return <BatchTable />;
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
