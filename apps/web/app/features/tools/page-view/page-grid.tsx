import {
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useId,
  useState,
} from 'react';
import { cn } from '~/lib/cn';
import { Button } from '~/components/ui/button';
import type { PdfPages } from './pdf-pages';
import { PageThumbnail } from './page-thumbnail';
import { type Cursor, type GridKey, allPages, clickPage, moveFocus, movedPage } from './page-selection';
import { useVirtualRows } from './use-virtual-rows';
import { PICKER_THUMB_WIDTH } from './thumbnail-width';
import { useI18n } from '~/i18n/i18n-context';
import { logicalKey } from './page-selection';

/** How one page looks beyond its thumbnail: turned (rotate), marked to go (delete), opening a file (split). */
export interface PageDecoration {
  rotation?: number;
  /** Dimmed and crossed out: the page will be removed. */
  removed?: boolean;
  /** A short note under the page number, read out with it ("File 2", "Will be deleted"). */
  note?: string;
  /** A break drawn before this page: a new output file starts here. */
  startsFile?: boolean;
}

const THUMB_WIDTH = PICKER_THUMB_WIDTH;
const GAP = 12;
/** Page number and note under the thumbnail, plus the cell's padding. */
const CAPTION_HEIGHT = 52;

const gridKeys = new Set<string>([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);
const isGridKey = (key: string): key is GridKey => gridKeys.has(key);

/** One page of the grid: its thumbnail, number and decoration, as an option of the listbox. */
function PageOption({
  id,
  page,
  pages,
  selected,
  active,
  decoration,
  style,
  onPick,
}: {
  id: string;
  page: number;
  pages: PdfPages;
  selected: boolean;
  /** The listbox's active option, outlined while the listbox has keyboard focus. */
  active: boolean;
  decoration: PageDecoration;
  style: CSSProperties;
  onPick: (event: MouseEvent) => void;
}) {
  const { t } = useI18n();
  return (
    <div
      id={id}
      role="option"
      aria-selected={selected}
      aria-setsize={pages.pageCount}
      aria-posinset={page}
      aria-label={
        decoration.note ? t('pages.pageWithNote', { page, note: decoration.note }) : t('pages.page', { page })
      }
      onMouseDown={(event) => {
        // Shift+click would otherwise select the captions' text.
        if (event.shiftKey) event.preventDefault();
      }}
      onClick={onPick}
      className={cn(
        'absolute flex cursor-pointer flex-col items-center gap-1 rounded-md border-2 border-transparent p-1.5 select-none',
        selected && 'border-primary bg-primary/10',
        active && 'group-focus-visible:outline-2 group-focus-visible:outline-offset-1 group-focus-visible:outline-ring',
      )}
      style={style}
      data-page={page}
    >
      {decoration.startsFile ? (
        <span aria-hidden="true" className="absolute -start-[8px] top-2 bottom-2 w-1 rounded bg-primary" />
      ) : null}
      <PageThumbnail
        pages={pages}
        pageNumber={page}
        width={THUMB_WIDTH}
        rotation={decoration.rotation ?? 0}
        className={cn(decoration.removed && 'opacity-40')}
      />
      {decoration.removed ? (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-3 top-1/3 h-0.5 -rotate-45 bg-destructive"
        />
      ) : null}
      <span className="text-sm font-medium">{page}</span>
      {decoration.note ? (
        <span aria-hidden="true" className="text-xs text-muted-foreground">
          {decoration.note}
        </span>
      ) : null}
    </div>
  );
}

/**
 * The pages of a PDF as a multi-select listbox of thumbnails: click toggles a page, Shift+click adds a range,
 * Ctrl/Cmd+click toggles too; arrows move focus (Shift+arrows extend), Space toggles, Ctrl+A selects all. Only
 * the rows near the viewport are in the DOM (each option says its position in the whole), so 1,000 pages cost
 * what a screenful costs. Focus stays on the listbox; the active page is its `aria-activedescendant`.
 */
export function PageGrid({
  pages,
  label,
  selected,
  onSelect,
  decorate,
  toolbar,
}: {
  pages: PdfPages;
  /** The listbox's accessible name. */
  label: string;
  selected: ReadonlySet<number>;
  onSelect: (next: Set<number>) => void;
  decorate?: (pageNumber: number, isSelected: boolean) => PageDecoration;
  /** Extra controls next to Select all / Select none. */
  toolbar?: ReactNode;
}) {
  const listId = useId();
  const [cursor, setCursor] = useState<Cursor>({ active: 1, anchor: 1 });
  const { pageCount } = pages;

  const { t, dir } = useI18n();
  const { width: pageWidth, height: pageHeight } = pages.firstPageSize;
  const thumbHeight = Math.round((THUMB_WIDTH * Math.max(pageHeight, pageWidth)) / pageWidth);
  const cellWidth = THUMB_WIDTH + 16;
  const rowHeight = thumbHeight + CAPTION_HEIGHT + GAP;
  const grid = useVirtualRows<HTMLDivElement>({ itemCount: pageCount, cellWidth, rowHeight, gap: GAP });
  const { columns, rowsPerScreen, revealIndex } = grid;
  const listbox = grid.ref;

  const shown = new Set<number>(grid.shownIndexes.map((index) => index + 1));
  // The active option must exist for aria-activedescendant, even when scrolled away.
  const active = Math.min(cursor.active, pageCount);
  shown.add(active);

  const optionId = (page: number) => `${listId}-page-${page}`;

  // Keeps the active page in view after keyboard moves.
  const [follow, setFollow] = useState(0);
  useEffect(() => {
    if (follow > 0) revealIndex(active - 1);
  }, [follow, active, revealIndex]);

  const apply = (result: { selected: Set<number>; cursor: Cursor }) => {
    setCursor(result.cursor);
    onSelect(result.selected);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const key = logicalKey(event.key, dir);
    if (isGridKey(key)) {
      event.preventDefault();
      const to = movedPage(active, key, columns, pageCount, rowsPerScreen);
      if (event.shiftKey) apply(moveFocus(selected, cursor, to, true));
      else setCursor({ active: to, anchor: to });
      setFollow((count) => count + 1);
    } else if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      apply(clickPage(selected, cursor, active, { shift: event.shiftKey }));
    } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      onSelect(allPages(pageCount));
    }
  };

  const count = selected.size;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => onSelect(allPages(pageCount))}>
          {t('pages.selectAll')}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => onSelect(new Set())}>
          {t('pages.selectNone')}
        </Button>
        {toolbar}
        <p className="ms-auto text-sm text-muted-foreground" aria-live="polite">
          {t('pages.selected', { count, total: pageCount })}
        </p>
      </div>
      <div
        ref={listbox}
        role="listbox"
        aria-label={label}
        aria-multiselectable="true"
        aria-activedescendant={optionId(active)}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onScroll={grid.onScroll}
        className="group relative max-h-[32rem] overflow-y-auto rounded-lg border bg-background p-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        data-testid="page-grid"
      >
        <div style={{ height: grid.totalHeight }} className="relative">
          {[...shown].map((page) => (
            <PageOption
              key={page}
              id={optionId(page)}
              page={page}
              pages={pages}
              selected={selected.has(page)}
              active={page === active}
              decoration={decorate?.(page, selected.has(page)) ?? {}}
              style={{ ...grid.position(page - 1), width: cellWidth }}
              onPick={(event) => {
                listbox.current?.focus({ preventScroll: true });
                apply(
                  clickPage(selected, cursor, page, { shift: event.shiftKey, toggle: event.ctrlKey || event.metaKey }),
                );
              }}
            />
          ))}
        </div>
      </div>
    </div>
  );
}
