// Several transcripts at once. The side panel says how many replayed and offers each one; the
// Transcript view shows the table `edit-playground replay A B` prints: a row per transcript (its
// name opens it in the timeline), the totals, failures by kind, cannot judge by reason, and a row
// per tool and release.

import { SESSION_FORMAT_LABELS } from '../../sessions/types';
import { CANNOT_JUDGE_REASONS, type ErrorKind } from '../../sessions/verdict-kinds';
import { batchTotals, type BatchItem, type BatchTotals } from './batch';
import { useSession, type SessionBatch } from './session-store';
import { CANNOT_JUDGE_WORDS, ERROR_KIND_COUNT_WORDS } from './timeline';

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** "2 replayed, 1 not a transcript" */
function batchSummary(items: readonly BatchItem[]): string {
  const done = items.filter((i) => i.state === 'done').length;
  const skipped = items.filter((i) => i.state === 'skipped').length;
  const failed = items.filter((i) => i.state === 'failed').length;
  const parts = [`${done} of ${plural(items.length, 'transcript')} replayed`];
  if (skipped > 0) parts.push(`${skipped} not ${skipped === 1 ? 'a transcript' : 'transcripts'}`);
  if (failed > 0) parts.push(`${failed} could not be read`);
  return parts.join(', ');
}

/** The side panel's part: what the batch holds, the seed switch for all of them, and which one is open. */
export function BatchSection() {
  const batch = useSession((s) => s.batch);
  const seed = useSession((s) => s.seed);
  if (batch === null) return null;
  const store = useSession.getState();
  const done = batch.items.map((item, index) => ({ item, index })).filter((x) => x.item.state === 'done');
  return (
    <section className="session-section" aria-label="Transcripts">
      <p className="session-batch-summary">{batchSummary(batch.items)}</p>
      <label className="session-switch">
        <input
          type="checkbox"
          role="switch"
          checked={seed}
          aria-checked={seed}
          disabled={batch.running}
          onChange={(e) => {
            useSession.setState({ seed: e.target.checked });
            void store.replayBatch();
          }}
        />
        Seed each from its transcript
      </label>
      <div className="session-batch-pick">
        <label className="session-field">
          Open in the timeline
          <select value={batch.active ?? ''} disabled={batch.running || done.length === 0} onChange={(e) => e.target.value !== '' && void store.openFromBatch(Number(e.target.value))}>
            <option value="">Choose a transcript…</option>
            {done.map(({ item, index }) => (
              <option key={index} value={index}>
                {item.name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button" disabled={batch.items.every((i) => i.state !== 'done')} onClick={() => store.showBatch()}>
          Table
        </button>
      </div>
    </section>
  );
}

const differsText = (f: { differs: number; differsByKind: { outcome: number; text: number } }): string => `${f.differs} (${f.differsByKind.outcome}/${f.differsByKind.text})`;

function kindList(counts: Record<ErrorKind, number>, kinds: readonly ErrorKind[]): string {
  return kinds.length === 0 ? 'none' : kinds.map((k) => `${counts[k]} ${ERROR_KIND_COUNT_WORDS[k]}`).join(', ');
}

/** The Transcript view's table of every transcript of the batch, and the totals by tool and release. */
export function BatchTable() {
  const batch = useSession((s) => s.batch);
  if (batch === null) return null;
  const totals = batchTotals(batch.items);
  const left = batch.items.filter((i) => i.state === 'skipped' || i.state === 'failed');
  return (
    <div className="session-batch">
      <TranscriptTable batch={batch} totals={totals} />
      {left.length > 0 && (
        <ul className="session-batch-left" aria-label="Not replayed">
          {left.map((i) => (
            <li key={i.name}>
              <span className="mono">{i.name}</span>: {i.state === 'skipped' ? `not a transcript this tool reads. ${i.note ?? ''}` : `could not be read. ${i.note ?? ''}`}
            </li>
          ))}
        </ul>
      )}
      {totals !== null && <BatchSums totals={totals} />}
    </div>
  );
}

/** A row per replayed transcript (its name opens it in the timeline) and their total. */
function TranscriptTable({ batch, totals }: { batch: SessionBatch; totals: BatchTotals | null }) {
  const store = useSession.getState();
  const rows = batch.items.map((item, index) => ({ item, index })).filter((x) => x.item.state === 'done' && x.item.figures !== null);
  return (
    <table className="session-table" aria-label="Transcripts" aria-busy={batch.running}>
      <caption>
        {batchSummary(batch.items)}
        {batch.running ? '…' : ''}
        {!batch.running && rows.length > 0 && <span className="session-soft"> · choose one to open its calls in the timeline</span>}
      </caption>
      <thead>
        <tr>
          <th scope="col">Transcript</th>
          <th scope="col">Format</th>
          <th scope="col" className="num">Edit calls</th>
          <th scope="col" className="num">Agree</th>
          <th scope="col" className="num">Differ (outcome/text)</th>
          <th scope="col" className="num">Cannot judge</th>
          <th scope="col" className="num">Not recorded</th>
          <th scope="col" className="num">Failed</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ item, index }) => {
          const f = item.figures!;
          const active = batch.active === index;
          return (
            <tr key={index} className={active ? 'session-table-active' : undefined} aria-current={active ? 'true' : undefined}>
              <th scope="row">
                <button type="button" className="session-link mono" title={`Open ${item.name} in the timeline (mount ${item.mount ?? '/'})`} disabled={batch.running} onClick={() => void store.openFromBatch(index)}>
                  {item.name}
                </button>
              </th>
              <td className="mono" title={item.format === null ? undefined : SESSION_FORMAT_LABELS[item.format]}>
                {item.format}
              </td>
              <td className="num">{f.editCalls}</td>
              <td className="num">{f.agrees}</td>
              <td className={`num${f.differs > 0 ? ' session-bad' : ''}`}>{differsText(f)}</td>
              <td className={`num${f.cannotJudge > 0 ? ' session-warn' : ''}`}>{f.cannotJudge}</td>
              <td className="num">{f.notRecorded}</td>
              <td className="num">{f.failed}</td>
            </tr>
          );
        })}
      </tbody>
      {totals !== null && (
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td />
            <td className="num">{totals.figures.editCalls}</td>
            <td className="num">{totals.figures.agrees}</td>
            <td className={`num${totals.figures.differs > 0 ? ' session-bad' : ''}`}>{differsText(totals.figures)}</td>
            <td className={`num${totals.figures.cannotJudge > 0 ? ' session-warn' : ''}`}>{totals.figures.cannotJudge}</td>
            <td className="num">{totals.figures.notRecorded}</td>
            <td className="num">{totals.figures.failed}</td>
          </tr>
        </tfoot>
      )}
    </table>
  );
}

