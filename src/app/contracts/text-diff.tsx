// Expected against actual for a failed check: a line diff where both sides are text (files,
// diffs, messages, line lists), the two values side by side otherwise.

import { diffLines } from 'diff';
import { useMemo } from 'react';

/** Long unchanged stretches fold to this many lines on each side of a change. */
const CONTEXT = 3;

interface Row {
  sign: ' ' | '-' | '+';
  text: string;
  /** The side's text ends here without a line break. */
  noEol: boolean;
}

type Piece = { kind: 'row'; row: Row } | { kind: 'fold'; count: number };

/** Control characters that matter in a comparison but are invisible: shown as symbols. */
function visible(text: string): string {
  return text.replaceAll('\r', '␍').replaceAll('\uFEFF', '[BOM]');
}

function rowsOf(expected: string, actual: string): Row[] {
  const rows: Row[] = [];
  for (const change of diffLines(expected, actual)) {
    const sign = change.removed ? '-' : change.added ? '+' : ' ';
    const lines = change.value.split('\n');
    const endsWithBreak = lines.at(-1) === '';
    if (endsWithBreak) lines.pop();
    lines.forEach((text, i) => rows.push({ sign, text, noEol: !endsWithBreak && i === lines.length - 1 }));
  }
  return rows;
}

function fold(rows: Row[]): Piece[] {
  const out: Piece[] = [];
  let i = 0;
  while (i < rows.length) {
    if (rows[i]!.sign !== ' ') {
      out.push({ kind: 'row', row: rows[i]! });
      i++;
      continue;
    }
    let j = i;
    while (j < rows.length && rows[j]!.sign === ' ') j++;
    const keepHead = i === 0 ? 0 : CONTEXT;
    const keepTail = j === rows.length ? 0 : CONTEXT;
    const run = rows.slice(i, j);
    if (run.length > keepHead + keepTail + 1) {
      for (const row of run.slice(0, keepHead)) out.push({ kind: 'row', row });
      out.push({ kind: 'fold', count: run.length - keepHead - keepTail });
      for (const row of run.slice(run.length - keepTail)) out.push({ kind: 'row', row });
    } else {
      for (const row of run) out.push({ kind: 'row', row });
    }
    i = j;
  }
  return out;
}

/**
 * `fragment`: the expected side is a piece the actual text should contain (`diff.contains`), so
 * its missing final line break means nothing.
 */
export function TextDiff({ expected, actual, fragment = false }: { expected: string; actual: string; fragment?: boolean }) {
  const pieces = useMemo(() => fold(rowsOf(expected, actual)), [expected, actual]);
  const onlyFinalBreak = expected !== actual && expected.replace(/\r?\n$/, '') === actual.replace(/\r?\n$/, '');
  const onlyLineEnds = expected !== actual && expected.replaceAll('\r\n', '\n') === actual.replaceAll('\r\n', '\n');
  return (
    <figure className="contracts-diff">
      <figcaption className="contracts-diff-legend">
        <span className="contracts-diff-del">{fragment ? '− expected to be contained' : '− expected'}</span>{' '}
        <span className="contracts-diff-add">+ actual</span>
      </figcaption>
      <pre className="contracts-diff-body" aria-label="Line diff, expected against actual">
        {pieces.map((p, k) =>
          p.kind === 'fold' ? (
            <span key={k} className="contracts-diff-fold">
              {`  … ${p.count} unchanged line${p.count === 1 ? '' : 's'}\n`}
            </span>
          ) : (
            <span key={k} className={p.row.sign === '-' ? 'contracts-diff-del' : p.row.sign === '+' ? 'contracts-diff-add' : undefined}>
              {`${p.row.sign} ${visible(p.row.text)}`}
              {p.row.noEol && !fragment && <span className="contracts-diff-noeol"> (no line break at the end)</span>}
              {'\n'}
            </span>
          ),
        )}
        {pieces.length === 0 && <span className="contracts-diff-fold">(both empty)</span>}
      </pre>
      {onlyFinalBreak && !fragment && <p className="contracts-diff-note">The texts differ only in the line break at the end.</p>}
      {!onlyFinalBreak && onlyLineEnds && <p className="contracts-diff-note">The texts differ only in line endings (␍ marks a CR).</p>}
    </figure>
  );
}

function show(value: unknown): string {
  if (value === undefined) return '(nothing)';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}

/** Two values that are not both text: each shown whole. */
export function ValuePair({ expected, actual }: { expected: unknown; actual: unknown }) {
  return (
    <dl className="contracts-pair">
      <div>
        <dt>Expected</dt>
        <dd>
          <pre>{visible(show(expected))}</pre>
        </dd>
      </div>
      <div>
        <dt>Actual</dt>
        <dd>
          <pre>{visible(show(actual))}</pre>
        </dd>
      </div>
    </dl>
  );
}

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/**
 * Both sides as text when a line diff says more than the values would: strings, lists of lines
 * (`diff.removed`, warnings), and structured values (pretty JSON diffs line by line).
 */
export function comparableTexts(expected: unknown, actual: unknown): { expected: string; actual: string } | null {
  if (typeof expected === 'string' && typeof actual === 'string') return { expected, actual };
  if (isStringList(expected) && isStringList(actual)) {
    const lines = (l: string[]) => (l.length === 0 ? '' : `${l.join('\n')}\n`);
    return { expected: lines(expected), actual: lines(actual) };
  }
  const structured = (v: unknown) => typeof v === 'object' && v !== null;
  if (structured(expected) && structured(actual)) return { expected: `${JSON.stringify(expected, null, 2)}\n`, actual: `${JSON.stringify(actual, null, 2)}\n` };
  return null;
}
