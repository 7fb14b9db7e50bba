// A JSON value pretty-printed as the tool returns it, lightly coloured. A <pre>, not an editor:
// read-only, selectable, and cheap for large results.

import { useMemo, type ReactNode } from 'react';

const TOKEN = /("(?:\\.|[^"\\])*")(\s*:)?|\b(?:true|false|null)\b|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

function highlight(json: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of json.matchAll(TOKEN)) {
    const at = m.index;
    if (at > last) out.push(json.slice(last, at));
    const cls = m[1] !== undefined ? (m[2] !== undefined ? 'json-key' : 'json-string') : /^[tfn]/.test(m[0]) ? 'json-literal' : 'json-number';
    out.push(
      <span key={at} className={cls}>
        {m[1] !== undefined && m[2] !== undefined ? m[1] : m[0]}
      </span>,
    );
    if (m[1] !== undefined && m[2] !== undefined) out.push(m[2]);
    last = at + m[0].length;
  }
  if (last < json.length) out.push(json.slice(last));
  return out;
}

export function JsonView({ value, label }: { value: unknown; label: string }) {
  const nodes = useMemo(() => highlight(JSON.stringify(value, null, 2) ?? 'undefined'), [value]);
  return (
    <pre className="json-view" aria-label={label} tabIndex={0}>
      {nodes}
    </pre>
  );
}
