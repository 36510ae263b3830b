import type { PdfPages } from './pdf-pages';
import { PageThumbnail } from './page-thumbnail';
import { usePdfPages } from './use-pdf-pages';
import { useVirtualRows } from './use-virtual-rows';
import { PagesLoading } from './pages-loading';
import { useI18n } from '~/i18n/i18n-context';

const THUMB_WIDTH = 96;
const GAP = 12;
/** The page number under the thumbnail, plus the cell's padding. */
const CAPTION_HEIGHT = 32;

/** Every page of a PDF to look at, nothing to pick (merge's expanded rows): thumbnails in page order. */
function PageList({ pages, label }: { pages: PdfPages; label: string }) {
  const { t } = useI18n();
  const { pageCount } = pages;
  const { width: pageWidth, height: pageHeight } = pages.firstPageSize;
  const thumbHeight = Math.round((THUMB_WIDTH * Math.max(pageHeight, pageWidth)) / pageWidth);
  const cellWidth = THUMB_WIDTH + 8;
  const grid = useVirtualRows<HTMLDivElement>({
    itemCount: pageCount,
    cellWidth,
    rowHeight: thumbHeight + CAPTION_HEIGHT + GAP,
    gap: GAP,
  });
  return (
    // ARIA roles rather than ul/li: the rows are absolutely placed in an inner box, which a ul may not hold.
    <div
      ref={grid.ref}
      role="list"
      aria-label={label}
      // A scrolling box must be reachable by keyboard to be scrolled by it.
      tabIndex={0}
      onScroll={grid.onScroll}
      className="relative max-h-80 overflow-y-auto rounded-lg border bg-background p-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      data-testid="file-pages"
    >
      <div style={{ height: grid.totalHeight }} className="relative">
        {grid.shownIndexes.map((index) => (
          <div
            key={index}
            role="listitem"
            aria-setsize={pageCount}
            aria-posinset={index + 1}
            aria-label={t('pages.page', { page: index + 1 })}
            className="absolute flex flex-col items-center gap-1 p-1"
            style={{ ...grid.position(index), width: cellWidth }}
          >
            <PageThumbnail pages={pages} pageNumber={index + 1} width={THUMB_WIDTH} />
            <span aria-hidden="true" className="text-xs text-muted-foreground">
              {index + 1}
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}

/** Opens `file` in the browser and lists its pages; says so when it cannot be shown (the merge still works). */
export function FilePages({ file }: { file: File }) {
  const { t } = useI18n();
  const state = usePdfPages(file);
  switch (state.status) {
    case 'loading':
      return <PagesLoading />;
    case 'locked':
      return <p className="text-sm text-muted-foreground">{t('pages.lockedShort')}</p>;
    case 'damaged':
      return <p className="text-sm text-muted-foreground">{t('pages.damagedShort')}</p>;
    case 'ready':
      return <PageList pages={state.pages} label={t('pages.of', { name: file.name })} />;
  }
}
