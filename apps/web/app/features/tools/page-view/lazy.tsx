import { lazy } from 'react';

/**
 * The page-view components as lazy chunks: tool pages import these, so pdf.js and the grid load only once a
 * file is dropped and a tool page's first JavaScript stays as it was (decision 070).
 */
export const LazyPagePicker = lazy(() => import('./page-picker').then((module) => ({ default: module.PagePicker })));

export const LazyFirstPagePreview = lazy(() =>
  import('./first-page-preview').then((module) => ({ default: module.FirstPagePreview })),
);
