// The Diff view: one tab per file the call touches, each a Monaco diff of the original against
// the content after the call (a created file against empty), or the unified diff text.

import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { DiffStat, FileView, RunView } from '../../worker/protocol';
import { CopyButton } from '../events/copy-button';
import { engine } from '../worker-client';
import { useReveal } from '../result/reveal-store';
import { StaleBanner } from '../result/stale-banner';
import { useRun } from '../state/run-store';
import { useUi } from '../state/ui-store';
import { Tabs } from '../tabs';
import { useLanguage } from '../use-language';
import { useWorkerValue } from '../state/use-worker-value';
import { EXCERPT_CONTEXT, excerptLine, type DiffExcerpt } from '../../worker/diff-excerpt';
import type { MonacoDiffProps, RevealTarget } from './monaco-diff';
import { UnifiedDiff } from './unified-diff';
import './diff-panel.css';

// Monaco loads with the first diff shown, not with the page (or when the page is idle after the
// composer's Monaco: preloadMonacoDiff). Once its module is in, the editor is rendered directly:
// a lazy component suspends on its first render even when its chunk is loaded, and React holds
// a Suspense boundary's content back up to 300 ms after its fallback showed (bench:ui saw the
// editor mount ~120 ms after the diff page had arrived).
let monacoDiffModule: typeof import('./monaco-diff') | null = null;

/** The Diff view's editor module, loaded once. */
export function preloadMonacoDiff(): Promise<typeof import('./monaco-diff')> {
  return import('./monaco-diff').then((m) => (monacoDiffModule = m));
}

const LazyMonacoDiff = lazy(() => preloadMonacoDiff().then((m) => ({ default: m.MonacoDiff })));

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
        <StaleBanner />
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

function badgeOf(f: FileView): string | null {
  if (f.deleted) return 'deleted';
  if (f.movedFrom !== null) return 'moved';
  return f.created ? 'created' : null;
}

function FileDiffs({ run }: { run: RunView }) {
  const fileIndex = useRun((s) => s.fileIndex);
  const selectFile = useRun((s) => s.selectFile);
  const index = Math.min(fileIndex, run.files.length - 1);
  const file = run.files[index]!;
  const tabs = run.files.map((f, i) => ({
    id: String(i),
    // The trailing space keeps the badge a separate word in the tab's accessible name.
    label: badgeOf(f) ? `${f.displayPath} ` : f.displayPath,
    ...(badgeOf(f) ? { badge: badgeOf(f)! } : {}),
  }));
  return (
    <div className="diff-panel">
      <StaleBanner />
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
  const revealTarget = useRevealTarget(run, index);
  // Which excerpt page to ask for: a page the user stepped to, or the page of a revealed line.
  const [pageRequest, setPageRequest] = useState<{ page: number } | { line: { side: 'original' | 'modified'; line: number } }>({ page: 0 });
  const requestKey = `${run.runId}:${index}:${JSON.stringify(pageRequest)}`;
  const view = useWorkerValue(requestKey, () => engine.request('file/diff', { runId: run.runId, file: index, ...pageRequest }));
  const diffView = view.status === 'done' ? view.value : null, excerpt = diffView?.kind === 'excerpt' ? diffView : null;
  const language = useLanguage(file.path);
  const setBottomTab = useUi((s) => s.setBottomTab);
  const editorSoon = useAfterPaint();
  const MonacoDiff = useMonacoDiff();
  // A new file or run starts at the first page.
  useEffect(() => setPageRequest({ page: 0 }), [run.runId, index]);

  // A revealed line outside the page shown brings its page.
  useEffect(() => {
    if (!revealTarget || !excerpt) return;
    const lines = revealTarget.side === 'original' ? excerpt.originalLines : excerpt.modifiedLines;
    if (!lines.includes(revealTarget.line)) setPageRequest({ line: { side: revealTarget.side, line: revealTarget.line } });
  }, [revealTarget, excerpt]);

  const reveal = useMemo(() => inExcerpt(revealTarget, excerpt), [revealTarget, excerpt]);
  // A reveal asks for the editor view, not the text.
  useEffect(() => void (reveal && unified && setUnified(false)), [reveal]);

  const request = useReveal((s) => s.current);
  const laterStep = reveal && request && request.step > 0 ? request.step : null;

  return (
    <div className="diff-file">
      <div className="toolbar diff-toolbar">
        {diffView && <DiffStatLabel stat={diffView.stat} />}
        <FileFacts file={file} />
        <span className="diff-spacer" />
        <button type="button" className="button" aria-pressed={inline} disabled={unified} onClick={toggleInline} title="Show the diff in one column">
          Inline
        </button>
        <button type="button" className="button" aria-pressed={unified} onClick={() => setUnified(!unified)} title="Show the unified diff text the tool returns">
          Unified diff
        </button>
        <CopyButton label="Copy diff" text={() => engine.request('run/copy', { runId: run.runId, what: 'diff', file: index })} />
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
      {excerpt && !unified && <ExcerptNote excerpt={excerpt} onPage={(page) => setPageRequest({ page })} />}
      {unified ? (
        <UnifiedDiff label={`Unified diff of ${file.displayPath}`} runId={run.runId} file={index} />
      ) : (
        <>
          <div className={inline ? 'diff-sides inline' : 'diff-sides'} aria-hidden="true">
            {inline ? (
              <span>{file.created ? `${file.displayPath} (new file)` : file.displayPath}</span>
            ) : (
              <>
                <span>{file.movedFrom !== null ? `${file.movedFrom} · original` : file.created ? 'Empty (the file does not exist yet)' : `${file.displayPath} · original`}</span>
                <span>{file.deleted ? `${file.displayPath} · deleted` : `${file.displayPath} · after the call`}</span>
              </>
            )}
          </div>
          <section className="diff-editor" aria-label={`Diff of ${file.displayPath}`} aria-busy={view.status === 'loading'}>
            {view.status === 'failed' ? (
              <p className="notice error">{view.message}</p>
            ) : (
              <>
                {diffView === null && <p className="empty diff-loading">Loading the diff…</p>}
                {/* Mounted (empty) while the worker cuts the page, after the result has painted:
                    the editor is made meanwhile, in a task of its own. */}
                {(diffView !== null || editorSoon) && (
                <Suspense fallback={<p className="empty">Loading the diff editor…</p>}>
                  <MonacoDiff
                    modelKey={diffView === null ? `${run.runId}:${index}:loading` : `${run.runId}:${index}:${excerpt ? excerpt.page : 'whole'}`}
                    path={file.path}
                    language={language}
                    original={diffView?.original ?? ''}
                    modified={diffView?.modified ?? ''}
                    lineNumbers={excerpt ? { original: excerpt.originalLines, modified: excerpt.modifiedLines } : undefined}
                    inline={inline}
                    theme={theme === 'dark' ? 'vs-dark' : 'vs'}
                    reveal={diffView === null ? null : reveal}
                    revealFirstChange={excerpt !== null && excerpt.page > 0 && reveal === null}
                  />
                </Suspense>
                )}
              </>
            )}
          </section>
        </>
      )}
    </div>
  );
}

/** The editor component, chosen once per mount: switching from the lazy one to the loaded one would remount the editor. */
function useMonacoDiff(): ComponentType<MonacoDiffProps> {
  return useState(() => monacoDiffModule?.MonacoDiff ?? LazyMonacoDiff)[0];
}

/** True from the first frame after mounting has been painted (a task after it) on. */
function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setPainted(true), 0)));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

