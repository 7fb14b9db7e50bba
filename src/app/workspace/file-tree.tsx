// The workspace's files: a filter, then a tree loaded folder by folder. Rows have one fixed
// height and only the ones in view are rendered, which is why a folder of 10,000 files scrolls
// as smoothly as one of ten. Keyboard: Up/Down move, Right/Left unfold/fold (or go in/out),
// Enter/Space open, Home/End jump.

import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { actionById } from '../actions';
import { useUi } from '../state/ui-store';
import { FILTER_LOAD_BOUND, useWorkspace } from '../state/workspace-store';
import { canPickFolders } from './folder-access';
import { filteredRows, treeKey, treeRows, type TreeRow } from './tree-rows';
import './file-tree.css';

const ROW_HEIGHT = 24;
/** Rows rendered beyond each edge of the view, so fast scrolling shows no blank band. */
const OVERSCAN = 10;
const FILTER_DEBOUNCE_MS = 150;

/** The filter can only match names it has seen: load unseen folders (within a bound) first. */
function useFilterSearch(query: string, status: string, revision: number): { query: string; state: 'loading' | 'done'; truncated: boolean } | null {
  const [search, setSearch] = useState<{ query: string; state: 'loading' | 'done'; truncated: boolean } | null>(null);
  useEffect(() => {
    const q = query.trim();
    if (q === '' || status !== 'ready') {
      setSearch(null);
      return;
    }
    let stale = false;
    const timer = setTimeout(() => {
      setSearch({ query: q, state: 'loading', truncated: false });
      void useWorkspace
        .getState()
        .loadTree()
        .then(({ truncated }) => {
          if (!stale) setSearch({ query: q, state: 'done', truncated });
        });
    }, FILTER_DEBOUNCE_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [query, status, revision]);
  return search;
}

export function FileTree() {
  const status = useWorkspace((s) => s.status);
  const error = useWorkspace((s) => s.error);
  const kind = useWorkspace((s) => s.kind);
  const listings = useWorkspace((s) => s.listings);
  const listErrors = useWorkspace((s) => s.listErrors);
  const expanded = useWorkspace((s) => s.expanded);
  const selectedPath = useWorkspace((s) => s.selectedPath);
  const revision = useWorkspace((s) => s.revision);
  const name = useWorkspace((s) => s.name);
  const [query, setQuery] = useState('');
  const search = useFilterSearch(query, status, revision);

  const filtering = query.trim() !== '';
  const rows = useMemo(() => (filtering ? filteredRows(listings, query) : treeRows(listings, expanded)), [filtering, listings, expanded, query]);
  const rootLoaded = listings[''] !== undefined;

  let body;
  if (status === 'error') {
    body = (
      <div className="notice error" role="alert">
        <p>The workspace could not be opened: {error}</p>
        {kind !== 'sandbox' && (
          <button type="button" className="button" onClick={() => void actionById('open-sandbox').run()}>
            Back to the sandbox
          </button>
        )}
      </div>
    );
  } else if (status === 'idle' || (status === 'opening' && !rootLoaded)) {
    body = <p className="empty">Opening the workspace…</p>;
  } else if (listErrors[''] !== undefined) {
    body = <p className="notice error" role="alert">{listErrors['']}</p>;
  } else if (!rootLoaded) {
    body = <p className="empty">Loading the file list…</p>;
  } else if (rootLoaded && listings['']!.length === 0) {
    body = (
      <p className="empty">
        This workspace is empty.{' '}
        {kind === 'sandbox' ? 'Reset the sandbox to bring the sample files back.' : 'Files a save creates will show here.'}
      </p>
    );
  } else if (filtering && rows.length === 0) {
    body = (
      <p className="empty" role="status">
        {search?.state !== 'done'
          ? 'Searching…'
          : `No file name contains “${query.trim()}”${search.truncated ? ` in the first ${FILTER_LOAD_BOUND.folders} folders searched. Larger trees are searched only that far: open the folder you mean to search deeper.` : '.'}`}
      </p>
    );
  } else {
    body = <TreeList rows={rows} selectedPath={selectedPath} listErrors={listErrors} filtering={filtering} resetKey={`${kind}:${name}`} />;
  }

  return (
    <div className="file-tree">
      <WorkspaceNotices />
      <div className="toolbar file-tree-toolbar">
        <input
          type="search"
          className="file-filter"
          aria-label="Filter files"
          placeholder="Filter files"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && query !== '') {
              e.stopPropagation();
              setQuery('');
            }
          }}
        />
        <button type="button" className="icon-button" aria-label="Refresh the file list" title="Refresh the file list" onClick={() => void useWorkspace.getState().refresh()} disabled={status !== 'ready'}>
          ⟳
        </button>
      </div>
      {filtering && search?.truncated && rows.length > 0 && (
        <p className="file-tree-hint">Searched the first {FILTER_LOAD_BOUND.folders} folders only.</p>
      )}
      {body}
    </div>
  );
}

