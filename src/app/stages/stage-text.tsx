// A read-only view of one stage's content with spans highlighted. Lightweight on purpose: a <pre>
// of only the lines worth seeing (stage-lines.ts), so stepping through a 1 MB file stays instant,
// and its text is real DOM text that a screen reader or a test can read.

import { Fragment, useLayoutEffect, useMemo, useRef } from 'react';
import { linePieces, lineStarts, lineWindows, type Piece, type Span } from './stage-lines';

export interface StageTextProps {
  /** Accessible name of the content region, e.g. "Content after edit 1". */
  label: string;
  text: string;
  spans: readonly Span[];
  tone: 'matched' | 'written';
}

export function StageText({ label, text, spans, tone }: StageTextProps) {
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
  return (
    <section className="stage-text" aria-label={label}>
      <pre className="stage-code" ref={scroller} tabIndex={0}>
        {windows.map((w, wi) => (
          <Fragment key={w.from}>
            {w.from > (windows[wi - 1]?.to ?? 0) && <Gap lines={w.from - (windows[wi - 1]?.to ?? 0)} />}
            {Array.from({ length: w.to - w.from }, (_, k) => {
              const index = w.from + k;
              return (
                <span key={index} className="stage-line" data-line={index + 1}>
                  {linePieces(text, starts, index, spans).map((p, pi) => (
                    <PieceView key={pi} piece={p} tone={tone} />
                  ))}
                  {index < total - 1 ? '\n' : ''}
                </span>
              );
            })}
          </Fragment>
        ))}
        {last && last.to < total && <Gap lines={total - last.to} />}
      </pre>
      {hiddenSpans > 0 && (
        <p className="stage-hidden-note">
          {hiddenSpans.toLocaleString('en')} more highlighted {hiddenSpans === 1 ? 'place is' : 'places are'} not shown here; the Diff tab shows the whole file.
        </p>
      )}
    </section>
  );
}

function Gap({ lines }: { lines: number }) {
  return <span className="stage-gap">{`⋯ ${lines.toLocaleString('en')} ${lines === 1 ? 'line' : 'lines'} not shown\n`}</span>;
}

function PieceView({ piece, tone }: { piece: Piece; tone: 'matched' | 'written' }) {
  switch (piece.kind) {
    case 'text':
      return piece.text;
    case 'mark':
      return <mark className={`stage-mark ${tone}${piece.eol ? ' eol' : ''}`}>{piece.text}</mark>;
    case 'caret':
      return <span className={`stage-caret ${tone}`} title={tone === 'matched' ? 'Empty match: text is inserted here' : 'Text was removed here'} />;
    case 'clip':
      return <span className="stage-clip">{`…${piece.chars.toLocaleString('en')} chars…`}</span>;
  }
}