/** The diff's `+` and `−` lines; counted by the worker with the diff (a run computes none the page has not asked for). */
function DiffStatLabel({ stat }: { stat: DiffStat }) {
  return (
    <span className="diff-stat" aria-label={`${stat.added} lines added, ${stat.removed} lines removed`}>
      <span className="diff-stat-add">+{stat.added.toLocaleString('en')}</span> <span className="diff-stat-del">−{stat.removed.toLocaleString('en')}</span>
    </span>
  );
}

/** What the diff compares against, and what of the file the diff does not show (whole write, CRLF, BOM). */
function FileFacts({ file }: { file: FileView }) {
  return (
    <>
      {file.movedFrom !== null && <span className="diff-created">Moved from {file.movedFrom}: compared against it</span>}
      {file.created && file.movedFrom === null && <span className="diff-created">New file: compared against empty</span>}
      {file.deleted && <span className="diff-created">Deleted by the call</span>}
      {file.wholeWrite && <span className="diff-fact" title="The tool writes the whole file back, and that changes bytes outside the edited lines (line endings, byte order mark); see the warnings">Whole file rewritten</span>}
      {file.eol === '\r\n' && <span className="diff-fact">CRLF (shown as LF)</span>}
      {file.bom && <span className="diff-fact">UTF-8 BOM (kept)</span>}
    </>
  );
}

/** What a page of a large file's excerpt shows, and Previous / Next between its pages. */
function ExcerptNote({ excerpt, onPage }: { excerpt: DiffExcerpt; onPage: (page: number) => void }) {
  const first = excerpt.firstHunk + 1;
  const last = excerpt.firstHunk + excerpt.shownHunks;
  return (
    <div className="notice warn diff-excerpt-note" role="note">
      <span>
        A large file: only the changed regions are shown, with {EXCERPT_CONTEXT} lines around them
        {excerpt.pages > 1 ? ` (hunks ${first.toLocaleString('en')}–${last.toLocaleString('en')} of ${excerpt.totalHunks.toLocaleString('en')})` : ''}. Unified diff
        and Copy diff have all of it.
      </span>
      {excerpt.pages > 1 && (
        <span className="diff-pages" role="group" aria-label="Diff pages">
          <button type="button" className="button" disabled={excerpt.page === 0} onClick={() => onPage(excerpt.page - 1)}>
            Previous hunks
          </button>
          <span aria-live="polite">
            Page {(excerpt.page + 1).toLocaleString('en')} of {excerpt.pages.toLocaleString('en')}
          </span>
          <button type="button" className="button" disabled={excerpt.page + 1 >= excerpt.pages} onClick={() => onPage(excerpt.page + 1)}>
            Next hunks
          </button>
        </span>
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
