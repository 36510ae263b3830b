import { FileWarning, Lock } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId } from 'react';
import { TILE_THUMB_WIDTH, OrganizeTile } from './organize-tile';
import { OrganizeToolbar } from './organize-toolbar';
import { PagesLoading } from './pages-loading';
import type { PdfPages } from './pdf-pages';
import { type PageOrderEdits, usePageOrderEdits } from './use-page-order-edits';
import { usePdfPages } from './use-pdf-pages';
import { useTileDrag } from './use-tile-drag';
import { useVirtualRows } from './use-virtual-rows';
import { useI18n } from '~/i18n/i18n-context';
import { logicalKey } from './page-selection';

/** A tile without a thumbnail (a blank page, or any page when the PDF cannot be drawn): Tailwind h-32. */
const PLACEHOLDER_HEIGHT = 128;
/** A tile's two caption lines, its padding and its border. */
const CAPTION_HEIGHT = 60;
const GAP = 12;

/** A tile's thumbnail height: the first page's shape at the tile's width, or the numbered placeholder's. */
function thumbHeightOf(pages: PdfPages | undefined): number {
  if (!pages) return PLACEHOLDER_HEIGHT;
  const { width, height } = pages.firstPageSize;
  return Math.round((TILE_THUMB_WIDTH * Math.max(width, height)) / width);
}

/** The list's keys: arrows pick, Alt or Ctrl+arrows move, letters edit the picked tile, Ctrl+Z/Y undo and redo. */
function onEditorKey(event: KeyboardEvent<HTMLElement>, edits: PageOrderEdits, dir: 'ltr' | 'rtl') {
  const { current, tiles } = edits;
  const command = event.ctrlKey || event.metaKey;
  const key = logicalKey(event.key, dir);
  const letter = key.toLowerCase();
  const step = key === 'ArrowLeft' || key === 'ArrowUp' ? -1 : key === 'ArrowRight' || key === 'ArrowDown' ? 1 : 0;
  let handled = true;
  if (step !== 0 && (event.altKey || command)) edits.move(current, current + step);
  else if (step !== 0) edits.setActive(Math.max(0, Math.min(current + step, tiles.length - 1)));
  else if (key === 'Home') edits.setActive(0);
  else if (key === 'End') edits.setActive(tiles.length - 1);
  else if (command && letter === 'z') edits.travel(event.shiftKey ? 'redo' : 'undo');
  else if (command && letter === 'y') edits.travel('redo');
  else if (command) handled = false;
  else if (letter === 'r') edits.rotate(current, event.shiftKey ? -90 : 90);
  else if (letter === 'd') edits.duplicate(current);
  else if (letter === 'b') edits.insertBlank(current);
  else if (key === 'Delete' || key === 'Backspace') edits.remove(current);
  else handled = false;
  if (handled) event.preventDefault();
}

/**
 * The visual page editor: the new document as tiles, reordered by drag or by keyboard, each page turned, copied
 * or removed, blank pages inserted, with undo and redo. The text field stays the one source: every change here
 * writes the compact spec into it, and typing there redraws the tiles. Screen readers hear each change.
 */
export function OrganizeEditor({
  pageCount,
  pages,
  order,
  onOrderChange,
}: {
  pageCount: number;
  /** Thumbnails, when the browser could open the PDF; numbered tiles otherwise. */
  pages?: PdfPages | undefined;
  order: string;
  onOrderChange: (spec: string) => void;
}) {
  const { t, dir } = useI18n();
  const listId = useId();
  const edits = usePageOrderEdits(pageCount, order, onOrderChange);
  const { tiles, current } = edits;
  const optionId = (index: number) => `${listId}-tile-${index}`;

  // Only the rows near the viewport are drawn, as in the page grid: a 1,000-page file costs a screenful.
  const thumbHeight = thumbHeightOf(pages);
  const cellWidth = TILE_THUMB_WIDTH + 16;
  const grid = useVirtualRows<HTMLDivElement>({
    itemCount: tiles.length,
    cellWidth,
    rowHeight: Math.max(thumbHeight, PLACEHOLDER_HEIGHT) + CAPTION_HEIGHT + GAP,
    gap: GAP,
  });
  const list = grid.ref;
  const { revealIndex } = grid;
  const drag = useTileDrag(list, edits.move);
  // The active tile must exist for aria-activedescendant, and the dragged one for its drag to end cleanly, even
  // when scrolled away.
  const shownIndexes = [
    ...new Set([
      ...grid.shownIndexes,
      ...(current >= 0 ? [current] : []),
      ...(drag.dragged !== undefined ? [drag.dragged] : []),
    ]),
  ].sort((a, b) => a - b);

  useEffect(() => {
    if (current >= 0) revealIndex(current);
  }, [current, revealIndex]);

  return (
    <div className="grid gap-3" data-testid="organize-editor">
      <OrganizeToolbar edits={edits} listId={listId} />
      <p id={`${listId}-help`} className="text-sm text-muted-foreground">
        {t('organize.help')}
      </p>
      <div
        ref={list}
        id={listId}
        role="listbox"
        aria-label={t('organize.list')}
        aria-describedby={`${listId}-help`}
        aria-activedescendant={tiles[current] ? optionId(current) : undefined}
        tabIndex={0}
        onKeyDown={(event) => onEditorKey(event, edits, dir)}
        onPointerDownCapture={drag.onListPointerDown}
        onScroll={grid.onScroll}
        className="relative max-h-[32rem] overflow-y-auto rounded-lg border bg-background p-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        data-testid="organize-pages"
      >
        <div style={{ height: grid.totalHeight }} className="relative">
          {shownIndexes.map((index) => (
            <OrganizeTile
              key={tiles[index]!.key}
              tile={tiles[index]!}
              index={index}
              count={tiles.length}
              id={optionId(index)}
              active={index === current}
              pages={pages}
              drag={drag}
              style={{ ...grid.position(index), width: cellWidth }}
              onPick={() => {
                edits.setActive(index);
                list.current?.focus({ preventScroll: true });
              }}
            />
          ))}
        </div>
      </div>
      <p className="sr-only" role="status" aria-live="polite" data-testid="organize-announcement">
        {edits.announcement}
      </p>
    </div>
  );
}

function Notice({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3 rounded-lg border border-dashed p-4 text-sm" role="status">
      {icon}
      <p>{children}</p>
    </div>
  );
}

/** Opens the dropped file in the browser (pdf.js) and shows the editor on its pages. */
export function DroppedFilePages({
  file,
  order,
  onOrderChange,
}: {
  file: File;
  order: string;
  onOrderChange: (spec: string) => void;
}) {
  const state = usePdfPages(file);
  switch (state.status) {
    case 'loading':
      return <PagesLoading />;
    case 'locked':
      return (
        <Notice icon={<Lock className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />}>
          This PDF is password-protected, so its pages cannot be organized. Remove the password first with Unlock PDF,
          then drop the unlocked file here.
        </Notice>
      );
    case 'damaged':
      return (
        <Notice icon={<FileWarning className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />}>
          The pages of this PDF cannot be shown here: your browser could not read it, so it may be damaged. You can
          still type the new order above and run the tool; the server reads and repairs what it can.
        </Notice>
      );
    case 'ready':
      return (
        <OrganizeEditor
          pageCount={state.pages.pageCount}
          pages={state.pages}
          order={order}
          onOrderChange={onOrderChange}
        />
      );
  }
}
