// The notifications an ACP agent would stream for the last run (SPEC 8), in ACP v1 or in the
// seeds' older shape, each as pretty JSON that can be copied.

import { create } from 'zustand';
import { engine } from '../worker-client';
import { StaleBanner } from '../result/stale-banner';
import { useRun } from '../state/run-store';
import { CopyButton } from './copy-button';
import { prettyEvent, summarizeEvent } from './event-format';
import './events-panel.css';

type EventShape = 'acp' | 'legacy';

const SHAPES: { id: EventShape; label: string; note: string }[] = [
  { id: 'acp', label: 'ACP v1', note: 'session/update notifications as the Agent Client Protocol v1 defines them.' },
  { id: 'legacy', label: 'Seed shape', note: 'The older shape the seed contracts were written against (type "toolCall", id, fields).' },
];

// The chosen shape outlives the panel (switching the bottom tabs unmounts it).
const useEventShape = create<{ shape: EventShape; setShape(shape: EventShape): void }>()((set) => ({
  shape: 'acp',
  setShape: (shape) => set({ shape }),
}));

export function EventsPanel() {
  const run = useRun((s) => s.run);
  const status = useRun((s) => s.status);
  const { shape, setShape } = useEventShape();

  if (!run) {
    return (
      <p className="empty">
        {status === 'running' ? 'Running…' : 'Run a call to see the events an agent would stream for it.'}
      </p>
    );
  }
  const events = shape === 'acp' ? run.events.acp : run.events.legacy;
  const shapeInfo = SHAPES.find((s) => s.id === shape)!;

  return (
    <div className="events-panel">
      <StaleBanner />
      <div className="toolbar">
        <div role="radiogroup" aria-label="Event shape" className="events-shapes">
          {SHAPES.map((s) => (
            <label key={s.id} className={s.id === shape ? 'events-shape checked' : 'events-shape'}>
              <input type="radio" name="event-shape" value={s.id} checked={s.id === shape} onChange={() => setShape(s.id)} />
              {s.label}
            </label>
          ))}
        </div>
        <span className="events-note">{shapeInfo.note}</span>
        <span className="events-spacer" />
        <CopyButton label="Copy events" text={() => engine.request('run/copy', { runId: run.runId, what: 'events', shape })} />
      </div>
      {events.length === 0 ? (
        <p className="empty">This run produced no events.</p>
      ) : (
        <ol className="events-list" aria-label={`${shapeInfo.label} events`}>
          {events.map((event, i) => {
            const summary = summarizeEvent(event);
            const name = `Event ${i + 1}: ${summary.kind}${summary.status ? ` (${summary.status})` : ''}`;
            return (
              <li key={`${run.runId}-${shape}-${i}`} className="events-item" aria-label={name}>
                <div className="events-item-head">
                  <span className="events-index">{i + 1}</span>
                  <code className="events-kind">{summary.kind}</code>
                  {summary.status && <span className={`events-status ${summary.status}`}>{summary.status}</span>}
                  {summary.title && <span className="events-title">{summary.title}</span>}
                  <span className="events-spacer" />
                  <CopyButton label={`Copy event ${i + 1}`} small text={() => engine.request('run/copy', { runId: run.runId, what: 'event', shape, index: i })} />
                </div>
                <pre className="events-json">{prettyEvent(event)}</pre>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
