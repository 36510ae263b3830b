import { lazy } from 'react';

/**
 * The page-view components as lazy chunks: tool pages import these, so pdf.js and the grid load only once a
 * file is dropped and a tool page's first JavaScript stays as it was (decision 070).
 */
export const LazyPagePicker = lazy(() => import('./page-picker').then((module) => ({ default: module.PagePicker })));

/**
 * Fetches the page-view chunks and pdf.js now (a file was dropped), and with `file` starts opening it, so the
 * first thumbnail comes as soon as the file row's check is done rather than after it.
 */
export function preloadPageView(file?: File): void {
  void import('./page-picker');
  void import('./pdf-pages').then((module) => (file ? module.openAhead(file) : module.warmUpPdfJs()));
}

export const LazyFirstPagePreview = lazy(() =>
  import('./first-page-preview').then((module) => ({ default: module.FirstPagePreview })),
);

export const LazyFilePages = lazy(() => import('./file-pages').then((module) => ({ default: module.FilePages })));
