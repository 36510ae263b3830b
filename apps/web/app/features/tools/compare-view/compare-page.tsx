import { useEffect, useRef, useState } from 'react';
import { cn } from '~/lib/cn';
import { type PdfPages, RenderCancelled } from '~/features/tools/page-view/pdf-pages';
import type { Mark, MarkKind } from './compare-marks';

/** The width pages are drawn at, in CSS pixels; the page is shown scaled to its column. */
const DRAW_WIDTH = 520;

const markStyles: Record<MarkKind, string> = {
  inserted: 'bg-green-500/35',
  deleted: 'bg-red-500/35',
  changed: 'bg-amber-400/45',
  region: 'border-2 border-blue-600 bg-blue-500/10',
};

/** One side of a page pair: the page drawn by pdf.js with its differences highlighted over it. */
export function ComparePage({
  pages,
  pageNumber,
  size,
  marks,
  active,
  label,
}: {
  pages: PdfPages | undefined;
  pageNumber: number | null;
  /** The page's size in points, as the comparison read it. */
  size: [number, number] | null;
  marks: readonly Mark[];
  active: string | undefined;
  label: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const target = canvas.current;
    if (!pages || pageNumber === null || !target) return;
    const rendering = pages.render(pageNumber, target, DRAW_WIDTH);
    rendering.done.then(
      () => setDrawn(true),
      (error: unknown) => {
        if (!(error instanceof RenderCancelled)) console.warn(`Page ${pageNumber} could not be drawn.`, error);
      },
    );
    return () => {
      rendering.cancel();
      target.width = 0;
      target.height = 0;
    };
  }, [pages, pageNumber]);

  if (pageNumber === null || !size) {
    return (
      <div className="flex min-h-40 items-center justify-center rounded border border-dashed text-sm text-muted-foreground">
        {label}
      </div>
    );
  }
  const [width, height] = size;
  return (
    <figure className="m-0 grid gap-1">
      <div
        className="relative overflow-hidden rounded border bg-white shadow-sm"
        style={{ aspectRatio: `${width} / ${height}` }}
        data-compare-page={pageNumber}
        data-drawn={drawn ? 'true' : undefined}
      >
        <canvas ref={canvas} aria-hidden="true" className="absolute inset-0 size-full" />
        {marks.map((mark, index) => {
          const [x0, y0, x1, y1] = mark.box;
          return (
            <div
              key={`${mark.id}-${index}`}
              aria-hidden="true"
              data-mark={mark.id}
              data-mark-kind={mark.kind}
              className={cn(
                'absolute rounded-sm',
                markStyles[mark.kind],
                active === mark.id && 'outline-2 outline-offset-1 outline-primary',
              )}
              style={{
                left: `${(x0 / width) * 100}%`,
                top: `${(y0 / height) * 100}%`,
                width: `${((x1 - x0) / width) * 100}%`,
                height: `${((y1 - y0) / height) * 100}%`,
              }}
            />
          );
        })}
      </div>
      <figcaption className="text-xs text-muted-foreground">{label}</figcaption>
    </figure>
  );
}
