// The unified diff text (the tool's `diff` field) as the tool returns it, coloured by line kind.
// It is plain DOM text, so it can be selected and copied as a patch. The worker sends only the
// lines shown: a 10,000-edit diff has 100k lines, which neither cross to the page nor render.

import { useMemo } from 'react';
import { engine } from '../worker-client';
import { useWorkerValue } from '../state/use-worker-value';

/** Lines rendered at most; the copy button always copies the whole diff. */
const MAX_LINES = 5000;

// `---`/`+++` are file headers only before the first hunk; inside one they are a removed `--…`
// or an added `++…` line.
function kindOf(line: string, inHunk: boolean): string {
  if (line.startsWith('@@')) return 'diff-line-hunk';
  if (!inHunk) return 'diff-line-file';
  if (line.startsWith('+')) return 'diff-line-add';
  if (line.startsWith('-')) return 'diff-line-del';
  if (line.startsWith('\\')) return 'diff-line-note';
  return 'diff-line-context';
}

export function UnifiedDiff({ label, runId, file }: { label: string; runId: number; file: number }) {
  const head = useWorkerValue(`${runId}:${file}`, () => engine.request('file/unified', { runId, file, maxLines: MAX_LINES }));
  const lines = useMemo(() => {
    if (head.status !== 'done') return null;
    const { text } = head.value;
    const all = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
    let inHunk = false;
    const shown = all.map((line) => {
      inHunk ||= line.startsWith('@@');
      return { text: line, kind: kindOf(line, inHunk) };
    });
    return { shown, total: head.value.lines };
  }, [head]);
  if (head.status === 'failed') return <p className="notice error">{head.message}</p>;
  if (lines === null) return <p className="empty">Loading the unified diff…</p>;
  if (lines.total === 0) return <p className="empty">No changes: the content after the call is the same as before.</p>;
  return (
    <section className="diff-unified" aria-label={label}>
      <pre>
        {lines.shown.map((line, i) => (
          <span key={i} className={line.kind}>
            {line.text}
            {'\n'}
          </span>
        ))}
      </pre>
      {lines.total > MAX_LINES && (
        <p className="diff-unified-more">
          Showing the first {MAX_LINES.toLocaleString('en')} of {lines.total.toLocaleString('en')} lines; Copy diff copies all of them.
        </p>
      )}
    </section>
  );
}
