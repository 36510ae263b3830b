/** Where the public API answers: `POST {FUNCTIONS_PREFIX}/{functionName}`. */
export const FUNCTIONS_PREFIX = '/functions/v1';

/** The OpenAPI document of the API, generated from the catalogue's schemas. */
export const OPENAPI_PATH = `${FUNCTIONS_PREFIX}/openapi.json`;

/** Seconds a client should wait before retrying after `busy` (the server's Retry-After, the website's default). */
export const BUSY_RETRY_AFTER_S = 5;

/**
 * Response headers a tool may add besides the file's own: compress's report (sizes before and after, images
 * recompressed, whether the file could be made smaller). Browsers on other origins may read them all.
 */
export const sizeHeaders = {
  original: { name: 'X-Original-Size', description: 'Size of the upload in bytes.' },
  output: { name: 'X-Output-Size', description: 'Size of the result in bytes (never more than the upload).' },
  imagesRecompressed: {
    name: 'X-Images-Recompressed',
    description: 'How many images were resampled or re-encoded (0 when the upload is returned unchanged).',
  },
  result: {
    name: 'X-Compress-Result',
    description:
      '`smaller`, or `unchanged` when the PDF could not be made smaller and the upload is returned as it came.',
  },
} as const;

/** Extract Text's report: how many scanned pages were read with OCR. */
export const recognisedPagesHeader = {
  name: 'X-Recognised-Pages',
  description: 'How many scanned pages had their text recognised (OCR); 0 when none needed it or `ocr` is `never`.',
} as const;

/**
 * What a tool that draws pages (PDF to JPG) reports when an image inside a page could not be decoded: the page is
 * drawn as a viewer draws it, without the image (or with what of it could be read), and the job still succeeds.
 */
export const brokenImagesHeader = {
  name: 'X-Pages-With-Broken-Images',
  description:
    'How many pages hold an image that could not be decoded and were drawn without it, as a viewer shows them; 0 when every image decoded.',
} as const;

/**
 * What Extract Images reports when an image in the PDF could not be decoded: it is left out of the ZIP (a viewer
 * shows nothing for it) and the job still succeeds with the others.
 */
export const skippedImagesHeader = {
  name: 'X-Images-Skipped',
  description:
    'How many images are damaged in the PDF, could not be decoded and were left out of the ZIP; 0 when every image decoded.',
} as const;

/**
 * PDF to PDF/A's conformance report (pdfa-report.ts): the level, whether every requirement was met, and for each
 * requirement its outcome and what was changed to meet it.
 */
export const pdfaReportHeader = {
  name: 'X-PDFA-Report',
  description:
    'JSON: `level`, `conforms` (true when every requirement was met) and `checks`, one per requirement (`identification`, `output-intent`, `fonts-embedded`, `no-encryption`, `no-scripts`, `attachments`, `no-transparency` for 1b, `document-id`), each with `ok`, `changed` (how many things were changed to meet it; 0 when the upload met it) and, for fonts, the names of the fonts that were substituted.',
} as const;

/** Values of the `X-Compress-Result` header. */
export const compressResults = ['smaller', 'unchanged'] as const;

/** Repair PDF's report (repair-report.ts): the engine whose copy was kept, its pages and text, what was wrong. */
export const repairReportHeader = {
  name: 'X-Repair-Report',
  description:
    'JSON: `engine` (`qpdf`, `mupdf` or `ghostscript`: whose repaired copy kept the most pages and text), `pages`, `characters` (text recovered) and `problems`, what was wrong with the upload (`xref`, `stream-length`, `stream-data`, `objects`, `page-tree`, `content`, `other`; empty when nothing was).',
} as const;

/** Remove hidden data's report (sanitize-report.ts): for each kind of data found, how many and how many removed. */
export const sanitizeReportHeader = {
  name: 'X-Sanitize-Report',
  description:
    'JSON: `counts`, one per kind of data found in the upload (`javascript`, `attachments`, `metadata`, `hiddenLayers`, `annotations`, `formFields`, `links`), each with `found` and `removed` (0 for a kind left out of the options).',
} as const;
