// The stage stepper: edit 0, 1, … of a sequential multi-edit, each with the content before it
// (what it matched highlighted) and after it (what it wrote highlighted). This is where TC2's
// AAA → BBB → CCC and TC7's "the first edit made the second ambiguous" become visible.

import { RangeSummary, rangeText } from '../result/range-list';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { actionById } from '../actions';
import { PlayControls } from '../demo/play-controls';
import { nextStep, spaceIsForPlay, usePlayer } from '../demo/player';
import { useUi } from '../state/ui-store';
import { useRun } from '../state/run-store';
import type { RunView, StepContent, StepView } from '../../worker/protocol';
import { StaleBanner } from '../result/stale-banner';
import { StageText } from './stage-text';
import { stepCaption, stepName } from './step-caption';
import './stage-stepper.css';
import { errorMessage } from '../../engine/helpers';

// stepTo() sets `step` before the worker answers, so for a moment the store's stepContent is the
// previous step's. Remember whose content it is, so a step is never shown with another's text.
let contentOwner: string | null = null;
const ownerKey = (runId: number, file: number, step: number): string => `${runId}:${file}:${step}`;
useRun.subscribe((s, prev) => {
  if (s.stepContent !== prev.stepContent) contentOwner = s.stepContent && s.run ? ownerKey(s.run.runId, s.fileIndex, s.step) : null;
});

/** Above this many steps a slider joins the step buttons. */
const SLIDER_FROM = 8;
/** Up to this many steps every one has a button; beyond, only those around the current step do. */
const ALL_BUTTONS_UP_TO = 100;
const BUTTONS_AROUND = 20;

/** The steps that get a button: all of a short run, a window around the current step of a long one. */
function buttonRange(count: number, current: number): { from: number; to: number } {
  if (count <= ALL_BUTTONS_UP_TO) return { from: 0, to: count };
  const from = Math.max(0, Math.min(current - BUTTONS_AROUND, count - 2 * BUTTONS_AROUND - 1));
  return { from, to: Math.min(count, from + 2 * BUTTONS_AROUND + 1) };
}

export function StageStepper() {
  const { run, status } = useRun(useShallow((s) => ({ run: s.run, status: s.status })));
  if (!run) {
    return (
      <p className="empty">
        {status === 'running' ? 'Running…' : 'Run a call to step through its stage: the content after each edit, with what that edit matched and wrote.'}
      </p>
    );
  }
  if (run.files.length === 0) {
    return (
      <div className="stages-panel">
        <StaleBanner />
        <FailureNotice run={run} steps={0} />
        {run.ok && <p className="empty">This call staged no files, so there are no steps to go through.</p>}
      </div>
    );
  }
  return <Stepper run={run} />;
}

/**
 * Why a failed run's steps end where they do (issue 17, item 15: it said "after the stages shown
 * here" and then "no stages"): after the steps shown, or before any step at all.
 */
export function failureText(steps: number): string {
  return steps > 0
    ? `The call failed after the ${steps === 1 ? 'step' : `${steps} steps`} shown here; nothing would be written.`
    : 'The call failed before it staged anything, so there are no steps to go through; nothing would be written.';
}

function FailureNotice({ run, steps }: { run: RunView; steps: number }) {
  if (run.ok || !run.error) return null;
  return (
    <p className="notice error" role="note">
      {failureText(steps)} <code>{String(run.error.code)}</code> {run.error.message}
    </p>
  );
}

function Stepper({ run }: { run: RunView }) {
  const { fileIndex, step, stepContent, selectFile, stepTo } = useRun(
    useShallow((s) => ({ fileIndex: s.fileIndex, step: s.step, stepContent: s.stepContent, selectFile: s.selectFile, stepTo: s.stepTo })),
  );
  const [loadError, setLoadError] = useState<string | null>(null);
  const file = run.files[fileIndex];
  const steps = file?.steps ?? [];
  const current = steps[step];
  const key = ownerKey(run.runId, fileIndex, step);
  const content = stepContent && contentOwner === key ? stepContent : null;

  const go = (n: number): void => {
    setLoadError(null);
    stepTo(n).catch((error: unknown) => setLoadError(errorMessage(error)));
  };

  // Content is fetched lazily: the run fetches step 0, this fetches whatever is missing.
  useEffect(() => {
    if (current && !content) go(step);
  }, [key]);

  const currentButton = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    // Braces matter: Chromium's scrollIntoView returns a promise, which React would take for a cleanup.
    currentButton.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [key]);

  usePlayer('stages', nextStep);
  const totalSteps = run.files.reduce((n, f) => n + f.steps.length, 0);

  const previous = actionById('previous-step');
  const next = actionById('next-step');

  return (
    <div
      className="stages-panel"
      onKeyDown={(e) => {
        // Space plays and pauses while the stepper has focus (demo mode).
        if (e.key !== ' ' || e.altKey || e.ctrlKey || e.metaKey || !spaceIsForPlay(e.target)) return;
        e.preventDefault();
        e.stopPropagation();
        useUi.getState().togglePlay('stages');
      }}
    >
      <StaleBanner />
      <div className="toolbar stages-toolbar">
        <PlayControls target="stages" label="steps" disabled={totalSteps < 2} />
        {run.files.length > 1 && <FileSelect files={run.files} fileIndex={fileIndex} selectFile={selectFile} />}
        <button
          type="button"
          className="button"
          aria-label="Previous step"
          aria-keyshortcuts="Alt+ArrowLeft"
          title="Previous step (Alt+←)"
          disabled={!previous.enabled()}
          onClick={() => void previous.run()}
        >
          ←
        </button>
        <StepButtons steps={steps} step={step} currentButton={currentButton} go={go} />
        <button
          type="button"
          className="button"
          aria-label="Next step"
          aria-keyshortcuts="Alt+ArrowRight"
          title="Next step (Alt+→)"
          disabled={!next.enabled()}
          onClick={() => void next.run()}
        >
          →
        </button>
        {steps.length > SLIDER_FROM && (
          <input
            type="range"
            className="stages-slider"
            min={0}
            max={steps.length - 1}
            value={step}
            aria-label="Step"
            aria-valuetext={current ? `${stepName(current)}, step ${step + 1} of ${steps.length}` : undefined}
            onChange={(e) => go(Number(e.target.value))}
          />
        )}
        <span className="stages-hint">
          <kbd>Alt</kbd>+<kbd>←</kbd> / <kbd>→</kbd>
        </span>
      </div>
      <FailureNotice run={run} steps={steps.length} />
      {loadError && <p className="notice error">{loadError}</p>}
      {!current ? (
        (run.ok || !run.error) && <p className="empty">{file ? `${file.displayPath} has no steps.` : 'Choose a file.'}</p>
      ) : (
        <StepDetail current={current} step={step} count={steps.length} content={content} />
      )}
    </div>
  );
}

