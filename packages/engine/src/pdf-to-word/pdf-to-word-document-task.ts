import { receiveMessageOnPort } from 'node:worker_threads';
import type * as mupdf from 'mupdf';
import type { WordPage, WordRunning } from './layout-model.js';
import { writeWordDocument } from './docx-document.js';
import { takeFootnotes } from './footnotes.js';
import { continueTables } from './borderless-tables.js';
import { printedPageNumbers, takeRunningLines } from './layout-analysis.js';
import type { LayoutLine, PageLayout, WordItem } from './layout-model.js';
import { joinAcrossPages, markHeadingsAndLists, pageItems, runningParagraphs, sectionMargins } from './word-layout.js';
import { openPdf } from '../mupdf/open-pdf.js';
import { HELPER, HELPER_GONE, type HelperPage, type SharedPages, TASK, takePage, takenBy } from './shared-pages.js';
import { type ReadPage, readPage } from './word-pages.js';
import type { ReportProgress } from '../mupdf/task-table.js';
import { jobStages } from '@paperknife/catalog/job-stages';

export interface PdfToWordPayload {
  input: string;
  /** Where the .docx goes. */
  output: string;
  /** The job folder, for the page images on their way into the document. */
  folder: string;
  title: string;
  /** Pages shared with a helper on the pool's other worker (pdf-to-word-pages-task.ts), when the tool starts one. */
  pages?: SharedPages;
}

export interface PdfToWordResult {
  pages: number;
  paragraphs: number;
  pictures: number;
  tables: number;
  /** 1-based numbers of the pages that look scanned (no text, a picture of it): what OCR would make editable. */
  scannedPages: number[];
}

/** A running header or footer as Word gets it, or undefined when the page has none. */
function running(
  lines: LayoutLine[],
  page: PageLayout,
  margins: WordPage['margins'],
  pageNumber: number | undefined,
  top: boolean,
): WordRunning | undefined {
  if (lines.length === 0) return undefined;
  const paragraphs = runningParagraphs(lines, pageNumber, margins.left, page.width - margins.right);
  const distance = top
    ? Math.min(...lines.map((line) => line.y0))
    : page.height - Math.max(...lines.map((line) => line.y1));
  return { paragraphs, distance: Math.max(0, distance) };
}

/** How long the task waits between looks at its helper's pages, once it has read all the pages it took. */
const HELPER_POLL_MS = 5;

/**
 * Every page of `doc` read, in page order, with page progress reported as pages come in. With a helper (payload
 * `pages`), the task and the helper each take the next page not yet taken; the task takes the helper's pages off
 * the port between its own, and reads itself any page the helper took but did not send before it stopped.
 */
async function readPages(
  doc: mupdf.PDFDocument,
  payload: PdfToWordPayload,
  report: ReportProgress,
): Promise<ReadPage[]> {
  const count = doc.countPages();
  const pages: (ReadPage | undefined)[] = new Array<ReadPage | undefined>(count);
  let done = 0;
  const add = (index: number, read: ReadPage) => {
    if (pages[index]) return;
    pages[index] = read;
    done++;
    report({ stage: jobStages.reading, done, total: count });
  };
  const shared = payload.pages;
  if (!shared) {
    for (let index = 0; index < count; index++) add(index, readPage(doc, index, payload.folder));
    return pages as ReadPage[];
  }
  const { claims, port } = shared;
  const receive = () => {
    for (let queued = receiveMessageOnPort(port); queued; queued = receiveMessageOnPort(port)) {
      const message = queued.message as HelperPage<ReadPage>;
      if (message.page < count) add(message.page, message.read);
    }
  };
  try {
    for (let index = takePage(claims, count, TASK); index !== undefined; index = takePage(claims, count, TASK)) {
      add(index, readPage(doc, index, payload.folder));
      receive();
    }
    while (done < count) {
      receive();
      const helperGone = Atomics.load(claims, HELPER_GONE) === 1;
      if (helperGone) receive();
      // Pages nobody took (past the claims) and pages of a helper that stopped are read here.
      for (let index = 0; index < count; index++) {
        if (!pages[index] && (helperGone || takenBy(claims, index) !== HELPER)) {
          add(index, readPage(doc, index, payload.folder));
        }
      }
      if (done < count) await new Promise((resolve) => setTimeout(resolve, HELPER_POLL_MS));
    }
  } catch (error) {
    // Nothing left for the helper to take: the job has failed, its pages are not wanted.
    Atomics.store(claims, 0, count);
    throw error;
  } finally {
    port.close();
  }
  return pages as ReadPage[];
}

