// Long lists of line ranges, summarised (issue 17, item 11): a replace_all with 17,000 matches
// showed 17,079 links in Result and a wall of numbers in the Stages header. Everywhere ranges are
// listed: the first few, then "and N more", which opens a list that renders only the rows in view.

import { useState, type ReactNode } from 'react';
import type { LineRange } from '../../engine/types';

/** Ranges shown before "and N more". */
export const FIRST_RANGES = 5;
/** Height of one row of the full list, in px (fixed, so the rows in view are computed, not measured). */
export const RANGE_ROW_PX = 22;
const LIST_ROWS = 10;

export function rangeText(r: LineRange): string {
  return r.start === r.end ? `${r.start}` : `${r.start}–${r.end}`;
}

/** "and 17,074 more" */
export function moreText(n: number): string {
  return `and ${n.toLocaleString('en')} more`;
}

/**
 * The first FIRST_RANGES of `ranges` (each drawn by `item`), then a button "and N more" opening
 * all of them in a scrolled list of which only the rows in view are in the DOM.
 */
export function RangeSummary({ ranges, item, label, separator = null }: { ranges: readonly LineRange[]; item: (r: LineRange, index: number) => ReactNode; label: string; separator?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const first = ranges.slice(0, FIRST_RANGES);
  const rest = ranges.length - first.length;
  return (
    <>
      {first.map((r, i) => (
        <span key={i} className="range-item">
          {i > 0 && separator}
          {item(r, i)}
        </span>
      ))}
      {rest > 0 && ' '}
      {rest > 0 && (
        <button type="button" className="range-more" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'show fewer' : moreText(rest)}
        </button>
      )}
      {open && rest > 0 && <WindowedRanges ranges={ranges} item={item} label={label} />}
    </>
  );
}

/** Every range in a fixed-height scroller; only the rows in view (and a few around) are rendered. */
export function WindowedRanges({ ranges, item, label }: { ranges: readonly LineRange[]; item: (r: LineRange, index: number) => ReactNode; label: string }) {
  const [top, setTop] = useState(0);
  const from = Math.max(0, Math.floor(top / RANGE_ROW_PX) - 2);
  const to = Math.min(ranges.length, from + LIST_ROWS + 4);
  return (
    <div className="range-window" role="list" aria-label={label} aria-rowcount={ranges.length} style={{ height: Math.min(ranges.length, LIST_ROWS) * RANGE_ROW_PX }} onScroll={(e) => setTop(e.currentTarget.scrollTop)}>
      <div style={{ height: ranges.length * RANGE_ROW_PX, position: 'relative' }}>
        {ranges.slice(from, to).map((r, k) => (
          <div key={from + k} role="listitem" className="range-row" style={{ top: (from + k) * RANGE_ROW_PX, height: RANGE_ROW_PX }}>
            <span className="range-row-number">{(from + k + 1).toLocaleString('en')}.</span> {item(r, from + k)}
          </div>
        ))}
      </div>
    </div>
  );
}
