/**
 * Pages of a dropped PDF drawn in the browser with pdf.js: the loader (pdf.js itself loads on first use), a lazy
 * thumbnail, the selectable page grid and its selection model. Import from here, inside a lazy chunk (tool
 * pages go through `lazy.tsx`); see docs/decisions/095-page-previews-in-the-browser.md.
 */
export {
  type PageSize,
  type PdfPages,
  type RenderedPage,
  PdfPagesError,
  RenderCancelled,
  loadPdfPages,
  openAhead,
} from './pdf-pages';
export { type PdfPagesState, usePdfPages } from './use-pdf-pages';
export { PageThumbnail } from './page-thumbnail';
export { type PageDecoration, PageGrid } from './page-grid';
export {
  type Cursor,
  type TextSelection,
  allPages,
  clickPage,
  formatPageRanges,
  moveFocus,
  movedPage,
  regroupRanges,
  runsOf,
  selectionFromText,
} from './page-selection';
