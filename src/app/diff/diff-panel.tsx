// The Diff view: one tab per file the call touches, each a Monaco diff of the original against
// the content after the call (a created file against empty), or the unified diff text.

import { useEffect, useMemo, useState } from 'react';
import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { FileView, RunView } from '../../worker/protocol';
import { CopyButton } from '../events/copy-button';
import { languageOf } from '../monaco-setup';
import { useReveal } from '../result/reveal-store';
import { useRun } from '../state/run-store';
import { useUi } from '../state/ui-store';
import { Tabs } from '../tabs';
import { diffExcerpt, EXCERPT_CONTEXT, excerptLine, isLargeDiff, type DiffExcerpt } from './diff-excerpt';
import { MonacoDiff, type RevealTarget } from './monaco-diff';
import { diffStat, UnifiedDiff } from './unified-diff';
import './diff-panel.css';

// Whether the unified diff text is showing; outlives the panel (bottom tabs unmount it).
const useUnified = create<{ unified: boolean; setUnified(unified: boolean): void }>()((set) => ({
  unified: false,
  setUnified: (unified) => set({ unified }),
}));

// The last reveal request the Diff view has acted on. A panel that mounts later (the user comes
// back to the Diff tab) must not jump back to a line revealed long ago.
let seenRevealNonce = 0;

export function DiffPanel() {
  const { run, status, failure } = useRun(useShallow((s) => ({ run: s.run, status: s.status, failure: s.failure })));
  if (!run) {
    return (
      <p className="empty">
        {status === 'running' ? 'Running…' : failure ? 'The call could not run; see the result panel.' : 'Run a call to see its diff.'}
      </p>
    );
  }
  if (run.files.length === 0) {
    return (
      <div className="diff-panel">
        {run.error ? (
          <p className="notice error">
            The call failed before staging any file, so there is nothing to compare. <code>{String(run.error.code)}</code> {run.error.message}
          </p>
        ) : (
          <p className="empty">This call touches no files.</p>
        )}
      </div>
    );
  }
  return <FileDiffs run={run} />;
}

function FileDiffs({ run }: { run: RunView }) {
  const fileIndex = useRun((s) => s.fileIndex);
  const selectFile = useRun((s) => s.selectFile);
  const index = Math.min(fileIndex, run.files.length - 1);
  const file = run.files[index]!;
  const tabs = run.files.map((f, i) => ({
    id: String(i),
    // The trailing space keeps the badge a separate word in the tab's accessible name.
    label: f.created ? `${f.displayPath} ` : f.displayPath,
    ...(f.created ? { badge: 'created' } : {}),
  }));
  return (
    <div className="diff-panel">
      {!run.ok && (
        <p className="notice warn">
          The call failed, so nothing would be written; this is what it had staged before failing.
        </p>
      )}
      <Tabs label="Changed files" tabs={tabs} active={String(index)} onSelect={(id) => selectFile(Number(id))}>
        <FileDiff run={run} index={index} file={file} />
      </Tabs>
    </div>
  );
}

