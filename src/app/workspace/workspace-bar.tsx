// The header's workspace controls: which workspace is open, Open folder… / Recent / back to the
// sandbox / Reset sandbox, and for browsers without folder access, Import folder… and Download
// changes. Also owns the window's folder drop and the workspace actions of the action table.

import { useEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import { actionById, MOD_LABEL, registerAction } from '../actions';
import { useWorkspace } from '../state/workspace-store';
import { canPickFolders, dragHasFiles, loadRecentFolders, openDroppedFolder, pickFolder, reopenRecent } from './folder-access';
import { clearRecentFolders } from './recent-folders';
import { ResetSandboxDialog } from './reset-sandbox-dialog';
import { downloadChanges, importFolder } from './sandbox-transfer';
import './workspace-bar.css';

/** The hidden `<input webkitdirectory>`; actions click it, so they need to reach it. */
let importInput: HTMLInputElement | null = null;
const chooseImportFolder = (): void => importInput?.click();

// `webkitdirectory` is not in React's input props; it is a plain boolean attribute.
const DIRECTORY_INPUT = { webkitdirectory: '', directory: '' } as InputHTMLAttributes<HTMLInputElement>;

const resetSandbox = actionById('reset-sandbox');

registerAction({
  id: 'open-folder',
  label: 'Open folder…',
  shortcut: `${MOD_LABEL}+O`,
  matches: (e) => (MOD_LABEL === 'Cmd' ? e.metaKey : e.ctrlKey) && !e.shiftKey && !e.altKey && e.key.toLowerCase() === 'o',
  enabled: () => useWorkspace.getState().status !== 'opening',
  // Without folder access the same key imports a folder into the sandbox instead.
  run: () => (canPickFolders() ? pickFolder() : chooseImportFolder()),
});
registerAction({
  id: 'import-folder',
  label: 'Import folder into the sandbox…',
  enabled: () => useWorkspace.getState().status !== 'opening',
  run: chooseImportFolder,
});
registerAction({
  id: 'download-changes',
  label: 'Download changes (files saved in the sandbox)',
  enabled: () => useWorkspace.getState().savedPaths.length > 0,
  run: downloadChanges,
});
// Resetting deletes what the user saved: the command asks first, wherever it is run from.
registerAction({ ...resetSandbox, label: 'Reset sandbox…', run: () => useWorkspace.getState().setConfirmingReset(true) });

/** What the workspace is, in the header's few words. */
function workspaceLabel(kind: string | null, name: string): { badge: string; name: string } {
  if (kind === 'sandbox') return { badge: 'Sandbox', name: 'browser storage' };
  if (kind === 'folder') return { badge: 'Folder', name };
  if (kind === 'case') return { badge: 'Case', name: name.replace(/^Case /, '') };
  if (kind === 'link') return { badge: 'Link', name: `links/${name.replace(/^Link /, '')}` };
  return { badge: '', name: '' };
}

export function WorkspaceBar() {
  const kind = useWorkspace((s) => s.kind);
  const name = useWorkspace((s) => s.name);
  const status = useWorkspace((s) => s.status);
  const fileCount = useWorkspace((s) => s.fileCount);
  const savedCount = useWorkspace((s) => s.savedPaths.length);
  const [pickers] = useState(canPickFolders);

  useEffect(() => {
    void loadRecentFolders();
    const over = (e: DragEvent): void => {
      if (!dragHasFiles(e) || e.defaultPrevented) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const drop = (e: DragEvent): void => void openDroppedFolder(e);
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, []);

  const label = workspaceLabel(kind, name);
  const opening = status === 'opening';
  return (
    <div className="workspace-bar" role="group" aria-label="Workspace">
      <span className="workspace-name" title={`${name}${status === 'ready' ? ` · ${fileCount >= 10_000 ? '10,000+' : fileCount} files` : ''}`} aria-live="polite">
        {opening ? (
          'Opening…'
        ) : (
          <>
            {label.badge && <span className={`workspace-kind kind-${kind ?? 'none'}`}>{label.badge}</span>}
            <span className="workspace-title">{label.name}</span>
          </>
        )}
      </span>
      {pickers ? (
        <>
          <button type="button" className="button" onClick={() => void pickFolder()} disabled={opening} title={`Open a folder on this computer (${MOD_LABEL}+O)`}>
            Open folder…
          </button>
          <RecentMenu disabled={opening} />
        </>
      ) : (
        <>
          <button type="button" className="button" onClick={chooseImportFolder} disabled={opening} title="Copy a folder's files into the sandbox">
            Import folder…
          </button>
          <button type="button" className="button" onClick={() => void downloadChanges()} disabled={savedCount === 0} title="Download the files saved in this session">
            Download changes{savedCount > 0 ? ` (${savedCount})` : ''}
          </button>
        </>
      )}
      {kind !== 'sandbox' && kind !== null && (
        <button type="button" className="button" onClick={() => void actionById('open-sandbox').run()} disabled={opening}>
          Sandbox
        </button>
      )}
      {kind === 'sandbox' && (
        <button type="button" className="button" onClick={() => useWorkspace.getState().setConfirmingReset(true)} disabled={opening}>
          Reset sandbox
        </button>
      )}
      <input
        ref={(el) => {
          importInput = el;
        }}
        type="file"
        multiple
        hidden
        aria-label="Folder to import"
        {...DIRECTORY_INPUT}
        onChange={(e) => {
          const files = e.currentTarget.files;
          if (files && files.length > 0) void importFolder([...files]);
          e.currentTarget.value = '';
        }}
      />
      <ResetSandboxDialog onConfirm={() => resetSandbox.run()} />
    </div>
  );
}

function RecentMenu({ disabled }: { disabled: boolean }) {
  const recent = useWorkspace((s) => s.recentFolders);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!open) return;
    items.current[0]?.focus();
    const outside = (e: MouseEvent): void => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  const close = (): void => {
    setOpen(false);
    button.current?.focus();
  };
  const move = (from: number, delta: number): void => {
    const n = items.current.filter(Boolean).length;
    if (n > 0) items.current[(from + delta + n) % n]?.focus();
  };
  const count = recent.length;
  items.current.length = count + 1;
  return (
    <div className="recent-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="button"
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={disabled || count === 0}
        title={count === 0 ? 'No recent folders yet' : 'Reopen a recent folder'}
        onClick={() => setOpen(!open)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        Recent <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div role="menu" aria-label="Recent folders" className="recent-list">
          {[...recent.map((f) => ({ key: `${f.openedAt}-${f.name}`, label: f.name, run: () => reopenRecent(f) })), { key: 'clear', label: 'Clear recent folders', run: async () => {
            await clearRecentFolders();
            await loadRecentFolders();
          } }].map((item, i) => (
            <button
              key={item.key}
              ref={(el) => {
                items.current[i] = el;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={item.key === 'clear' ? 'recent-item recent-clear' : 'recent-item'}
              onClick={() => {
                setOpen(false);
                void item.run();
              }}
              onKeyDown={(e) => {
                if (e.key === 'ArrowDown') move(i, 1);
                else if (e.key === 'ArrowUp') move(i, -1);
                else if (e.key === 'Escape' || e.key === 'Tab') close();
                else return;
                e.preventDefault();
                e.stopPropagation();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
