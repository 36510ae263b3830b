import {
  type PageSpecEntry,
  type PageTurn,
  formatPageSpec,
  identityPageSpec,
  organizePages,
} from '@paperknife/catalog/page-spec';
import {
  ArrowLeft,
  ArrowRight,
  Copy,
  FilePlus2,
  FileWarning,
  GripVertical,
  Lock,
  Redo2,
  RotateCcw,
  RotateCw,
  Trash2,
  Undo2,
} from 'lucide-react';
import {
  type DragEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/cn';
import { PageThumbnail } from './page-thumbnail';
import type { PdfPages } from './pdf-pages';
import { usePdfPages } from './use-pdf-pages';
import { useVirtualRows } from './use-virtual-rows';
import { PagesLoading } from './pages-loading';

const THUMB_WIDTH = 96;
/** A tile without a thumbnail (a blank page, or any page when the PDF cannot be drawn): Tailwind h-32. */
const PLACEHOLDER_HEIGHT = 128;
/** A tile's two caption lines, its padding and its border. */
const CAPTION_HEIGHT = 60;
const GAP = 12;
/** How close to the list's top or bottom edge (CSS px) a finger dragging a page scrolls the list. */
const EDGE_SCROLL_ZONE = 48;

/** A page of the new document with a key that survives moves, so its thumbnail is not drawn again. */
interface Tile {
  key: number;
  entry: PageSpecEntry;
}

let nextKey = 1;
const toTiles = (entries: readonly PageSpecEntry[]): Tile[] => entries.map((entry) => ({ key: nextKey++, entry }));
const specOf = (tiles: readonly Tile[]) => formatPageSpec(tiles.map((tile) => tile.entry));

const turned = (turn: PageTurn, by: number): PageTurn => ((((turn + by) % 360) + 360) % 360) as PageTurn;
const tileName = (entry: PageSpecEntry) => (entry.kind === 'blank' ? 'Blank page' : `Page ${entry.page}`);

/** The order the text spells for this document, or undefined while it does not read (mid-typing, a page too far). */
function readOrder(text: string, pageCount: number): PageSpecEntry[] | undefined {
  try {
    return organizePages(text, pageCount);
  } catch {
    return undefined;
  }
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
  const listId = useId();
  const [tiles, setTiles] = useState<Tile[]>(() => toTiles(readOrder(order, pageCount) ?? identityPageSpec(pageCount)));
  const [history, setHistory] = useState<{ past: Tile[][]; future: Tile[][] }>({ past: [], future: [] });
  const [active, setActive] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<number | undefined>();
  // Where a page dragged by its grip (touch, pen) would land: the tile under the finger.
  const [dropTarget, setDropTarget] = useState<number | undefined>();
  // Tiles are HTML-draggable for a mouse only: Chrome takes a touch on a draggable element for a possible drag and
  // then drops the click of the taps that follow. Set by the last pointer pressed in the list, before its drag (a
  // mouse press makes the tile draggable before the mouse moves; Chrome looks for a draggable element only then).
  // False until a mouse is seen: a first touch must not land on a draggable tile.
  const [mousePointer, setMousePointer] = useState(false);

  // A blank field, or one left from another file, starts as every page in its own order, so the editor and the
  // field agree from the start.
  const filled = useRef(false);
  useEffect(() => {
    if (filled.current) return;
    filled.current = true;
    if (!readOrder(order, pageCount)) onOrderChange(specOf(tiles));
  }, [order, pageCount, onOrderChange, tiles]);

  // Typing in the field redraws the tiles once the text reads as an order of this PDF.
  useEffect(() => {
    if (order.trim() === '' || order === specOf(tiles)) return;
    const typed = readOrder(order, pageCount);
    if (!typed || formatPageSpec(typed) === specOf(tiles)) return;
    setTiles(toTiles(typed));
    setActive((index) => Math.min(index, typed.length - 1));
    // Only the field's text drives this; the tiles are what it is compared with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [order, pageCount]);

  const commit = (next: Tile[], message: string, nextActive: number) => {
    setHistory(({ past }) => ({ past: [...past, tiles], future: [] }));
    setTiles(next);
    setActive(Math.max(0, Math.min(nextActive, next.length - 1)));
    setAnnouncement(message);
    onOrderChange(specOf(next));
  };

  const travel = (direction: 'undo' | 'redo') => {
    const source = direction === 'undo' ? history.past : history.future;
    const target = source[source.length - 1];
    if (!target) return;
    setHistory(({ past, future }) =>
      direction === 'undo'
        ? { past: past.slice(0, -1), future: [...future, tiles] }
        : { past: [...past, tiles], future: future.slice(0, -1) },
    );
    setTiles(target);
    setActive((index) => Math.min(index, target.length - 1));
    setAnnouncement(direction === 'undo' ? 'Undone.' : 'Redone.');
    onOrderChange(specOf(target));
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= tiles.length || from === to) return;
    const next = [...tiles];
    const [tile] = next.splice(from, 1);
    next.splice(to, 0, tile!);
    commit(next, `${tileName(tile!.entry)} moved to position ${to + 1} of ${next.length}.`, to);
  };

  const rotate = (index: number, by: 90 | -90) => {
    const tile = tiles[index];
    if (!tile) return;
    const entry = { ...tile.entry, turn: turned(tile.entry.turn, by) };
    const next = tiles.with(index, { key: tile.key, entry });
    const turn = entry.turn === 0 ? 'not turned' : `turned ${entry.turn}° clockwise`;
    commit(next, `${tileName(entry)} at position ${index + 1} ${turn}.`, index);
  };

  const duplicate = (index: number) => {
    const tile = tiles[index];
    if (!tile) return;
    const next = tiles.toSpliced(index + 1, 0, { key: nextKey++, entry: tile.entry });
    commit(next, `${tileName(tile.entry)} copied to position ${index + 2}.`, index + 1);
  };

  const remove = (index: number) => {
    const tile = tiles[index];
    if (!tile) return;
    const next = tiles.toSpliced(index, 1);
    if (!next.some((other) => other.entry.kind === 'page')) {
      setAnnouncement('Keep at least one page of the PDF.');
      return;
    }
    commit(next, `${tileName(tile.entry)} removed from position ${index + 1}.`, index);
  };

  const insertBlank = (index: number) => {
    const next = tiles.toSpliced(index + 1, 0, { key: nextKey++, entry: { kind: 'blank', turn: 0 } });
    commit(next, `Blank page inserted at position ${index + 2}.`, index + 1);
  };

  const reset = () => commit(toTiles(identityPageSpec(pageCount)), 'Back to the original order.', 0);

  const current = Math.min(active, tiles.length - 1);
  const optionId = (index: number) => `${listId}-tile-${index}`;

  // Only the rows near the viewport are drawn, as in the page grid: a 1,000-page file costs a screenful.
  const thumbHeight = pages
    ? Math.round(
        (THUMB_WIDTH * Math.max(pages.firstPageSize.width, pages.firstPageSize.height)) / pages.firstPageSize.width,
      )
    : PLACEHOLDER_HEIGHT;
  const cellWidth = THUMB_WIDTH + 16;
  const grid = useVirtualRows<HTMLDivElement>({
    itemCount: tiles.length,
    cellWidth,
    rowHeight: Math.max(thumbHeight, PLACEHOLDER_HEIGHT) + CAPTION_HEIGHT + GAP,
    gap: GAP,
  });
  const list = grid.ref;
  const { revealIndex } = grid;
  // The active tile must exist for aria-activedescendant, and the dragged one for its drag to end cleanly, even
  // when scrolled away.
  const shownIndexes = [
    ...new Set([...grid.shownIndexes, ...(current >= 0 ? [current] : []), ...(dragged !== undefined ? [dragged] : [])]),
  ].sort((a, b) => a - b);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const command = event.ctrlKey || event.metaKey;
    const key = event.key;
    const step = key === 'ArrowLeft' || key === 'ArrowUp' ? -1 : key === 'ArrowRight' || key === 'ArrowDown' ? 1 : 0;
    let handled = true;
    if (step !== 0 && (event.altKey || command)) move(current, current + step);
    else if (step !== 0) setActive(Math.max(0, Math.min(current + step, tiles.length - 1)));
    else if (key === 'Home') setActive(0);
    else if (key === 'End') setActive(tiles.length - 1);
    else if (command && key.toLowerCase() === 'z') travel(event.shiftKey ? 'redo' : 'undo');
    else if (command && key.toLowerCase() === 'y') travel('redo');
    else if (command) handled = false;
    else if (key.toLowerCase() === 'r') rotate(current, event.shiftKey ? -90 : 90);
    else if (key.toLowerCase() === 'd') duplicate(current);
    else if (key.toLowerCase() === 'b') insertBlank(current);
    else if (key === 'Delete' || key === 'Backspace') remove(current);
    else handled = false;
    if (handled) event.preventDefault();
  };

  useEffect(() => {
    if (current >= 0) revealIndex(current);
  }, [current, revealIndex]);

  const onDrop = (event: DragEvent<HTMLDivElement>, index: number) => {
    event.preventDefault();
    if (dragged !== undefined) move(dragged, index);
    setDragged(undefined);
  };

  // Touch and pen drag a page by its grip with pointer events: the HTML drag and drop above is the mouse's, and
  // touch screens do not start it. Only the grip stops the finger from scrolling (touch-action: none), so the list
  // still scrolls under a finger anywhere else.
  const tileUnder = (x: number, y: number): number | undefined => {
    const tile = globalThis.document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-index]');
    if (!tile || !list.current?.contains(tile)) return undefined;
    return Number(tile.dataset['index']);
  };
  const onGripDown = (event: PointerEvent<HTMLSpanElement>, index: number) => {
    if (event.pointerType === 'mouse' || !event.isPrimary) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    setDragged(index);
    setDropTarget(index);
  };
  const onGripMove = (event: PointerEvent<HTMLSpanElement>) => {
    if (dragged === undefined || !event.currentTarget.hasPointerCapture(event.pointerId)) return;
    const box = list.current?.getBoundingClientRect();
    if (box && list.current) {
      if (event.clientY < box.top + EDGE_SCROLL_ZONE) list.current.scrollTop -= EDGE_SCROLL_ZONE / 2;
      else if (event.clientY > box.bottom - EDGE_SCROLL_ZONE) list.current.scrollTop += EDGE_SCROLL_ZONE / 2;
    }
    const over = tileUnder(event.clientX, event.clientY);
    if (over !== undefined) setDropTarget(over);
  };
  const onGripUp = (event: PointerEvent<HTMLSpanElement>) => {
    if (dragged === undefined) return;
    const over = tileUnder(event.clientX, event.clientY) ?? dropTarget;
    if (over !== undefined && over !== dragged) move(dragged, over);
    setDragged(undefined);
    setDropTarget(undefined);
  };
  const onGripCancel = () => {
    setDragged(undefined);
    setDropTarget(undefined);
  };

  const selected = tiles[current];
  const pagesKept = tiles.filter((tile) => tile.entry.kind === 'page').length;
  const tool = (label: string, icon: ReactNode, action: () => void, disabled = false, shortcut?: string) => (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={action}
      disabled={disabled}
      title={shortcut ? `${label} (${shortcut})` : label}
      aria-keyshortcuts={shortcut}
    >
      {icon}
      {label}
    </Button>
  );

  return (
    <div className="grid gap-3" data-testid="organize-editor">
      <div
        role="toolbar"
        aria-label="Page actions"
        aria-controls={listId}
        className="flex flex-wrap items-center gap-2"
      >
        {tool(
          'Move left',
          <ArrowLeft aria-hidden="true" />,
          () => move(current, current - 1),
          current <= 0,
          'Alt+ArrowLeft',
        )}
        {tool(
          'Move right',
          <ArrowRight aria-hidden="true" />,
          () => move(current, current + 1),
          current >= tiles.length - 1,
          'Alt+ArrowRight',
        )}
        {tool('Rotate left', <RotateCcw aria-hidden="true" />, () => rotate(current, -90), !selected, 'Shift+R')}
        {tool('Rotate right', <RotateCw aria-hidden="true" />, () => rotate(current, 90), !selected, 'R')}
        {tool('Duplicate', <Copy aria-hidden="true" />, () => duplicate(current), !selected, 'D')}
        {tool(
          'Delete',
          <Trash2 aria-hidden="true" />,
          () => remove(current),
          !selected || (selected.entry.kind === 'page' && pagesKept <= 1),
          'Delete',
        )}
        {tool('Insert blank page', <FilePlus2 aria-hidden="true" />, () => insertBlank(current), !selected, 'B')}
        {tool('Undo', <Undo2 aria-hidden="true" />, () => travel('undo'), history.past.length === 0, 'Control+Z')}
        {tool('Redo', <Redo2 aria-hidden="true" />, () => travel('redo'), history.future.length === 0, 'Control+Y')}
        <Button type="button" variant="ghost" size="sm" onClick={reset}>
          Reset
        </Button>
      </div>
      <p id={`${listId}-help`} className="text-sm text-muted-foreground">
        Drag pages to reorder them (on a touch screen, by the grip at their corner), or pick one and use the buttons.
        Keyboard: arrows to pick, Alt+arrows to move, R to turn, D to copy, B to add a blank page after it, Delete to
        remove, Ctrl+Z to undo.
      </p>
      <div
        ref={list}
        id={listId}
        role="listbox"
        aria-label="Pages of the new PDF, in order"
        aria-describedby={`${listId}-help`}
        aria-activedescendant={selected ? optionId(current) : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDownCapture={(event) => setMousePointer(event.pointerType === 'mouse')}
        onScroll={grid.onScroll}
        className="relative max-h-[32rem] overflow-y-auto rounded-lg border bg-background p-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        data-testid="organize-pages"
      >
        <div style={{ height: grid.totalHeight }} className="relative">
          {shownIndexes.map((index) => {
            const tile = tiles[index]!;
            const { entry } = tile;
            const note = entry.turn === 0 ? '' : `turned ${entry.turn}°`;
            return (
              <div
                key={tile.key}
                id={optionId(index)}
                role="option"
                aria-selected={index === current}
                aria-posinset={index + 1}
                aria-setsize={tiles.length}
                aria-label={`${tileName(entry)}${note ? `, ${note}` : ''}, position ${index + 1}`}
                draggable={mousePointer}
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', String(index));
                  setDragged(index);
                }}
                onDragOver={(event) => event.preventDefault()}
                onDrop={(event) => onDrop(event, index)}
                onDragEnd={() => setDragged(undefined)}
                onClick={() => {
                  setActive(index);
                  list.current?.focus({ preventScroll: true });
                }}
                style={{ ...grid.position(index), width: cellWidth }}
                className={cn(
                  'absolute flex cursor-grab flex-col items-center gap-1 rounded-md border-2 border-transparent p-1.5 select-none',
                  index === current && 'border-primary bg-primary/10',
                  dragged === index && 'opacity-50',
                  dropTarget !== undefined &&
                    dropTarget !== dragged &&
                    index === dropTarget &&
                    'border-dashed border-ring',
                )}
                data-index={index}
                data-entry={entry.kind === 'blank' ? 'blank' : entry.page}
                data-turn={entry.turn}
              >
                <span
                  aria-hidden="true"
                  className="absolute top-0.5 right-0.5 z-10 flex size-7 cursor-grab touch-none items-center justify-center rounded bg-background/80 text-muted-foreground"
                  onPointerDown={(event) => onGripDown(event, index)}
                  onPointerMove={onGripMove}
                  onPointerUp={onGripUp}
                  onPointerCancel={onGripCancel}
                  data-drag-grip
                >
                  <GripVertical className="size-4" />
                </span>
                {entry.kind === 'page' && pages ? (
                  <PageThumbnail pages={pages} pageNumber={entry.page} width={THUMB_WIDTH} rotation={entry.turn} />
                ) : (
                  <div
                    aria-hidden="true"
                    className={cn(
                      'flex h-32 w-24 items-center justify-center rounded border text-lg font-semibold',
                      entry.kind === 'blank'
                        ? 'border-dashed bg-white text-xs text-neutral-600'
                        : 'bg-muted text-muted-foreground',
                    )}
                    style={{ transform: entry.turn ? `rotate(${entry.turn}deg) scale(0.75)` : undefined }}
                  >
                    {entry.kind === 'blank' ? 'Blank' : entry.page}
                  </div>
                )}
                <span className="text-sm font-medium">{index + 1}</span>
                <span aria-hidden="true" className="text-xs text-muted-foreground">
                  {entry.kind === 'blank' ? 'Blank' : `Page ${entry.page}`}
                  {note ? ` · ${entry.turn}°` : ''}
                </span>
              </div>
            );
          })}
        </div>
      </div>
      <p className="sr-only" role="status" aria-live="polite" data-testid="organize-announcement">
        {announcement}
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
