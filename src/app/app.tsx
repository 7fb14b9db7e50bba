// The page: a coordinator over single-purpose panels. State lives in the stores (state/), user
// commands in the action table (actions.ts); this file only lays things out.

import { useEffect } from 'react';
import { handleShortcut } from './actions';
import { CommandPalette } from './command-palette';
import { ComposerPanel } from './composer/composer-panel';
import { ContractsPanel } from './contracts/contracts-panel';
import './demo/demo-actions';
import { DiffPanel } from './diff/diff-panel';
import { EditorTabHint } from './editor-tab-hint';
import { EventsPanel } from './events/events-panel';
import { HistoryPanel } from './history/history-panel';
import { startHistoryRecorder } from './history/history-recorder';
import { ResultPanel } from './result/result-panel';
import { SaveButton } from './save/save-button';
import { SaveDialog } from './save/save-dialog';
import { SessionCallPanel } from './session/session-call';
import { SessionPanel } from './session/session-panel';
import { ShareControls } from './share/share-controls';
import { ShareDialogs } from './share/share-dialog';
import { StageStepper } from './stages/stage-stepper';
import { useUi, type BottomTab, type SideTab } from './state/ui-store';
import { startWorkspaceMounts } from './state/workspace-mounts';
import { useWorkspace } from './state/workspace-store';
import { Tabs } from './tabs';
import { FileTree } from './workspace/file-tree';
import { FileView } from './workspace/file-view';
import { WorkspaceBar } from './workspace/workspace-bar';

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
    startHistoryRecorder();
    startWorkspaceMounts();
    if (useWorkspace.getState().kind === null) void useWorkspace.getState().open({ kind: 'sandbox' });
    return () => window.removeEventListener('keydown', handleShortcut);
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
          {sideTab === 'contracts' && <ContractsPanel />}
          {sideTab === 'session' && <SessionPanel />}
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
            {bottomTab === 'stages' && <StageStepper />}
            {bottomTab === 'events' && <EventsPanel />}
            {bottomTab === 'file' && <FileView />}
            {bottomTab === 'transcript' && <SessionCallPanel />}
            {bottomTab === 'history' && <HistoryPanel />}
          </Tabs>
        </section>
      </main>
      <SaveDialog />
      <ShareDialogs />
      <CommandPalette />
    </div>
  );
}