/** Failures by kind, cannot judge by reason, and a row per tool and release. */
function BatchSums({ totals }: { totals: BatchTotals }) {
  const reasons = CANNOT_JUDGE_REASONS.filter((k) => totals.figures.cannotJudgeByReason[k] > 0);
  return (
    <>
      <dl className="session-batch-sums" aria-label="Totals">
        <div>
          <dt>Failed by kind</dt>
          <dd>{kindList(totals.figures.failedByKind, totals.kinds)}</dd>
        </div>
        <div>
          <dt>Cannot judge by reason</dt>
          <dd>{reasons.length === 0 ? 'none' : reasons.map((k) => `${totals.figures.cannotJudgeByReason[k]} ${CANNOT_JUDGE_WORDS[k]}`).join(', ')}</dd>
        </div>
      </dl>
      <table className="session-table" aria-label="By tool and version">
        <caption>By tool and version</caption>
        <thead>
          <tr>
            <th scope="col">Tool</th>
            <th scope="col">Version</th>
            <th scope="col" className="num">Edit calls</th>
            <th scope="col" className="num">Failed</th>
            {totals.kinds.map((k) => (
              <th key={k} scope="col" className="num">
                {ERROR_KIND_COUNT_WORDS[k]}
              </th>
            ))}
            <th scope="col" className="num">Recorded failed</th>
            <th scope="col" className="num">Agree</th>
            <th scope="col" className="num">Differ</th>
            <th scope="col" className="num">Cannot judge</th>
            <th scope="col" className="num">Not recorded</th>
          </tr>
        </thead>
        <tbody>
          {totals.tools.map((t) => (
            <tr key={`${t.tool}\u0000${t.version}`}>
              <th scope="row" className="mono">
                {t.tool}
              </th>
              <td className="mono">{t.version === '' ? '–' : t.version}</td>
              <td className="num">{t.editCalls}</td>
              <td className="num">{t.failed}</td>
              {totals.kinds.map((k) => (
                <td key={k} className="num">
                  {t.failedByKind[k]}
                </td>
              ))}
              <td className="num">{t.recordedFailed}</td>
              <td className="num">{t.agrees}</td>
              <td className={`num${t.differs > 0 ? ' session-bad' : ''}`}>{t.differs}</td>
              <td className={`num${t.cannotJudge > 0 ? ' session-warn' : ''}`}>{t.cannotJudge}</td>
              <td className="num">{t.notRecorded}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
