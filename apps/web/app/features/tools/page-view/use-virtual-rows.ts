import { type RefObject, type UIEvent, useCallback, useLayoutEffect, useRef, useState } from 'react';

/** Rows drawn above and below the visible ones. */
const OVERSCAN_ROWS = 2;
/** The scroll box's own horizontal padding (Tailwind `p-2` on both sides). */
const INLINE_PADDING = 16;

export interface VirtualRows<Element extends HTMLElement> {
  /** Goes on the scrolling box: it is measured, and its scroll position read. */
  ref: RefObject<Element | null>;
  onScroll: (event: UIEvent<Element>) => void;
  columns: number;
  /** The height of the inner box holding every row, drawn or not. */
  totalHeight: number;
  /** How many whole rows fit in the box (Page Up / Page Down). */
  rowsPerScreen: number;
  /** The 0-based indexes near the viewport, in order. */
  shownIndexes: number[];
  /** Where the cell of a 0-based index sits in the inner box. */
  /** Where a cell sits: from the top, and from the start edge (the right on a right-to-left page). */
  position: (index: number) => { top: number; insetInlineStart: number };
  /** Scrolls the least needed to bring the row of a 0-based index fully into view. */
  revealIndex: (index: number) => void;
}

/**
 * A grid of equal cells in a scrolling box where only the rows near the viewport are drawn, so a 1,000-page
 * file costs what a screenful costs. Cells are absolutely placed in an inner box of `totalHeight`; the caller
 * renders `shownIndexes` (plus any index it must keep, such as the focused one) at `position(index)`.
 */
export function useVirtualRows<Element extends HTMLElement>({
  itemCount,
  cellWidth,
  rowHeight,
  gap,
}: {
  itemCount: number;
  cellWidth: number;
  /** A row's height including the gap below it. */
  rowHeight: number;
  /** Between columns. */
  gap: number;
}): VirtualRows<Element> {
  const ref = useRef<Element>(null);
  // jsdom and the first render have no layout; assume a modest box of four columns until measured.
  const [size, setSize] = useState(() => ({ width: 4 * (cellWidth + gap), height: 480 }));
  const [scrollTop, setScrollTop] = useState(0);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      if (element.clientWidth > 0) setSize({ width: element.clientWidth, height: element.clientHeight });
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const columns = Math.max(1, Math.floor((size.width - INLINE_PADDING + gap) / (cellWidth + gap)));
  const rows = Math.ceil(itemCount / columns);
  const firstRow = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN_ROWS);
  const lastRow = Math.min(rows - 1, Math.ceil((scrollTop + size.height) / rowHeight) + OVERSCAN_ROWS);
  const shownIndexes: number[] = [];
  for (let index = firstRow * columns; index < Math.min(itemCount, (lastRow + 1) * columns); index++) {
    shownIndexes.push(index);
  }

  const revealIndex = useCallback(
    (index: number) => {
      const element = ref.current;
      if (!element) return;
      const top = Math.floor(index / columns) * rowHeight;
      if (top < element.scrollTop) element.scrollTop = top;
      else if (top + rowHeight > element.scrollTop + element.clientHeight) {
        element.scrollTop = top + rowHeight - element.clientHeight;
      }
    },
    [columns, rowHeight],
  );

  return {
    ref,
    onScroll: (event) => setScrollTop(event.currentTarget.scrollTop),
    columns,
    totalHeight: rows * rowHeight,
    rowsPerScreen: Math.max(1, Math.floor(size.height / rowHeight)),
    shownIndexes,
    position: (index) => ({
      top: Math.floor(index / columns) * rowHeight,
      insetInlineStart: (index % columns) * (cellWidth + gap),
    }),
    revealIndex,
  };
}
