// The selected workspace file, read-only in Monaco, with what the text model cares about: size,
// line ending and byte order mark. Re-read by the store whenever the workspace changes on disk.

import { lazy, Suspense } from 'react';
import { useLanguage } from '../use-language';
import { useUi } from '../state/ui-store';
import { useWorkspace } from '../state/workspace-store';
import type { FileContent } from '../../worker/protocol';
import './file-view.css';

const FileEditor = lazy(() => import('./file-editor'));

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function notText(content: Exclude<FileContent, { kind: 'text' }>): { tone: 'warn' | 'error'; text: string } {
  switch (content.kind) {
    case 'binary':
      return { tone: 'warn', text: `This is a binary file (${formatSize(content.size)}); only text files are shown and edited.` };
    case 'too-large':
      return { tone: 'warn', text: `This file is too large to show (${formatSize(content.size)}).` };
    case 'missing':
      return { tone: 'warn', text: 'This file no longer exists in the workspace.' };
    case 'directory':
      return { tone: 'warn', text: 'This is a folder, not a file.' };
    case 'denied':
      return { tone: 'error', text: `This file cannot be read: ${content.message}` };
  }
}

export function FileView() {
  const path = useWorkspace((s) => s.selectedPath);
  const content = useWorkspace((s) => s.selected);
  const theme = useUi((s) => s.theme);
  const language = useLanguage(path ?? '');

  if (path === null) return <p className="empty">Select a file in the Files list to see it here.</p>;
  const header = (
    <div className="file-view-header toolbar">
      <span className="mono file-view-path" title={path}>
        {path}
      </span>
      {content?.kind === 'text' && (
        <span className="file-view-facts" aria-label="File facts">
          <span>{formatSize(content.size)}</span>
          <span title="Line ending">{content.eol === '\r\n' ? 'CRLF' : 'LF'}</span>
          {content.bom && <span title="Starts with a UTF-8 byte order mark">BOM</span>}
          <span className="file-view-readonly">read-only</span>
        </span>
      )}
    </div>
  );
  let body;
  if (content === null) body = <p className="empty">Loading {path}…</p>;
  else if (content.kind !== 'text') {
    const n = notText(content);
    body = (
      <p className={`notice ${n.tone}`} role={n.tone === 'error' ? 'alert' : 'note'}>
        {n.text}
      </p>
    );
  } else
    body = (
      <div className="file-view-editor">
        <Suspense fallback={<p className="empty">Loading the editor…</p>}>
          <FileEditor path={path} text={content.text} language={language} theme={theme === 'dark' ? 'vs-dark' : 'vs'} />
        </Suspense>
      </div>
    );
  return (
    <section className="file-view" aria-label="File view">
      {header}
      {body}
    </section>
  );
}
