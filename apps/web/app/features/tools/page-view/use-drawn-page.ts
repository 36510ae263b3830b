import { type RefObject, useEffect, useState } from 'react';
import { type PdfPages, RenderCancelled } from './pdf-pages';

/**
 * Draws one page of `pages` into `canvas` at `cssWidth`, again whenever the page changes, the drawing before it
 * cancelled; answers whether the current page is drawn (tests and styles wait on it). A page that cannot be drawn is
 * logged and stays blank: the placement on top of it still works.
 */
export function useDrawnPage(
  pages: PdfPages | undefined,
  page: number,
  canvas: RefObject<HTMLCanvasElement | null>,
  cssWidth: number,
): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const target = canvas.current;
    if (!pages || !target) return;
    setDrawn(false);
    const rendering = pages.render(page, target, cssWidth);
    rendering.done.then(
      () => setDrawn(true),
      (error: unknown) => {
        if (!(error instanceof RenderCancelled)) console.warn(`Page ${page} could not be drawn.`, error);
      },
    );
    return () => rendering.cancel();
  }, [pages, page, canvas, cssWidth]);
  return drawn;
}