/**
 * A PDF as an editable Word document: MuPDF's structured text of each page becomes flowing paragraphs with their
 * fonts, sizes, colours, bold and italic, read in the order the layout analysis finds (columns, tables, running
 * headers and footers, drawings); pictures sit where they are read; each page starts a new Word page with the PDF
 * page's size. The .docx is packed here too, off the server's event loop. See docs/decisions/023 and 150.
 */
export async function writeWordFromPdf(
  payload: PdfToWordPayload,
  report: ReportProgress = () => undefined,
): Promise<PdfToWordResult> {
  const doc = openPdf(payload.input);
  let read: ReadPage[] | undefined;
  const scannedPages: number[] = [];
  try {
    read = await readPages(doc, payload, report);
    read.forEach((page, index) => {
      if (page.scanned) scannedPages.push(index + 1);
    });
    report({ stage: jobStages.writing, done: read.length, total: read.length });
  } finally {
    doc.destroy();
  }
  // The layouts are let go once the Word pages are made from them (which copy what they keep): the Word document is
  // built without every page's lines and spans held beside it.
  const pages = wordPages(read.map((page) => page.layout));
  read = undefined;
  const emptied = joinAcrossPages(pages.map((page) => page.items));
  const kept = pages.filter((_, index) => !emptied.has(index));
  markHeadingsAndLists(kept.map((page) => page.items));
  const counts = { paragraph: 0, picture: 0, table: 0 } satisfies Record<WordItem['kind'], number>;
  for (const page of kept) for (const item of page.items) counts[item.kind]++;
  await writeWordDocument(kept, payload.title, payload.output);
  return {
    pages: pages.length,
    paragraphs: counts.paragraph,
    pictures: counts.picture,
    tables: counts.table,
    scannedPages,
  };
}

/**
 * The Word pages of the PDF's pages: running headers and footers taken out into Word's, footnotes hung on their
 * marks, the rest placed in reading order against margins shared by consecutive pages of one size (a Word section).
 */
function wordPages(layouts: PageLayout[]): WordPage[] {
  const { headers, footers } = takeRunningLines(layouts);
  takeFootnotes(layouts);
  continueTables(layouts);
  // The number a page prints becomes Word's page number field; where none counts on with the pages, the page's
  // place, unless other pages print numbers of their own (then Word's number there is not the place).
  const printed = printedPageNumbers(headers, footers);
  const inPlace = printed.every((number, index) => number === undefined || number === index + 1);
  const pages: WordPage[] = [];
  for (let start = 0; start < layouts.length;) {
    const { width, height } = layouts[start]!;
    let end = start + 1;
    while (end < layouts.length && layouts[end]!.width === width && layouts[end]!.height === height) end++;
    const section = layouts.slice(start, end);
    const margins = sectionMargins(section);
    section.forEach((layout, offset) => {
      const index = start + offset;
      const items = pageItems(layout, margins);
      const number = printed[index] ?? (inPlace ? index + 1 : undefined);
      pages.push({
        width,
        height,
        margins,
        items,
        header: running(headers[index]!, layout, margins, number, true),
        footer: running(footers[index]!, layout, margins, number, false),
        number: printed[index],
      });
    });
    start = end;
  }
  return pages;
}