function FileDiff({ run, index, file }: { run: RunView; index: number; file: FileView }) {
  const { theme, inline, toggleInline } = useUi(useShallow((s) => ({ theme: s.theme, inline: s.inlineDiff, toggleInline: s.toggleInlineDiff })));
  const { unified, setUnified } = useUnified();
  const stat = useMemo(() => diffStat(file.diff), [file.diff]);
  const excerpt = useMemo(
    () => (isLargeDiff(file.originalText, file.finalText) ? diffExcerpt(file.originalText, file.finalText, file.diff) : null),
    [file],
  );
  const revealTarget = useRevealTarget(run, index);
  const reveal = useMemo(() => inExcerpt(revealTarget, excerpt), [revealTarget, excerpt]);
  const setBottomTab = useUi((s) => s.setBottomTab);

  // A reveal asks for the editor view, not the text.
  useEffect(() => {
    if (reveal && unified) setUnified(false);
  }, [reveal]);

  const request = useReveal((s) => s.current);
  const laterStep = reveal && request && request.step > 0 ? request.step : null;

  return (
    <div className="diff-file">
      <div className="toolbar diff-toolbar">
        <span className="diff-stat" aria-label={`${stat.added} lines added, ${stat.removed} lines removed`}>
          <span className="diff-stat-add">+{stat.added}</span> <span className="diff-stat-del">−{stat.removed}</span>
        </span>
        {file.created && <span className="diff-created">New file: compared against empty</span>}
        {file.eol === '\r\n' && <span className="diff-fact">CRLF (shown as LF)</span>}
        {file.bom && <span className="diff-fact">UTF-8 BOM (kept)</span>}
        <span className="diff-spacer" />
        <button type="button" className="button" aria-pressed={inline} disabled={unified} onClick={toggleInline} title="Show the diff in one column">
          Inline
        </button>
        <button type="button" className="button" aria-pressed={unified} onClick={() => setUnified(!unified)} title="Show the unified diff text the tool returns">
          Unified diff
        </button>
        <CopyButton label="Copy diff" text={() => file.diff} />
      </div>
      {laterStep !== null && (
        <p className="notice warn diff-step-note">
          Edit {file.steps[laterStep]?.editIndex ?? laterStep} matched these lines in the content the edits before it left; this diff compares
          original and final, so they are marked on the original side.{' '}
          <button type="button" className="button" onClick={() => setBottomTab('stages')}>
            Show that stage
          </button>
        </p>
      )}
      {excerpt && !unified && (
        <p className="notice warn diff-excerpt-note">
          A large file: only the changed regions are shown, with {EXCERPT_CONTEXT} lines around them
          {excerpt.shownHunks < excerpt.totalHunks ? ` (the first ${excerpt.shownHunks} of ${excerpt.totalHunks} hunks)` : ''}. Unified diff
          and Copy diff have all of it.
        </p>
      )}
      {unified ? (
        <UnifiedDiff label={`Unified diff of ${file.displayPath}`} diff={file.diff} />
      ) : (
        <>
          <div className={inline ? 'diff-sides inline' : 'diff-sides'} aria-hidden="true">
            {inline ? (
              <span>{file.created ? `${file.displayPath} (new file)` : file.displayPath}</span>
            ) : (
              <>
                <span>{file.created ? 'Empty (the file does not exist yet)' : `${file.displayPath} · original`}</span>
                <span>{file.displayPath} · after the call</span>
              </>
            )}
          </div>
          <section className="diff-editor" aria-label={`Diff of ${file.displayPath}`}>
            <MonacoDiff
              modelKey={`${run.runId}:${index}`}
              path={file.path}
              language={languageOf(file.path)}
              original={excerpt ? excerpt.original : file.originalText}
              modified={excerpt ? excerpt.modified : file.finalText}
              lineNumbers={excerpt ? { original: excerpt.originalLines, modified: excerpt.modifiedLines } : undefined}
              inline={inline}
              theme={theme === 'dark' ? 'vs-dark' : 'vs'}
              reveal={reveal}
            />
          </section>
        </>
      )}
    </div>
  );
}

/** A reveal in real line numbers, moved onto the excerpt's lines when the diff shows one. */
function inExcerpt(target: RevealTarget | null, excerpt: DiffExcerpt | null): RevealTarget | null {
  if (!target || !excerpt) return target;
  const lines = target.side === 'original' ? excerpt.originalLines : excerpt.modifiedLines;
  return { ...target, line: excerptLine(lines, target.line), endLine: excerptLine(lines, target.endLine) };
}

/** The reveal request this file should act on: for this run and file, and not one acted on before this panel mounted. */
function useRevealTarget(run: RunView, index: number): RevealTarget | null {
  const { current, nonce } = useReveal(useShallow((s) => ({ current: s.current, nonce: s.nonce })));
  const [skipUpTo] = useState(() => seenRevealNonce);
  const live = current !== null && nonce > skipUpTo && current.runId === run.runId && current.fileIndex === index;
  useEffect(() => {
    if (live) seenRevealNonce = Math.max(seenRevealNonce, nonce);
  }, [live, nonce]);
  return useMemo(
    () => (live && current ? { line: current.line, endLine: current.endLine, side: current.side, nonce } : null),
    [live, current, nonce],
  );
}