/** Notices about the workspace: missing folder access, open and permission problems, imports. */
function WorkspaceNotices() {
  const notice = useWorkspace((s) => s.notice);
  const [pickers] = useState(canPickFolders);
  return (
    <>
      {!pickers && (
        <p className="notice warn" role="note">
          This browser cannot open folders on your computer. Use “Import folder…” to copy a folder into the sandbox, then “Download changes” to take back
          the files you saved.
        </p>
      )}
      {notice && (
        <div className={`notice ${notice.tone} workspace-notice`} role={notice.tone === 'error' ? 'alert' : 'status'}>
          <span>{notice.text}</span>
          <button type="button" className="notice-close" aria-label="Dismiss" onClick={() => useWorkspace.getState().setNotice(null)}>
            ×
          </button>
        </div>
      )}
    </>
  );
}

interface TreeListProps {
  rows: TreeRow[];
  selectedPath: string | null;
  listErrors: Record<string, string>;
  /** Filter mode: folders are shown unfolded and cannot be folded. */
  filtering: boolean;
  /** Changes when another workspace opens: scroll and cursor start over. */
  resetKey: string;
}

function TreeList({ rows, selectedPath, listErrors, filtering, resetKey }: TreeListProps) {
  const base = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewHeight, setViewHeight] = useState(400);
  const [activePath, setActivePath] = useState<string | null>(null);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    setViewHeight(el.clientHeight);
    const observer = new ResizeObserver(() => setViewHeight(el.clientHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    setActivePath(null);
    setScrollTop(0);
    if (scroller.current) scroller.current.scrollTop = 0;
  }, [resetKey]);

  const indexOf = useMemo(() => new Map(rows.map((r, i) => [r.path, i])), [rows]);
  const active = activePath !== null && indexOf.has(activePath) ? indexOf.get(activePath)! : selectedPath !== null && indexOf.has(selectedPath) ? indexOf.get(selectedPath)! : 0;

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + viewHeight) / ROW_HEIGHT) + OVERSCAN);
  const rowId = (i: number): string => `${base}-row-${i}`;

  const reveal = (i: number): void => {
    const el = scroller.current;
    if (!el) return;
    const top = i * ROW_HEIGHT;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + ROW_HEIGHT > el.scrollTop + el.clientHeight) el.scrollTop = top + ROW_HEIGHT - el.clientHeight;
  };
  const moveTo = (i: number): void => {
    const row = rows[Math.max(0, Math.min(rows.length - 1, i))];
    if (!row) return;
    setActivePath(row.path);
    reveal(indexOf.get(row.path)!);
  };
  const activate = (row: TreeRow): void => {
    setActivePath(row.path);
    if (row.kind === 'directory') {
      if (!filtering) useWorkspace.getState().toggleFolder(row.path);
      return;
    }
    void useWorkspace.getState().select(row.path);
    useUi.getState().setBottomTab('file');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>): void => {
    const move = treeKey(e.key, rows, active, Math.max(1, Math.floor(viewHeight / ROW_HEIGHT) - 1), filtering, indexOf);
    if (move === null) return;
    if (move.kind === 'move') moveTo(move.to);
    else if (move.kind === 'fold') useWorkspace.getState().setExpanded(move.path, move.open);
    else if (move.kind === 'activate') activate(move.row);
    e.preventDefault();
  };

  const visible = rows.slice(first, last);
  return (
    <div
      ref={scroller}
      className="tree-scroll"
      role="tree"
      aria-label="Files"
      tabIndex={0}
      aria-activedescendant={rows.length > 0 ? rowId(active) : undefined}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      onKeyDown={onKeyDown}
    >
      <div role="presentation" className="tree-spacer" style={{ height: rows.length * ROW_HEIGHT }}>
        {visible.map((row, k) => (
          <TreeItem
            key={row.path}
            row={row}
            id={rowId(first + k)}
            top={(first + k) * ROW_HEIGHT}
            active={first + k === active}
            selected={row.path === selectedPath}
            failed={row.kind === 'directory' ? listErrors[row.path] : undefined}
            onPick={() => {
              scroller.current?.focus({ preventScroll: true });
              activate(row);
            }}
          />
        ))}
      </div>
    </div>
  );
}

interface TreeItemProps {
  row: TreeRow;
  id: string;
  top: number;
  active: boolean;
  selected: boolean;
  /** Why the folder's listing failed. */
  failed: string | undefined;
  onPick(): void;
}

function TreeItem({ row, id, top, active, selected, failed, onPick }: TreeItemProps) {
  return (
    <div
      id={id}
      role="treeitem"
      aria-level={row.depth + 1}
      aria-posinset={row.index + 1}
      aria-setsize={row.siblings}
      aria-expanded={row.kind === 'directory' ? row.expanded : undefined}
      aria-selected={selected}
      aria-busy={row.loading || undefined}
      className={`tree-row${active ? ' active' : ''}${row.kind === 'directory' ? ' folder' : ''}`}
      style={{ top, paddingLeft: 6 + row.depth * 14 }}
      title={failed ?? row.path}
      onClick={onPick}
    >
      {/* Marks are drawn by CSS from the ARIA state, so a row's text is exactly its name. */}
      <span className="tree-twisty" aria-hidden="true" />
      <span className="tree-name">{row.match ? highlight(row.name, row.match) : row.name}</span>
      {(row.loading || failed) && <span className={`tree-meta${failed ? ' bad' : ''}`} aria-hidden="true" />}
    </div>
  );
}

function highlight(name: string, match: { start: number; end: number }) {
  return (
    <>
      {name.slice(0, match.start)}
      <mark>{name.slice(match.start, match.end)}</mark>
      {name.slice(match.end)}
    </>
  );
}
