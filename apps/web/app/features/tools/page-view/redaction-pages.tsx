import type { PageRect } from '@paperknife/catalog/redaction';
import { type PointerEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useI18n } from '~/i18n/i18n-context';
import { cn } from '~/lib/cn';
import { type PdfPages, RenderCancelled } from './pdf-pages';
import { PagesLoading } from './pages-loading';
import { usePdfPages } from './use-pdf-pages';

/** An area shown on a page: a search hit (kept or dropped in the review) or a box drawn by the visitor. */
export interface PageMark {
  key: string;
  page: number;
  rect: PageRect;
  kind: 'kept' | 'dropped' | 'drawn';
}

const PREVIEW_WIDTH = 560;
/** A drag shorter than this, in points, is a click, not a box. */
const MIN_BOX = 4;

/**
 * The dropped PDF's pages drawn at reading size, with the hits and boxes over them; dragging on a page draws a
 * box. pdf.js draws them in the browser: nothing is uploaded for the previews. The review list beside them is the
 * keyboard's way to the same choices.
 */
export function RedactionPages({
  file,
  marks,
  onDraw,
}: {
  file: File;
  marks: readonly PageMark[];
  onDraw: (page: number, rect: PageRect) => void;
}) {
  const { t } = useI18n();
  const state = usePdfPages(file);
  if (state.status === 'loading') return <PagesLoading />;
  if (state.status !== 'ready') return <p className="text-sm text-muted-foreground">{t('pages.previewUnavailable')}</p>;
  const { pages } = state;
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{t('redact.pages.hint')}</p>
      <div
        role="region"
        aria-label={t('redact.pages.label')}
        // A scrolling box must be reachable by keyboard to be scrolled by it.
        tabIndex={0}
        className="grid max-h-[80vh] justify-items-center gap-4 overflow-y-auto rounded-lg bg-muted p-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {Array.from({ length: pages.pageCount }, (_, index) => (
          <RedactionPage
            key={index + 1}
            pages={pages}
            pageNumber={index + 1}
            marks={marks.filter((mark) => mark.page === index + 1)}
            onDraw={(rect) => onDraw(index + 1, rect)}
          />
        ))}
      </div>
    </div>
  );
}

const markClass: Record<PageMark['kind'], string> = {
  kept: 'bg-black/70 outline outline-2 outline-black',
  dropped: 'outline outline-2 outline-dashed outline-muted-foreground',
  drawn: 'bg-black/70 outline outline-2 outline-primary',
};

function RedactionPage({
  pages,
  pageNumber,
  marks,
  onDraw,
}: {
  pages: PdfPages;
  pageNumber: number;
  marks: readonly PageMark[];
  onDraw: (rect: PageRect) => void;
}) {
  const { t } = useI18n();
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState(pages.firstPageSize);
  const [visible, setVisible] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const [drag, setDrag] = useState<{ from: [number, number]; to: [number, number] } | undefined>();

  useEffect(() => {
    let live = true;
    void pages.pageSize(pageNumber).then((next) => live && setSize(next));
    return () => {
      live = false;
    };
  }, [pages, pageNumber]);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(([entry]) => setVisible(entry?.isIntersecting ?? false), {
      rootMargin: '400px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const target = canvas.current;
    if (!visible || !target) return;
    const rendering = pages.render(pageNumber, target, PREVIEW_WIDTH);
    rendering.done.then(
      () => setDrawn(true),
      (error: unknown) => {
        if (!(error instanceof RenderCancelled)) console.warn(`Page ${pageNumber} could not be drawn.`, error);
      },
    );
    return () => {
      rendering.cancel();
      setDrawn(false);
      target.width = 0;
      target.height = 0;
    };
  }, [visible, pages, pageNumber]);

  /** A pointer position as page points from the top-left corner. */
  const pointOf = (event: PointerEvent): [number, number] => {
    const bounds = box.current!.getBoundingClientRect();
    const clamp = (value: number) => Math.min(1, Math.max(0, value));
    return [
      clamp((event.clientX - bounds.left) / bounds.width) * size.width,
      clamp((event.clientY - bounds.top) / bounds.height) * size.height,
    ];
  };
  const dragRect = (from: [number, number], to: [number, number]): PageRect => [
    Math.min(from[0], to[0]),
    Math.min(from[1], to[1]),
    Math.max(from[0], to[0]),
    Math.max(from[1], to[1]),
  ];
  const place = (rect: PageRect) => ({
    left: `${(rect[0] / size.width) * 100}%`,
    top: `${(rect[1] / size.height) * 100}%`,
    width: `${((rect[2] - rect[0]) / size.width) * 100}%`,
    height: `${((rect[3] - rect[1]) / size.height) * 100}%`,
  });

  return (
    <figure className="grid gap-1">
      <div
        ref={box}
        className="relative cursor-crosshair touch-none bg-white shadow-sm select-none"
        style={{ width: PREVIEW_WIDTH, maxWidth: '100%', aspectRatio: `${size.width} / ${size.height}` }}
        data-redaction-page={pageNumber}
        data-drawn={drawn ? 'true' : undefined}
        onPointerDown={(event) => {
          if (event.button !== 0) return;
          event.currentTarget.setPointerCapture(event.pointerId);
          const point = pointOf(event);
          setDrag({ from: point, to: point });
        }}
        onPointerMove={(event) => drag && setDrag({ ...drag, to: pointOf(event) })}
        onPointerUp={(event) => {
          if (!drag) return;
          const rect = dragRect(drag.from, pointOf(event));
          setDrag(undefined);
          if (rect[2] - rect[0] >= MIN_BOX && rect[3] - rect[1] >= MIN_BOX) onDraw(rect);
        }}
        onPointerCancel={() => setDrag(undefined)}
      >
        <canvas ref={canvas} aria-hidden="true" className={cn('size-full', !drawn && 'invisible')} />
        {marks.map((mark) => (
          <span
            key={mark.key}
            aria-hidden="true"
            data-mark={mark.kind}
            className={cn('pointer-events-none absolute', markClass[mark.kind])}
            style={place(mark.rect)}
          />
        ))}
        {drag ? (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute bg-black/40 outline outline-2 outline-primary"
            style={place(dragRect(drag.from, drag.to))}
          />
        ) : null}
      </div>
      <figcaption className="text-center text-xs text-muted-foreground">
        {t('pages.page', { page: pageNumber })}
      </figcaption>
    </figure>
  );
}
