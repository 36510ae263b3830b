import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '~/lib/cn';
import { type PdfPages, RenderCancelled } from './pdf-pages';
import { useI18n } from '~/i18n/i18n-context';

/** Starts drawing a little before a thumbnail scrolls into view, so the visitor rarely sees an empty frame. */
const AHEAD_PX = 300;
const AHEAD = `${AHEAD_PX}px 0px`;

/** Whether `element` is within the window's viewport widened by AHEAD (what the observer will soon report). */
function nearViewport(element: Element): boolean {
  const rect = element.getBoundingClientRect();
  if (rect.width === 0 && rect.height === 0) return false;
  return (
    rect.bottom > -AHEAD_PX &&
    rect.top < window.innerHeight + AHEAD_PX &&
    rect.right > 0 &&
    rect.left < window.innerWidth
  );
}

/**
 * One page drawn small. It renders when it comes near the viewport and gives its canvas memory back (a 0×0
 * canvas) when it leaves, so a long document holds pixels only for what is on screen. `rotation` turns the
 * preview clockwise on top of the page's own rotation (rotate's preview).
 */
export function PageThumbnail({
  pages,
  pageNumber,
  width,
  rotation = 0,
  className,
}: {
  pages: PdfPages;
  pageNumber: number;
  /** The box's width in CSS pixels; its height follows the first page's shape. */
  width: number;
  rotation?: number;
  className?: string;
}) {
  const { t } = useI18n();
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [visible, setVisible] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const [failed, setFailed] = useState(false);

  // A layout effect, so a thumbnail already on screen starts drawing in this frame rather than at the observer's
  // first report a frame later (the first thumbnail after a drop).
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    if (nearViewport(element)) setVisible(true);
    const observer = new IntersectionObserver(([entry]) => setVisible(entry?.isIntersecting ?? false), {
      rootMargin: AHEAD,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const target = canvas.current;
    if (!visible || !target) return;
    setFailed(false);
    const rendering = pages.render(pageNumber, target, width, rotation);
    rendering.done.then(
      () => setDrawn(true),
      (error: unknown) => {
        if (error instanceof RenderCancelled) return;
        console.warn(`Page ${pageNumber} could not be drawn.`, error);
        setFailed(true);
      },
    );
    return () => {
      rendering.cancel();
      setDrawn(false);
      target.width = 0;
      target.height = 0;
    };
  }, [visible, pages, pageNumber, width, rotation]);

  const { width: pageWidth, height: pageHeight } = pages.firstPageSize;
  return (
    <div
      ref={box}
      className={cn('relative flex items-center justify-center overflow-hidden rounded bg-muted', className)}
      style={{ width, height: Math.round((width * Math.max(pageHeight, pageWidth)) / pageWidth) }}
      data-page-thumbnail={pageNumber}
      data-drawn={drawn ? 'true' : undefined}
    >
      <canvas
        ref={canvas}
        aria-hidden="true"
        className={cn('h-auto max-h-full w-auto max-w-full bg-white shadow-sm', !drawn && 'invisible')}
      />
      {failed ? <span className="absolute text-xs text-muted-foreground">{t('pages.previewUnavailable')}</span> : null}
    </div>
  );
}
