import { writeFileSync } from 'node:fs';
import type * as mupdf from 'mupdf';
import type { CompareDifferences, PageBox, PagePair } from '@paperknife/catalog/compare-differences';
import { pairDiffers } from '@paperknife/catalog/compare-differences';
import { openPdf } from '../mupdf/open-pdf.js';
import type { ReportProgress } from '../mupdf/task-table.js';
import { type PageContent, regionScale } from './compare-model.js';
import { writeCompareReport } from './compare-report.js';
import { matchPages } from './page-matching.js';
import { pageTextChanges } from './page-text-changes.js';
import { type RgbPixels, type PixelBox, changedRegions } from './pixel-regions.js';
import { readPageContent, renderPage, thumbnailOf } from './read-pages.js';

export interface CompareDocumentsPayload {
  /** The preflighted original and changed PDFs. */
  original: string;
  changed: string;
  /** With a report: where to write it, and the uploads' names for its first page. */
  report?: { path: string; originalName: string; changedName: string };
}

function readDocument(doc: mupdf.PDFDocument): PageContent[] {
  return Array.from({ length: doc.countPages() }, (_, index) => {
    const page = doc.loadPage(index);
    try {
      return readPageContent(page);
    } finally {
      page.destroy();
    }
  });
}

const toPixels =
  (scale: number) =>
  (box: PageBox): PixelBox =>
    box.map((value, i) => value * scale + (i < 2 ? -1 : 1)) as PixelBox;
const toPoints =
  (scale: number) =>
  (box: PixelBox): PageBox =>
    box.map((value) => Math.round((value / scale) * 100) / 100) as PageBox;

/** Renders drawn while matching pages (those without text), kept within a memory budget until their pair is compared. */
class KeptRenders {
  private static readonly BUDGET_BYTES = 64 * 1024 * 1024;
  private readonly kept = new Map<mupdf.PDFDocument, Map<number, { pixels: RgbPixels; scale: number }>>();
  private bytes = 0;

  keep(doc: mupdf.PDFDocument, index: number, pixels: RgbPixels, scale: number): void {
    if (this.bytes + pixels.pixels.length > KeptRenders.BUDGET_BYTES) return;
    this.bytes += pixels.pixels.length;
    const pages = this.kept.get(doc) ?? new Map<number, { pixels: RgbPixels; scale: number }>();
    pages.set(index, { pixels, scale });
    this.kept.set(doc, pages);
  }

  /** The page's render at `scale`: the kept one (given up, as each page is compared once), or drawn now. */
  take(doc: mupdf.PDFDocument, index: number, scale: number): RgbPixels {
    const kept = this.kept.get(doc)?.get(index);
    if (kept) {
      this.kept.get(doc)!.delete(index);
      this.bytes -= kept.pixels.pixels.length;
      if (kept.scale === scale) return kept.pixels;
    }
    return renderPage(doc, index, scale);
  }
}

/**
 * Compares two PDFs page pair by page pair: pages matched (moved ones found by their text), words diffed, then the
 * pages rendered small to find what else is drawn differently. Writes the PDF report when asked.
 */
export function compareDocuments(payload: CompareDocumentsPayload, report?: ReportProgress): CompareDifferences {
  const original = openPdf(payload.original);
  const changed = openPdf(payload.changed);
  try {
    const contentA = readDocument(original);
    const contentB = readDocument(changed);
    const renders = new KeptRenders();
    const signature = (doc: mupdf.PDFDocument) => (content: PageContent, index: number) => {
      if (content.words.length > 0)
        return { words: content.words.map((word) => word.text), thumbnail: new Uint8Array(0) };
      // A page without text is matched by its look: its render is kept for the regions, not drawn twice.
      const scale = regionScale(content.size);
      const pixels = renderPage(doc, index, scale);
      renders.keep(doc, index, pixels, scale);
      return { words: [], thumbnail: thumbnailOf(pixels) };
    };
    const matches = matchPages(contentA.map(signature(original)), contentB.map(signature(changed)));

    const pages = matches.map((match, done): PagePair => {
      report?.({ stage: 'Comparing pages', done, total: matches.length });
      const a = match.original === null ? undefined : contentA[match.original]!;
      const b = match.changed === null ? undefined : contentB[match.changed]!;
      const pair: PagePair = {
        original: match.original === null ? null : match.original + 1,
        changed: match.changed === null ? null : match.changed + 1,
        originalSize: a?.size ?? null,
        changedSize: b?.size ?? null,
        moved: match.moved,
        textChanges: [],
        regions: [],
      };
      if (!a || !b) return pair;
      const text = pageTextChanges(a.words, b.words);
      pair.textChanges = text.changes;
      // Both pages at one scale, so their pixels line up.
      const scale = regionScale(a.size, b.size);
      const renderA = renders.take(original, match.original!, scale);
      const renderB = renders.take(changed, match.changed!, scale);
      pair.regions = changedRegions(renderA, renderB, text.explained.map(toPixels(scale))).map(toPoints(scale));
      return pair;
    });

    const count = (kind: string) =>
      pages.reduce((sum, pair) => sum + pair.textChanges.filter((change) => change.kind === kind).length, 0);
    const differences: CompareDifferences = {
      originalPages: contentA.length,
      changedPages: contentB.length,
      identical: !pages.some(pairDiffers),
      summary: {
        inserted: count('inserted'),
        deleted: count('deleted'),
        changed: count('changed'),
        regions: pages.reduce((sum, pair) => sum + pair.regions.length, 0),
        movedPages: pages.filter((pair) => pair.moved).length,
        addedPages: pages.filter((pair) => pair.original === null).length,
        removedPages: pages.filter((pair) => pair.changed === null).length,
      },
      pages,
    };
    if (payload.report) {
      writeFileSync(payload.report.path, writeCompareReport(original, changed, differences, payload.report));
    }
    return differences;
  } finally {
    original.destroy();
    changed.destroy();
  }
}
