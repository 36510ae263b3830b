import { lazy } from 'react';
import { PICKER_THUMB_WIDTH } from './thumbnail-width';

/**
 * The page-view components as lazy chunks: tool pages import these, so pdf.js and the grid are not part of a tool
 * page's first JavaScript (decision 070); they load once a file is dropped (decision 095).
 */
export const LazyPagePicker = lazy(() => import('./page-picker').then((module) => ({ default: module.PagePicker })));

/**
 * Fetches the page-view chunks and pdf.js now, and with `file` (the one file of a picking tool) starts opening it
 * and drawing its first thumbnail, so that thumbnail comes as soon as the file row's check is done rather than
 * after it.
 */
export function preloadPageView(file?: File): void {
  void import('./page-picker');
  void import('./pdf-pages').then((module) =>
    file ? module.openAhead(file, PICKER_THUMB_WIDTH) : module.warmUpPdfJs(),
  );
}

export const LazyFirstPagePreview = lazy(() =>
  import('./first-page-preview').then((module) => ({ default: module.FirstPagePreview })),
);

export const LazyFilePages = lazy(() => import('./file-pages').then((module) => ({ default: module.FilePages })));

/** Organize PDF's page editor on the dropped file: its own chunk, with pdf.js behind it. */
export const LazyOrganizePages = lazy(() =>
  import('./organize-editor').then((module) => ({ default: module.DroppedFilePages })),
);

/** Redact PDF's page previews, with the hits and boxes drawn over them: its own chunk, with pdf.js behind it. */
export const LazyRedactionPages = lazy(() =>
  import('./redaction-pages').then((module) => ({ default: module.RedactionPages })),
);

/** Fill PDF forms' page preview with the focused field outlined: its own chunk, with pdf.js behind it. */
export const LazyFormFieldPreview = lazy(() =>
  import('./form-field-preview').then((module) => ({ default: module.FormFieldPreview })),
);
