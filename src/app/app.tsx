// The page: a coordinator over single-purpose panels. State lives in the stores (state/), user
// commands in the action table (actions.ts); this file only lays things out.

import { Suspense, useEffect, type ReactNode } from 'react';
import { lazyView } from './lazy-view';
import { handleShortcut } from './actions';
import { CommandPalette } from './command-palette';
import { ComposerPanel } from './composer/composer-panel';
import './demo/demo-actions';
import { DiffPanel, preloadMonacoDiff } from './diff/diff-panel';
import { EditorTabHint } from './editor-tab-hint';
import { startHistoryRecorder } from './history/history-recorder';
import { ResultPanel } from './result/result-panel';
import { SaveButton } from './save/save-button';
import { SaveDialog } from './save/save-dialog';
import { ShareControls } from './share/share-controls';
import { ShareDialogs } from './share/share-dialog';
import { useUi, type BottomTab, type SideTab } from './state/ui-store';
import { startWorkspaceMounts } from './state/workspace-mounts';
import { useWorkspace } from './state/workspace-store';
import { Tabs } from './tabs';
import { FileTree } from './workspace/file-tree';
import { WorkspaceBar } from './workspace/workspace-bar';

// The first screen is the Files tab, the composer, the result and the Diff tab. The other tabs'
// panels are chunks of their own, loaded when their tab is first shown (and fetched once the page
// is idle, so a tab opened later does not wait for the network): the page the user first sees
// does not wait to download and evaluate them.
const VIEWS = {
  contracts: lazyView(() => import('./contracts/contracts-panel').then((m) => m.ContractsPanel)),
  session: lazyView(() => import('./session/session-panel').then((m) => m.SessionPanel)),
  stages: lazyView(() => import('./stages/stage-stepper').then((m) => m.StageStepper)),
  events: lazyView(() => import('./events/events-panel').then((m) => m.EventsPanel)),
  file: lazyView(() => import('./workspace/file-view').then((m) => m.FileView)),
  transcript: lazyView(() => import('./session/session-call').then((m) => m.SessionCallPanel)),
  history: lazyView(() => import('./history/history-panel').then((m) => m.HistoryPanel)),
};
/** Long enough for a first visit to have Monaco in (about 0.6 s on a quiet 2-core machine). */
const PREFETCH_AFTER_MS = 1500;

const ContractsPanel = VIEWS.contracts.View;
const SessionPanel = VIEWS.session.View;
const StageStepper = VIEWS.stages.View;
const EventsPanel = VIEWS.events.View;
const FileView = VIEWS.file.View;
const SessionCallPanel = VIEWS.transcript.View;
const HistoryPanel = VIEWS.history.View;

/**
 * After the first screen and the composer's Monaco, while the page is idle: every view's chunk,
 * so no tab waits for one.
 */
function prefetchViews(): () => void {
  const load = (): void => {
    for (const view of Object.values(VIEWS)) void view.load().catch(() => undefined);
    // The Diff view's editor (its Monaco is the composer's, in by then): the first run's diff
    // then shows without a fetch, and without making a diff editor (one is parked at idle).
    void preloadMonacoDiff().then((m) => m.parkDiffEditorWhenIdle()).catch(() => undefined);
  };
  // Safari has no requestIdleCallback: the timer alone stands in for it there.
  let idle: number | null = null;
  let stopped = false;
  const whenIdle = (): void => {
    if (stopped) return;
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(load, { timeout: 2000 });
    else load();
  };
  // Never before the composer's Monaco (the same module the composer is loading): on a busy
  // machine Monaco can take longer than the delay, and the views must not compete with it.
  const timer = window.setTimeout(() => void import('./composer/call-editor-monaco').then(whenIdle, whenIdle), PREFETCH_AFTER_MS);
  return () => {
    stopped = true;
    window.clearTimeout(timer);
    if (idle !== null) cancelIdleCallback(idle);
  };
}

/** A lazily loaded panel: a quiet line while its chunk arrives. */
function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<p className="empty">Loading…</p>}>{children}</Suspense>;
}

const SIDE_TABS: { id: SideTab; label: string }[] = [
  { id: 'files', label: 'Files' },
  { id: 'contracts', label: 'Contracts' },
  { id: 'session', label: 'Session' },
];

const BOTTOM_TABS: { id: BottomTab; label: string }[] = [
  { id: 'diff', label: 'Diff' },
  { id: 'stages', label: 'Stages' },
  { id: 'events', label: 'Events' },
  { id: 'file', label: 'File' },
  { id: 'transcript', label: 'Transcript' },
  { id: 'history', label: 'History' },
];

/**
 * What the page starts before its first render: the stores' followers, and the sandbox opening.
 * The first screen waits for the sandbox (Run needs a workspace, the tree lists it), so it is asked
 * for before the page renders, ahead of what the panels ask for as they mount. Settles when that
 * open has (whether it opened or failed), at once if none was started.
 */
export function startApp(): Promise<unknown> {
  startHistoryRecorder();
  startWorkspaceMounts();
  if (useWorkspace.getState().kind === null && useWorkspace.getState().status !== 'opening') return useWorkspace.getState().open({ kind: 'sandbox' });
  return Promise.resolve();
}

export function App() {
  const theme = useUi((s) => s.theme);
  const sideTab = useUi((s) => s.sideTab);
  const bottomTab = useUi((s) => s.bottomTab);
  const setTheme = useUi((s) => s.setTheme);
  const largeFont = useUi((s) => s.largeFont);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  useEffect(() => {
    if (largeFont) document.documentElement.dataset.font = 'large';
    else delete document.documentElement.dataset.font;
  }, [largeFont]);

  useEffect(() => {
    window.addEventListener('keydown', handleShortcut);
    const stopPrefetch = prefetchViews();
    return () => {
      window.removeEventListener('keydown', handleShortcut);
      stopPrefetch();
    };
  }, []);

  return (
    <div className="app">
      <header className="app-header">
        <h1 className="app-title">edit-playground</h1>
        <WorkspaceBar />
        <div className="header-actions">
          <SaveButton />
          <ShareControls />
          <button
            type="button"
            className="icon-button"
            aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
            onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
          >
            {theme === 'dark' ? '☀' : '☾'}
          </button>
        </div>
      </header>
      <aside className="app-side" aria-label="Workspace and suites">
        <Tabs label="Side panel" tabs={SIDE_TABS} active={sideTab} onSelect={useUi.getState().setSideTab}>
          {sideTab === 'files' && <FileTree />}
          <Lazy>
            {sideTab === 'contracts' && <ContractsPanel />}
            {sideTab === 'session' && <SessionPanel />}
          </Lazy>
        </Tabs>
      </aside>
      <main className="app-main">
        <section className="pane pane-composer" aria-label="Call">
          <ComposerPanel />
          <EditorTabHint />
        </section>
        <section className="pane pane-result" aria-label="Result">
          <ResultPanel />
        </section>
        <section className="pane pane-views" aria-label="Views">
          <Tabs label="Views" tabs={BOTTOM_TABS} active={bottomTab} onSelect={useUi.getState().setBottomTab}>
            {bottomTab === 'diff' && <DiffPanel />}
            <Lazy>
              {bottomTab === 'stages' && <StageStepper />}
              {bottomTab === 'events' && <EventsPanel />}
              {bottomTab === 'file' && <FileView />}
              {bottomTab === 'transcript' && <SessionCallPanel />}
              {bottomTab === 'history' && <HistoryPanel />}
            </Lazy>
          </Tabs>
        </section>
      </main>
      <SaveDialog />
      <ShareDialogs />
      <CommandPalette />
    </div>
  );
}
