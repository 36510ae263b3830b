import type { PdfExport } from '../programs/libreoffice.js';

/** LibreOffice's PDF export filters, one per module: spreadsheets and presentations. */
export type PdfExportFilter = 'calc_pdf_Export' | 'impress_pdf_Export';

/**
 * A module's PDF export with these filter options (FilterData).
 *
 * Images go in at the resolution the document holds them (ReduceImageResolution off). LibreOffice's default
 * downsampling to 300 dpi re-encodes every large image it meets: on a 10-slide OpenDocument presentation with a
 * 3200x1024 picture it took 10.5 s of an 11.2 s conversion, while without it JPEGs pass through as they are and the
 * PDFs of the corpus's spreadsheets and presentations came out no larger, mostly smaller, but for that deck (+46%).
 */
export function pdfExport(filter: PdfExportFilter, options: Readonly<Record<string, boolean>> = {}): PdfExport {
  return { filter, options: { ReduceImageResolution: false, ...options } };
}
