/** Which pages hold a picture of text rather than text: shared with the browser (`@paperknife/mupdf-jobs`). */
export { looksScanned } from '@paperknife/mupdf-jobs/scanned-pages';