/** Which staged file the steps are of, with its step count. */
function FileSelect({ files, fileIndex, selectFile }: { files: RunView['files']; fileIndex: number; selectFile(index: number): void }) {
  return (
    <label>
      File
      <select value={fileIndex} onChange={(e) => selectFile(Number(e.target.value))}>
        {files.map((f, i) => (
          <option key={f.path} value={i}>
            {f.displayPath}
            {f.created ? ' (created)' : ''} · {f.steps.length} {f.steps.length === 1 ? 'step' : 'steps'}
          </option>
        ))}
      </select>
    </label>
  );
}

interface StepButtonsProps {
  steps: readonly StepView[];
  step: number;
  currentButton: RefObject<HTMLButtonElement | null>;
  go(step: number): void;
}

/** A button per step, or per step around the current one in a long run. */
function StepButtons({ steps, step, currentButton, go }: StepButtonsProps) {
  const shown = buttonRange(steps.length, step);
  return (
    <ol className="stages-steps" aria-label="Steps" start={shown.from + 1}>
      {shown.from > 0 && (
        <li aria-hidden="true" className="stages-more">
          ⋯
        </li>
      )}
      {steps.slice(shown.from, shown.to).map((s, k) => {
        const i = shown.from + k;
        return (
          <li key={i}>
            <button
              ref={i === step ? currentButton : undefined}
              type="button"
              className="stages-step"
              aria-current={i === step ? 'step' : undefined}
              aria-label={`${stepName(s)}, step ${i + 1} of ${steps.length}`}
              onClick={() => go(i)}
            >
              {stepName(s)}
            </button>
          </li>
        );
      })}
      {shown.to < steps.length && (
        <li aria-hidden="true" className="stages-more">
          ⋯
        </li>
      )}
    </ol>
  );
}

/** One step: its facts, and the content before and after it. */
function StepDetail({ current, step, count, content }: { current: StepView; step: number; count: number; content: StepContent | null }) {
  const edit = stepName(current).replace(/^(Edit|Hunk|The) /, (w) => w.toLowerCase());
  return (
    <>
      <div className="stages-facts">
        <strong>
          {stepName(current)} <span className="stages-of">(step {step + 1} of {count})</span>
        </strong>
        <span>
          strategy <code>{current.strategy}</code>
        </span>
        <span>
          {current.lineRanges.length === 1 ? 'line range' : 'line ranges'}{' '}
          {current.lineRanges.length === 0 ? (
            <code>—</code>
          ) : (
            <code className="stages-ranges">
              <RangeSummary ranges={current.lineRanges} separator=", " label={`All ${current.lineRanges.length.toLocaleString('en')} line ranges of this step`} item={(r) => rangeText(r)} />
            </code>
          )}
        </span>
        <span>
          {current.replacements} {current.replacements === 1 ? 'replacement' : 'replacements'}
        </span>
        <p className="stages-caption" aria-live="polite">
          {content ? stepCaption(current, content) : 'Loading…'}
        </p>
      </div>
      <div className="stages-views">
        <div className="stages-view">
          <h3 className="stages-view-title">
            Before {edit} <span className="stages-legend matched">matched</span>
            {content?.before.text === '' && content.before.totalLines === 1 && <span className="stages-empty-note">empty: nothing here yet</span>}
          </h3>
          {content ? <StageText label={`Content before ${edit}`} content={content.before} tone="matched" /> : <p className="empty">Loading…</p>}
        </div>
        <div className="stages-view">
          <h3 className="stages-view-title">
            After {edit} <span className="stages-legend written">written</span>
          </h3>
          {content ? <StageText label={`Content after ${edit}`} content={content.after} tone="written" /> : <p className="empty">Loading…</p>}
        </div>
      </div>
    </>
  );
}
