// A JSON value pretty-printed as the tool returns it, lightly coloured. A <pre>, not an editor:
// read-only, selectable, and cheap for large results: long arrays (10,000 line ranges) show their
// first items and a count, since every token is a node (the worker already cut long strings).
// Copy result copies all of it.

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

/** Array items shown at most. */
export const SHOWN_ITEMS = 100;

function shown(_key: string, value: unknown): unknown {
  // One more: an array the worker already cut (run-views.ts) holds its first 100 items and its note.
  if (!Array.isArray(value) || value.length <= SHOWN_ITEMS + 1) return value;
  return [...value.slice(0, SHOWN_ITEMS), `… ${(value.length - SHOWN_ITEMS).toLocaleString('en')} more items; copy for all of them`];
}

export function JsonView({ value, label }: { value: unknown; label: string }) {
  const nodes = useMemo(() => highlight(JSON.stringify(value, shown, 2) ?? 'undefined'), [value]);
  return (
    <pre className="json-view" aria-label={label} tabIndex={0}>
      {nodes}
    </pre>
  );
}
