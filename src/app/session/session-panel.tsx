// The Session side panel: open a transcript (or several: the Transcript view then shows their
// table), see how it was read (format, mount, seeding), the replay's figures, and the timeline of
// calls; selecting a call shows it in the main panes, and Save session writes the session's final
// state (all files or none).

import { useState, type DragEvent } from 'react';
import { SESSION_FORMAT_LABELS, SESSION_FORMATS, type SessionFormat } from '../../sessions/types';
import { CANNOT_JUDGE_REASONS, ERROR_KINDS } from '../../sessions/verdict-kinds';
import { registerSessionActions } from './session-actions';
import { BatchSection } from './session-batch';
import { droppedTranscripts } from './dropped';
import { SessionSourceBar } from './session-source';
import { useSession } from './session-store';
import { SessionTimeline } from './session-timeline';
import { CANNOT_JUDGE_WORDS, ERROR_KIND_COUNT_WORDS, type TimelineFilter } from './timeline';
import './session.css';
import { errorMessage } from '../../engine/helpers';

registerSessionActions();

function Progress() {
  const status = useSession((s) => s.status);
  const progress = useSession((s) => s.progress);
  if (status !== 'opening' && status !== 'replaying') return null;
  return (
    <div className="session-progress" role="status">
      <span>{progress?.label ?? (status === 'opening' ? 'Reading the transcript…' : 'Replaying…')}</span>
      <progress aria-label="Session progress" max={progress?.total ?? 1} value={progress?.done ?? 0} />
    </div>
  );
}

