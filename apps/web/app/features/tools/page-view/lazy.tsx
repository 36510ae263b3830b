import { lazy } from 'react';

/**
 * The page-view components as lazy chunks: tool pages import these, so pdf.js and the grid load only once a
 * file is dropped and a tool page's first JavaScript stays as it was (decision 070).
 */
export const LazyPagePicker = lazy(() => import('./page-picker').then((module) => ({ default: module.PagePicker })));

/** Fetches the page-view chunks and pdf.js now (a file was dropped), so the first thumbnail comes sooner. */
export function preloadPageView(): void {
  void import('./page-picker');
  void import('./pdf-pages').then((module) => module.warmUpPdfJs());
}

export const LazyFirstPagePreview = lazy(() =>
  import('./first-page-preview').then((module) => ({ default: module.FirstPagePreview })),
);
