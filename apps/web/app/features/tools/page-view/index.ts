/**
 * Pages of a dropped PDF drawn in the browser with pdf.js: the loader (pdf.js itself loads on first use), a lazy
 * thumbnail, the selectable page grid and its selection model. Import from here; see docs/decisions/095.
 */
export {
  type PageSize,
  type PdfPages,
  type RenderedPage,
  PdfPagesError,
  RenderCancelled,
  loadPdfPages,
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
