import type { TextAlignment, TextFont } from '@paperknife/catalog/tools/add-text-images';
import { type KeyboardEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useBoxDragging } from './box-dragging';
import { type PageBox, clamp } from './page-box';
import type { PageSize } from './pdf-pages';
import { useDrawnPage } from './use-drawn-page';
import { usePdfPages } from './use-pdf-pages';
import { PagesLoading } from './pages-loading';
import { useI18n } from '~/i18n/i18n-context';

/** A text box or a picture as the page preview draws it. */
export interface PreviewItem {
  id: number;
  kind: 'text' | 'image';
  box: PageBox;
  /** The item's name for assistive technology ("Text box 1 on page 2"). */
  label: string;
  text: string;
  font: TextFont;
  /** Points. */
  size: number;
  color: string;
  bold: boolean;
  align: TextAlignment;
  opacity: number;
  /** An object URL of the picture. */
  pictureUrl?: string | undefined;
}

const PREVIEW_WIDTH = 480;

const cssFonts: Record<TextFont, string> = {
  sans: '"Noto Sans", Arial, sans-serif',
  serif: '"Noto Serif", "Times New Roman", serif',
  mono: '"DejaVu Sans Mono", "Courier New", monospace',
};

/** One text box or picture on the page: dragged by the pointer, moved, resized and removed by the keyboard. */
function PlacedItemBox({
  item,
  selected,
  describedBy,
  pageWidth,
  frame,
  onSelect,
  onBoxChange,
  onRemove,
}: {
  item: PreviewItem;
  selected: boolean;
  describedBy: string;
  /** The visible page's width in points, once known. */
  pageWidth: number | undefined;
  frame: RefObject<HTMLDivElement | null>;
  onSelect: (id: number) => void;
  onBoxChange: (id: number, box: PageBox) => void;
  onRemove: (id: number) => void;
}) {
  const { t } = useI18n();
  const { startDrag, moveDrag, endDrag, moveByKey } = useBoxDragging({
    box: item.box,
    frame,
    onBoxChange: (box) => onBoxChange(item.id, box),
    onDragStart: () => onSelect(item.id),
  });
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onRemove(item.id);
      return;
    }
    moveByKey(event);
  };

  return (
    <div
      role="group"
      tabIndex={0}
      aria-label={item.label}
      aria-describedby={describedBy}
      data-testid="placed-item"
      data-selected={selected || undefined}
      className={`absolute cursor-move border-2 border-dashed focus-visible:outline-2 focus-visible:outline-ring ${
        selected ? 'border-primary' : 'border-primary/40'
      }`}
      style={{
        left: `${item.box.x * 100}%`,
        top: `${item.box.y * 100}%`,
        width: `${item.box.width * 100}%`,
        height: `${item.box.height * 100}%`,
        containerType: 'inline-size',
      }}
      onFocus={() => onSelect(item.id)}
      onPointerDown={startDrag('move')}
      onPointerMove={moveDrag}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onKeyDown={onKey}
    >
      {item.kind === 'image' && item.pictureUrl ? (
        <img
          src={item.pictureUrl}
          alt=""
          draggable={false}
          className="pointer-events-none size-full object-contain"
          style={{ opacity: item.opacity }}
        />
      ) : (
        <div
          aria-hidden="true"
          dir="auto"
          className="pointer-events-none size-full break-words whitespace-pre-wrap"
          style={{
            fontFamily: cssFonts[item.font],
            // In hundredths of the box's width (the box is the size container), so the text keeps its size
            // against the page however wide the preview is drawn.
            fontSize: pageWidth ? `${(item.size / (item.box.width * pageWidth)) * 100}cqw` : undefined,
            lineHeight: 1.2,
            fontWeight: item.bold ? 700 : 400,
            color: item.color,
            opacity: item.opacity,
            textAlign: item.align,
          }}
        >
          {item.text}
        </div>
      )}
      <span
        aria-hidden="true"
        title={t('addText.resize')}
        className="absolute -right-2 -bottom-2 size-4 cursor-nwse-resize rounded-sm border-2 border-primary bg-background"
        onPointerDown={startDrag('resize')}
        onPointerMove={moveDrag}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      />
    </div>
  );
}

/**
 * The chosen page drawn with its text boxes and pictures on it: drag an item to move it, drag its corner to resize
 * it; with the keyboard, arrow keys move the focused item, Shift with the arrow keys resizes it and Delete removes
 * it. Text is drawn as it will be on the page: its size scaled to the preview, wrapping inside its box.
 */
export function PageItemsPlacement({
  file,
  pageNumber,
  items,
  selected,
  onSelect,
  onBoxChange,
  onRemove,
  onPageCount,
}: {
  file: File;
  pageNumber: number;
  items: readonly PreviewItem[];
  selected: number | undefined;
  onSelect: (id: number) => void;
  onBoxChange: (id: number, box: PageBox) => void;
  onRemove: (id: number) => void;
  onPageCount: (count: number) => void;
}) {
  const { t } = useI18n();
  const state = usePdfPages(file);
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<PageSize>();
  const hintId = useId();
  const pages = state.status === 'ready' ? state.pages : undefined;
  const page = pages ? clamp(pageNumber, 1, pages.pageCount) : 1;

  useEffect(() => {
    if (pages) onPageCount(pages.pageCount);
  }, [pages, onPageCount]);

  const drawn = useDrawnPage(pages, page, canvas, PREVIEW_WIDTH);
  useEffect(() => {
    if (!pages) return;
    let current = true;
    void pages.pageSize(page).then((next) => {
      if (current) setSize(next);
    });
    return () => {
      current = false;
    };
  }, [pages, page]);

  if (!pages) return state.status === 'loading' ? <PagesLoading /> : null;

  return (
    <div className="grid justify-items-center gap-2">
      <p id={hintId} className="text-xs text-muted-foreground">
        {t('addText.placeHint')}
      </p>
      <div
        ref={frame}
        className="relative w-fit touch-none select-none"
        data-testid="items-page"
        data-drawn={drawn || undefined}
      >
        <canvas ref={canvas} aria-hidden="true" className="block max-w-full bg-white shadow-sm" />
        {items.map((item) => (
          <PlacedItemBox
            key={item.id}
            item={item}
            selected={item.id === selected}
            describedBy={hintId}
            pageWidth={size?.width}
            frame={frame}
            onSelect={onSelect}
            onBoxChange={onBoxChange}
            onRemove={onRemove}
          />
        ))}
      </div>
    </div>
  );
}
