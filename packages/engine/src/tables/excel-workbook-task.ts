import type * as mupdf from 'mupdf';
import { jobStages } from '@paperknife/catalog/job-stages';
import { openPdf } from '../mupdf/open-pdf.js';
import type { ReportProgress } from '../mupdf/task-table.js';
import { looksScanned } from '../render/scanned-pages.js';
import { readPageContent } from './page-content.js';
import { detectTables } from './table-detection.js';
import type { PageTables } from './table-model.js';
import { type SheetLayout, workbookSheets } from './workbook-sheets.js';
import { writeWorkbook } from './xlsx-workbook.js';

export interface ExcelWorkbookPayload {
  input: string;
  /** Where the .xlsx goes. */
  output: string;
  sheets: SheetLayout;
}

export interface ExcelWorkbookResult {
  pages: number;
  tables: number;
  sheets: number;
  /** 1-based numbers of the pages that look scanned (no text, a picture of it): what OCR would make readable. */
  scannedPages: number[];
}

/** One page's tables and other lines, MuPDF's objects for it let go before it returns. */
function pageTables(doc: mupdf.PDFDocument, index: number): { found: PageTables; scanned: boolean } {
  const page = doc.loadPage(index);
  try {
    const content = readPageContent(page);
    const found = detectTables(content.words, content.rules);
    return { found, scanned: content.words.length === 0 && looksScanned(page) };
  } finally {
    page.destroy();
  }
}

/**
 * A PDF's tables as an Excel workbook, in the MuPDF worker: each page's words and rules read, its tables found
 * (tables/table-detection.ts), the cells typed (numbers, percentages, amounts, dates) and the sheets written.
 */
export async function writeExcelWorkbook(
  payload: ExcelWorkbookPayload,
  report: ReportProgress = () => undefined,
): Promise<ExcelWorkbookResult> {
  const doc = openPdf(payload.input);
  const pages: PageTables[] = [];
  const scannedPages: number[] = [];
  try {
    const count = doc.countPages();
    for (let index = 0; index < count; index++) {
      const { found, scanned } = pageTables(doc, index);
      pages.push(found);
      if (scanned) scannedPages.push(index + 1);
      report({ stage: jobStages.reading, done: index + 1, total: count });
    }
  } finally {
    doc.destroy();
  }
  const sheets = workbookSheets(pages, payload.sheets);
  report({ stage: jobStages.writing, done: pages.length, total: pages.length });
  await writeWorkbook(sheets, payload.output);
  return {
    pages: pages.length,
    tables: pages.reduce((sum, page) => sum + page.tables.length, 0),
    sheets: sheets.length,
    scannedPages,
  };
}
