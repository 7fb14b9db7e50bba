// The unified diff text (the tool's `diff` field) as the tool returns it, coloured by line kind.
// It is plain DOM text, so it can be selected and copied as a patch.

import { useMemo } from 'react';

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

export function UnifiedDiff({ label, diff }: { label: string; diff: string }) {
  const lines = useMemo(() => {
    const all = diff.endsWith('\n') ? diff.slice(0, -1).split('\n') : diff.split('\n');
    let inHunk = false;
    const shown = all.slice(0, MAX_LINES).map((text) => {
      inHunk ||= text.startsWith('@@');
      return { text, kind: kindOf(text, inHunk) };
    });
    return { shown, total: all.length };
  }, [diff]);
  if (diff === '') return <p className="empty">No changes: the content after the call is the same as before.</p>;
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

/** Added and removed line counts of a unified diff. */
export function diffStat(diff: string): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  let inHunk = false;
  for (let i = 0; i < diff.length; ) {
    const end = diff.indexOf('\n', i);
    const c = diff[i];
    if (c === '@' && diff.startsWith('@@', i)) inHunk = true;
    else if (inHunk && c === '+') added++;
    else if (inHunk && c === '-') removed++;
    if (end === -1) break;
    i = end + 1;
  }
  return { added, removed };
}
