import { POINTS_PER_MM } from '@paperknife/catalog/paper-sizes';
import { type KeyboardEvent, type PointerEvent, useId, useRef } from 'react';
import { type CropArea, type CropMargins, areaBetween, areaOfMargins, insidePage, marginsOfArea } from './crop-area';
import { boxMovedByKey } from './page-box';
import { PagesLoading } from './pages-loading';
import { useDrawnPage } from './use-drawn-page';
import { usePdfPages } from './use-pdf-pages';
import { useI18n } from '~/i18n/i18n-context';

const PREVIEW_WIDTH = 360;
/** One arrow key press: 1 % of the page. */

type Drag =
  { kind: 'draw'; from: [number, number] } | { kind: 'move'; startX: number; startY: number; start: CropArea };

/**
 * The first page with the area Crop PDF keeps: drag on the page to draw the area (anywhere while it is the whole
 * page), drag the area to move it; with the keyboard, arrow keys move it and Shift with the arrow keys resizes it.
 * The margins follow in millimetres.
 */
export function CropAreaPicker({
  file,
  margins,
  onMarginsChange,
}: {
  file: File;
  margins: CropMargins;
  onMarginsChange: (margins: CropMargins) => void;
}) {
  const { t } = useI18n();
  const state = usePdfPages(file);
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const hintId = useId();
  const pages = state.status === 'ready' ? state.pages : undefined;

  const drawn = useDrawnPage(pages, 1, canvas, PREVIEW_WIDTH);

  if (!pages) return state.status === 'loading' ? <PagesLoading /> : null;

  // The page as shown (pdf.js applies the crop box and /Rotate), in millimetres.
  const page = {
    width: pages.firstPageSize.width / POINTS_PER_MM,
    height: pages.firstPageSize.height / POINTS_PER_MM,
  };
  const area = areaOfMargins(margins, page);
  const setArea = (next: CropArea) => onMarginsChange(marginsOfArea(insidePage(next), page));
  const pointAt = (event: PointerEvent<HTMLElement>): [number, number] | undefined => {
    const rect = frame.current?.getBoundingClientRect();
    if (!rect) return undefined;
    return [(event.clientX - rect.left) / rect.width, (event.clientY - rect.top) / rect.height];
  };
  const startDraw = (event: PointerEvent<HTMLElement>) => {
    const from = pointAt(event);
    if (!from) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { kind: 'draw', from };
  };
  const startMove = (event: PointerEvent<HTMLElement>) => {
    event.stopPropagation();
    // The whole page has nowhere to move and nothing outside to draw from: a drag on it draws the area.
    if (area.width >= 0.999 && area.height >= 0.999) {
      startDraw(event);
      return;
    }
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { kind: 'move', startX: event.clientX, startY: event.clientY, start: area };
  };
  const moveDrag = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    const rect = frame.current?.getBoundingClientRect();
    if (!current || !rect) return;
    if (current.kind === 'draw') {
      const to = pointAt(event);
      if (to) setArea(areaBetween(current.from, to));
      return;
    }
    const { start } = current;
    const dx = (event.clientX - current.startX) / rect.width;
    const dy = (event.clientY - current.startY) / rect.height;
    setArea({ ...start, x: start.x + dx, y: start.y + dy });
  };
  const endDrag = () => {
    drag.current = null;
  };
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const moved = boxMovedByKey(event, area);
    if (!moved) return;
    event.preventDefault();
    setArea(moved);
  };

  return (
    <div className="grid justify-items-center gap-2">
      <p id={hintId} className="text-xs text-muted-foreground">
        {t('crop.areaHint')}
      </p>
      <div
        ref={frame}
        className="relative w-fit cursor-crosshair touch-none overflow-hidden select-none"
        data-testid="crop-page"
        data-drawn={drawn || undefined}
        onPointerDown={startDraw}
        onPointerMove={moveDrag}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        <canvas ref={canvas} aria-hidden="true" className="block max-w-full bg-white shadow-sm" />
        <div
          role="group"
          tabIndex={0}
          aria-label={t('crop.area')}
          aria-describedby={hintId}
          data-testid="crop-area"
          className="absolute cursor-move border-2 border-dashed border-primary shadow-[0_0_0_9999px_rgb(0_0_0/0.35)] focus-visible:outline-2 focus-visible:outline-ring"
          style={{
            left: `${area.x * 100}%`,
            top: `${area.y * 100}%`,
            width: `${area.width * 100}%`,
            height: `${area.height * 100}%`,
          }}
          onPointerDown={startMove}
          onPointerMove={moveDrag}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          onKeyDown={onKey}
        />
      </div>
    </div>
  );
}