function ReadAs() {
  const opened = useSession((s) => s.opened);
  const format = useSession((s) => s.format);
  if (!opened) return null;
  return (
    <section className="session-section" aria-label="Transcript">
      <p className="session-name mono" title={opened.name}>
        {opened.name}
      </p>
      <label className="session-field">
        Format
        <select value={format ?? ''} onChange={(e) => void useSession.getState().setFormat(e.target.value === '' ? null : (e.target.value as SessionFormat))}>
          <option value="">Detect{format === null && opened.format !== null ? ` (${SESSION_FORMAT_LABELS[opened.format]})` : ''}</option>
          {SESSION_FORMATS.map((f) => (
            <option key={f} value={f}>
              {SESSION_FORMAT_LABELS[f]}
            </option>
          ))}
        </select>
      </label>
      <p className={`session-hint${opened.format === null ? ' session-bad' : ''}`} aria-label="Detection">
        {opened.detection}
      </p>
      <Releases />
      {opened.problemCount > 0 && (
        <details className="session-problems">
          <summary>
            {opened.problemCount} {opened.problemCount === 1 ? 'problem' : 'problems'} reading it
          </summary>
          <ul>
            {opened.problems.map((p, i) => (
              <li key={i} className={`session-${p.severity === 'error' ? 'bad' : 'soft'}`}>
                {p.location.line !== null ? `line ${p.location.line}: ` : ''}
                {p.message}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

function Options() {
  const opened = useSession((s) => s.opened);
  const mount = useSession((s) => s.mount);
  const seed = useSession((s) => s.seed);
  const replay = useSession((s) => s.replay);
  if (!opened || opened.format === null) return null;
  const store = useSession.getState();
  return (
    <section className="session-section" aria-label="Replay options">
      <form
        className="session-mount"
        onSubmit={(e) => {
          e.preventDefault();
          void store.replayNow();
        }}
      >
        <label className="session-field">
          Mount
          <input className="mono" value={mount} spellCheck={false} onChange={(e) => store.setMount(e.target.value)} title="The absolute folder the workspace root stands for" />
        </label>
        <button type="submit" className="button">
          Replay
        </button>
      </form>
      <p className="session-hint">Suggested: {opened.mount.reason}</p>
      <label className="session-switch">
        <input type="checkbox" role="switch" checked={seed} aria-checked={seed} onChange={(e) => void store.setSeed(e.target.checked)} />
        Seed from transcript
      </label>
      {replay?.seed && (
        <div className="session-seed" aria-label="Seeded files">
          <p className="session-hint">
            Files as the transcript showed them: {replay.seed.whole} whole, {replay.seed.partial.length} in part, {replay.seed.created} created by the session.
          </p>
          {replay.seed.unseen.length > 0 && (
            <p className="session-hint session-warn">
              Unseen (edited, never shown): {replay.seed.unseen.map((u) => `${u.displayPath} (call #${u.firstCall})`).join(', ')}
            </p>
          )}
          {replay.seed.partial.length > 0 && (
            <p className="session-hint session-warn">
              Partial: {replay.seed.partial.map((p) => `${p.displayPath} (lines ${p.shownLines.map((r) => `${r.start}–${r.end}`).join(', ')})`).join('; ')}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

/** One figure; `parts` (a breakdown) reads on a line of its own under the number. */
function Figure({ label, value, parts, tone, wide }: { label: string; value: number; parts?: string[]; tone?: string; wide?: boolean }) {
  return (
    <div className={wide ? 'session-figure-wide' : undefined}>
      <dt>{label}</dt>
      <dd className={tone}>
        {value.toLocaleString('en')}
        {parts !== undefined && parts.length > 0 && <span className="session-figure-parts"> ({parts.join(', ')})</span>}
      </dd>
    </div>
  );
}

function Figures() {
  const replay = useSession((s) => s.replay);
  if (!replay) return null;
  const f = replay.figures;
  const kinds = ERROR_KINDS.filter((k) => f.failedByKind[k] > 0).map((k) => `${f.failedByKind[k]} ${ERROR_KIND_COUNT_WORDS[k]}`);
  const reasons = CANNOT_JUDGE_REASONS.filter((k) => f.cannotJudgeByReason[k] > 0).map((k) => `${f.cannotJudgeByReason[k]} ${CANNOT_JUDGE_WORDS[k]}`);
  const differs = f.differs === 0 ? [] : [`${f.differsByKind.outcome} in outcome`, `${f.differsByKind.text} in text only`];
  return (
    <dl className="session-figures" aria-label="Figures">
      <Figure label="Edit calls" value={f.editCalls} />
      <Figure label="Agree" value={f.agrees} tone={f.agrees > 0 ? 'session-ok' : undefined} />
      <Figure label="Files touched" value={f.filesTouched} />
      <Figure label="Failed" value={f.failed} parts={kinds} wide />
      <Figure label="Differ" value={f.differs} parts={differs} tone={f.differs > 0 ? 'session-bad' : undefined} wide />
      <Figure label="Cannot judge" value={f.cannotJudge} parts={reasons} tone={f.cannotJudge > 0 ? 'session-warn' : undefined} wide />
    </dl>
  );
}

/** The releases that recorded the calls: said once here when there is one, on each row when several. */
function Releases() {
  const replay = useSession((s) => s.replay);
  if (!replay) return null;
  const versions = [...new Set(replay.rows.map((r) => r.version).filter((v): v is string => v !== null))];
  if (versions.length === 0) return null;
  return (
    <p className="session-hint" aria-label="Releases">
      {versions.length === 1 ? `Recorded by release ${versions[0]}.` : `Recorded by releases ${versions.join(', ')} (each call says which).`}
    </p>
  );
}

const FILTERS: { id: TimelineFilter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'failed', label: 'Failed' },
  { id: 'differs', label: 'Differs' },
  { id: 'cannot judge', label: 'Cannot judge' },
];

function Filters() {
  const replay = useSession((s) => s.replay);
  const filter = useSession((s) => s.filter);
  if (!replay) return null;
  const count: Record<TimelineFilter, number> = { all: replay.figures.calls, failed: replay.figures.failed, differs: replay.figures.differs, 'cannot judge': replay.figures.cannotJudge };
  return (
    <div role="radiogroup" aria-label="Show calls" className="session-filters">
      {FILTERS.map((f) => (
        <label key={f.id} className={`session-filter${filter === f.id ? ' session-filter-on' : ''}`}>
          <input type="radio" name="session-filter" checked={filter === f.id} onChange={() => useSession.getState().setFilter(f.id)} />
          {f.label} ({count[f.id]})
        </label>
      ))}
    </div>
  );
}

function SaveBar() {
  const replay = useSession((s) => s.replay);
  const showing = useSession((s) => s.showing);
  if (!replay) return null;
  const why = replay.seeded ? 'The replay ran on files seeded from the transcript: nothing to save to.' : replay.figures.filesChanged === 0 ? 'The session changes no file.' : null;
  return (
    <div className="session-save">
      <button type="button" className="button" aria-pressed={showing === 'final'} onClick={() => void useSession.getState().showFinal()}>
        Session result
      </button>
      <button type="button" className="button primary" disabled={why !== null} title={why ?? 'Write every file the session changed, all or none'} onClick={() => void useSession.getState().saveSession()}>
        Save session…
      </button>
    </div>
  );
}

function EmptyState() {
  return (
    <div className="empty session-empty">
      <p>Replay an agent's transcript: every edit call runs again here, in order, and is checked against the result it recorded.</p>
      <p>Open a transcript file, pick a sample, paste one, or drop a file here. Claude Code and Codex sessions (JSONL), Anthropic and OpenAI conversations (JSON) and MCP logs are read.</p>
      <p>Open or drop several files, or a folder, to compare them: the Transcript view adds them up per transcript and per tool.</p>
    </div>
  );
}

export function SessionPanel() {
  const status = useSession((s) => s.status);
  const error = useSession((s) => s.error);
  const opened = useSession((s) => s.opened);
  const [dropping, setDropping] = useState(false);
  const batch = useSession((s) => s.batch !== null);
  const onDrop = (e: DragEvent<HTMLDivElement>): void => {
    e.preventDefault();
    setDropping(false);
    // Read the drop now: its items are gone once the event has been handled.
    void droppedTranscripts(e.dataTransfer).then(
      (files) => (files.length === 0 ? useSession.setState({ error: 'The drop holds no transcript: no .jsonl, .json, .log or .txt file.' }) : useSession.getState().openMany(files)),
      (error: unknown) => useSession.setState({ error: `Could not read the dropped folder: ${errorMessage(error)}` }),
    );
  };
  return (
    <div
      className={`session${dropping ? ' session-dropping' : ''}`}
      onDragOver={(e) => {
        if (![...e.dataTransfer.types].includes('Files')) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        setDropping(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDropping(false);
      }}
      onDrop={onDrop}
    >
      <SessionSourceBar />
      <Progress />
      {error !== null && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
      {status === 'empty' && !batch && <EmptyState />}
      <BatchSection />
      {opened && (
        <>
          <ReadAs />
          <Options />
          <Figures />
          <Filters />
          <SessionTimeline />
          <SaveBar />
        </>
      )}
    </div>
  );
}
