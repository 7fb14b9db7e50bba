// A read-only view of one stage's content with spans highlighted. Lightweight on purpose: a <pre>
// of only the lines worth seeing (stage-lines.ts) of the stretch the worker sent (a StageWindow:
// the whole of a small file, the lines around the first highlights of a large one), so stepping
// through a 5 MB file stays instant, and its text is real DOM text a screen reader or a test reads.

import { Fragment, useLayoutEffect, useMemo, useRef } from 'react';
import type { StageWindow } from '../../worker/protocol';
import { linePieces, lineStarts, lineWindows, trailingFrom, whitespaceRuns, type Piece } from './stage-lines';

export interface StageTextProps {
  /** Accessible name of the content region, e.g. "Content after edit 1". */
  label: string;
  content: StageWindow;
  tone: 'matched' | 'written';
}

export function StageText({ label, content, tone }: StageTextProps) {
  const { text, spans, firstLine, totalLines, outside } = content;
  const starts = useMemo(() => lineStarts(text), [text]);
  const { windows, hiddenSpans } = useMemo(() => lineWindows(starts, spans), [starts, spans]);
  const scroller = useRef<HTMLPreElement>(null);

  // Bring the first highlight to the middle of the view whenever the step changes.
  useLayoutEffect(() => {
    const box = scroller.current;
    const mark = box?.querySelector<HTMLElement>('.stage-mark, .stage-caret');
    if (!box) return;
    if (!mark) {
      box.scrollTop = 0;
      return;
    }
    const boxRect = box.getBoundingClientRect();
    const markRect = mark.getBoundingClientRect();
    box.scrollTop += markRect.top - boxRect.top - (box.clientHeight - markRect.height) / 2;
    const markLeft = markRect.left - boxRect.left + box.scrollLeft;
    box.scrollLeft = markLeft > box.clientWidth * 0.8 ? markLeft - 80 : 0;
  }, [text, spans]);

  const total = starts.length;
  const last = windows[windows.length - 1];
  const hidden = hiddenSpans + outside;
  return (
    <section className="stage-text" aria-label={label}>
      <pre className="stage-code" ref={scroller} tabIndex={0}>
        {windows.map((w, wi) => (
          <Fragment key={w.from}>
            {(wi === 0 ? firstLine + w.from : w.from - windows[wi - 1]!.to) > 0 && <Gap lines={wi === 0 ? firstLine + w.from : w.from - windows[wi - 1]!.to} />}
            {Array.from({ length: w.to - w.from }, (_, k) => {
              const index = w.from + k;
              return (
                <span key={index} className="stage-line" data-line={firstLine + index + 1}>
                  {withColumns(linePieces(text, starts, index, spans)).map(({ piece, at }, pi) => (
                    <PieceView key={pi} piece={piece} tone={tone} at={at} trail={trailingFrom(lineText(text, starts, index))} />
                  ))}
                  {index < total - 1 ? '\n' : ''}
                </span>
              );
            })}
          </Fragment>
        ))}
        {last && firstLine + last.to < totalLines && <Gap lines={totalLines - firstLine - last.to} />}
      </pre>
      {hidden > 0 && (
        <p className="stage-hidden-note">
          {hidden.toLocaleString('en')} more highlighted {hidden === 1 ? 'place is' : 'places are'} not shown here; the Diff tab shows the whole file.
        </p>
      )}
    </section>
  );
}

function Gap({ lines }: { lines: number }) {
  return <span className="stage-gap">{`⋯ ${lines.toLocaleString('en')} ${lines === 1 ? 'line' : 'lines'} not shown\n`}</span>;
}

/** The text of line `index`, without its `\n`. */
function lineText(text: string, starts: readonly number[], index: number): string {
  const end = index + 1 < starts.length ? starts[index + 1]! - 1 : text.length;
  return text.slice(starts[index]!, end);
}

/** Each piece with the column it starts at (a clipped line's columns after the clip are not trusted). */
function withColumns(pieces: Piece[]): { piece: Piece; at: number }[] {
  let at = 0;
  return pieces.map((piece) => {
    const mine = at;
    at += piece.kind === 'text' || piece.kind === 'mark' ? piece.text.length : piece.kind === 'clip' ? piece.chars : 0;
    return { piece, at: mine };
  });
}

/** Text exactly as it is (runs of spaces kept by `white-space: pre`), tabs and trailing spaces drawn. */
function Shown({ text, at, trail }: { text: string; at: number; trail: number }) {
  const runs = whitespaceRuns(text, at, trail);
  if (runs.length === 1 && runs[0]!.kind === 'plain') return text;
  return (
    <>
      {runs.map((r, i) =>
        r.kind === 'plain' ? (
          r.text
        ) : r.kind === 'tab' ? (
          <span key={i} className="stage-ws-tab" title="tab">
            {r.text}
          </span>
        ) : (
          <span key={i} className="stage-ws-trail" title="trailing spaces">
            {r.text}
          </span>
        ),
      )}
    </>
  );
}

function PieceView({ piece, tone, at, trail }: { piece: Piece; tone: 'matched' | 'written'; at: number; trail: number }) {
  switch (piece.kind) {
    case 'text':
      return <Shown text={piece.text} at={at} trail={trail} />;
    case 'mark':
      return (
        <mark className={`stage-mark ${tone}${piece.eol ? ' eol' : ''}`}>
          <Shown text={piece.text} at={at} trail={trail} />
        </mark>
      );
    case 'caret':
      return <span className={`stage-caret ${tone}`} title={tone === 'matched' ? 'Empty match: text is inserted here' : 'Text was removed here'} />;
    case 'clip':
      return <span className="stage-clip">{`…${piece.chars.toLocaleString('en')} chars…`}</span>;
  }
}
