import { useEffect, useId, useRef } from 'react';
import { useBoxDragging } from './box-dragging';
import { type PageBox, clamp } from './page-box';
import { useDrawnPage } from './use-drawn-page';
import { usePdfPages } from './use-pdf-pages';
import { PagesLoading } from './pages-loading';
import { useI18n } from '~/i18n/i18n-context';

/** The signature's box as fractions of the visible page, from its top-left corner (the API's x, y, width, height). */
export type SignatureBox = PageBox;

const PREVIEW_WIDTH = 420;

/**
 * The chosen page drawn with the signature on it: drag the signature to move it, drag its corner to resize it;
 * with the keyboard, arrow keys move it and Shift with the arrow keys resizes it.
 */
export function SignaturePlacement({
  file,
  pageNumber,
  signature,
  box,
  onBoxChange,
  onPageCount,
}: {
  file: File;
  pageNumber: number;
  signature: string;
  box: SignatureBox;
  onBoxChange: (box: SignatureBox) => void;
  onPageCount: (count: number) => void;
}) {
  const { t } = useI18n();
  const state = usePdfPages(file);
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const pages = state.status === 'ready' ? state.pages : undefined;
  const page = pages ? clamp(pageNumber, 1, pages.pageCount) : 1;

  useEffect(() => {
    if (pages) onPageCount(pages.pageCount);
  }, [pages, onPageCount]);

  const drawn = useDrawnPage(pages, page, canvas, PREVIEW_WIDTH);

  const { startDrag, moveDrag, endDrag, moveByKey } = useBoxDragging({ box, frame, onBoxChange });

  if (!pages) return state.status === 'loading' ? <PagesLoading /> : null;

  return (
    <div className="grid justify-items-center gap-2">
      <p id={hintId} className="text-xs text-muted-foreground">
        {t('sign.placeHint')}
      </p>
      <div
        ref={frame}
        className="relative w-fit touch-none select-none"
        data-testid="signature-page"
        data-drawn={drawn || undefined}
      >
        <canvas ref={canvas} aria-hidden="true" className="block max-w-full bg-white shadow-sm" />
        <div
          role="group"
          tabIndex={0}
          aria-label={t('sign.onPage', { page })}
          aria-describedby={hintId}
          data-testid="signature-box"
          className="absolute cursor-move border-2 border-dashed border-primary/70 focus-visible:outline-2 focus-visible:outline-ring"
          style={{
            left: `${box.x * 100}%`,
            top: `${box.y * 100}%`,
            width: `${box.width * 100}%`,
            height: `${box.height * 100}%`,
          }}
          onPointerDown={startDrag('move')}
          onPointerMove={moveDrag}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          onKeyDown={moveByKey}
        >
          <img src={signature} alt="" draggable={false} className="pointer-events-none size-full object-contain" />
          <span
            aria-hidden="true"
            title={t('sign.resize')}
            data-testid="signature-resize"
            className="absolute -right-2 -bottom-2 size-4 cursor-nwse-resize rounded-sm border-2 border-primary bg-background"
            onPointerDown={startDrag('resize')}
            onPointerMove={moveDrag}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
          />
        </div>
      </div>
    </div>
  );
}
