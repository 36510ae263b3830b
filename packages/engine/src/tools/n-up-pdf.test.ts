import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as mupdf from 'mupdf';
import { afterAll, describe, expect, it } from 'vitest';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { closeMupdfPool } from '../mupdf/pool.js';
import { makePdf } from '../testing/make-pdf.js';
import { assertValidPdf, pdfPageSizes, renderPageRgb } from '../testing/pdf-assertions.js';
import { ANNOTATED_PAGES, annotatedPagesPdf, placedLabels } from '../testing/page-layout-fixtures.js';
import { jobPerTest } from '../testing/test-job.js';
import { nUpPdf } from './n-up-pdf.js';

const job = jobPerTest();
afterAll(async () => {
  await closeMupdfPool();
});

const run = async (pdf: Uint8Array, raw: Record<string, unknown>) => {
  const file = await job.input('doc.pdf', pdf);
  const result = await nUpPdf([file], parseToolOptions('n-up-pdf', raw), job.context);
  assertValidPdf(result.path);
  expect(result.download.name).toBe('n-up-document.pdf');
  return result.path;
};

/** Each sheet's page numbers by cell, cells read row by row: [column, row] of a label from its centre. */
const cells = (path: string, columns: number, rows: number) =>
  placedLabels(path).map((labels) =>
    labels
      .map((label) => ({
        page: label.page,
        cell: Math.floor(label.y * rows) * columns + Math.floor(label.x * columns),
      }))
      .sort((a, b) => a.cell - b.cell),
  );

describe('n-up-pdf', () => {
  it('puts four pages on each A4 sheet, across then down, the last sheet part-filled', async () => {
    const path = await run(makePdf({ pageCount: 6 }), { perSheet: '4', paper: 'a4' });
    const sizes = pdfPageSizes(path);
    expect(sizes).toHaveLength(2);
    for (const [width, height] of sizes) {
      expect(width).toBeCloseTo(595.3, 0);
      expect(height).toBeCloseTo(841.9, 0);
    }
    expect(cells(path, 2, 2)).toEqual([
      [
        { page: 1, cell: 0 },
        { page: 2, cell: 1 },
        { page: 3, cell: 2 },
        { page: 4, cell: 3 },
      ],
      [
        { page: 5, cell: 0 },
        { page: 6, cell: 1 },
      ],
    ]);
  });

  it('fills columns first with order down, on landscape Letter', async () => {
    const path = await run(makePdf({ pageCount: 6 }), {
      perSheet: '6',
      paper: 'letter',
      orientation: 'landscape',
      order: 'down',
    });
    const [[width, height]] = pdfPageSizes(path) as [[number, number]];
    expect([width, height]).toEqual([792, 612]);
    expect(cells(path, 3, 2)[0]!.map((label) => label.page)).toEqual([1, 3, 5, 2, 4, 6]);
  });

  it('picks the orientation that shows the pages larger, and shows turned pages as viewers do', async () => {
    const portrait = await run(makePdf({ pageCount: 2 }), { perSheet: '2' });
    const [[width, height]] = pdfPageSizes(portrait) as [[number, number]];
    expect(width).toBeGreaterThan(height);
    const landscape = await run(makePdf({ pages: [{ width: 842, height: 595 }, { rotate: 90 }] }), { perSheet: '2' });
    const [[sheetWidth, sheetHeight]] = pdfPageSizes(landscape) as [[number, number]];
    expect(sheetWidth).toBeLessThan(sheetHeight);
    // One above the other; the page with /Rotate 90 is drawn turned, its label running down the sheet.
    const [first, second] = placedLabels(landscape)[0]!;
    expect(first!.width).toBeGreaterThan(first!.height);
    expect(second!.height).toBeGreaterThan(second!.width);
    // Its top left corner turned to the top right, as a viewer shows it.
    expect(first!.x).toBeLessThan(0.3);
    expect(second!.x).toBeGreaterThan(0.8);
    expect(first!.y).toBeLessThan(0.5);
    expect(second!.y).toBeGreaterThan(0.5);
  });

  it('draws a border around each page when asked', async () => {
    const pdf = makePdf({ pages: [{ text: [] }, { text: [] }, { text: [] }, { text: [] }] });
    const inked = (path: string) => {
      const { pixels } = renderPageRgb(path, 1);
      return pixels.filter((value) => value < 128).length;
    };
    expect(inked(await run(pdf, { borders: 'false' }))).toBe(0);
    expect(inked(await run(pdf, { borders: 'true' }))).toBeGreaterThan(100);
  });

  it('keeps resources pages share once: one copy of the font for every sheet', async () => {
    const path = await run(makePdf({ pageCount: 9 }), { perSheet: '2' });
    const qdf = spawnSync('qpdf', ['--qdf', '--object-streams=disable', path, '-'], { maxBuffer: 64 * 1024 * 1024 });
    const text = qdf.stdout.toString('latin1');
    expect(text.match(/\/BaseFont \/Helvetica\s/g)).toHaveLength(1);
    expect(text.match(/\/Subtype \/Form/g)).toHaveLength(9);
  });

  it('carries links and comments to the sheets, where their pages landed, and drops form fields', async () => {
    const path = await run(annotatedPagesPdf(), { perSheet: '2' });
    const doc = mupdf.Document.openDocument(readFileSync(path), 'application/pdf').asPDF()!;
    try {
      const sheets = [0, 1].map((index) => {
        const page = doc.loadPage(index);
        if (!(page instanceof mupdf.PDFPage)) throw new Error(`sheet ${index + 1} is not a PDF page`);
        return page;
      });
      const [first, second] = sheets;
      // The URI link of the turned page 3 lies over its words on sheet 2.
      const [visit] = second!.getLinks();
      expect(visit!.getURI()).toBe(ANNOTATED_PAGES.uri);
      expectInside(wordCentre(path, 2, 'Visit'), visit!.getBounds());
      // Page 1's link to page 4 goes to sheet 2 at the word it pointed at; page 2's named one to sheet 2 too.
      const internal = first!.getLinks().map((link) => doc.resolveLinkDestination(link));
      expect(internal).toHaveLength(2);
      const target = wordCentre(path, 2, 'Target');
      const toFour = internal.find((dest) => dest.type === 'XYZ')!;
      expect(toFour.page).toBe(1);
      expect(Math.abs(toFour.x - target[0])).toBeLessThan(15);
      expect(Math.abs(toFour.y - target[1])).toBeLessThan(15);
      expect(internal.find((dest) => dest.type === 'FitR')!.page).toBe(1);
      // The highlight still covers its words; the note came along without its pop-up, the form field did not.
      const annotations = first!.getAnnotations();
      expect(annotations.map((annot) => annot.getType()).sort()).toEqual(['Highlight', 'Text']);
      const highlight = annotations.find((annot) => annot.getType() === 'Highlight')!;
      const quad = highlight.getQuadPoints()[0]!;
      expectInside(wordCentre(path, 1, 'Marked'), [quad[0], quad[1], quad[6], quad[7]]);
      expect(first!.getWidgets()).toHaveLength(0);
      for (const sheet of sheets) sheet.destroy();
    } finally {
      doc.destroy();
    }
  });
});

/** A word's centre on a page of the output, from the top left (pdftotext's bounding boxes). */
function wordCentre(path: string, page: number, word: string): [number, number] {
  const html = spawnSync('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), path, '-'], {
    encoding: 'utf8',
  }).stdout;
  const match = new RegExp(`<word xMin="([\\d.]+)" yMin="([\\d.]+)" xMax="([\\d.]+)" yMax="([\\d.]+)">${word}<`).exec(
    html,
  );
  if (!match) throw new Error(`${word} is not on page ${page}`);
  const [x0, y0, x1, y1] = match.slice(1).map(Number) as [number, number, number, number];
  return [(x0 + x1) / 2, (y0 + y1) / 2];
}

function expectInside([x, y]: [number, number], rect: readonly number[]) {
  const [x0, y0, x1, y1] = [
    Math.min(rect[0]!, rect[2]!),
    Math.min(rect[1]!, rect[3]!),
    Math.max(rect[0]!, rect[2]!),
    Math.max(rect[1]!, rect[3]!),
  ];
  expect(x, `${x} in ${rect.join(' ')}`).toBeGreaterThan(x0);
  expect(x, `${x} in ${rect.join(' ')}`).toBeLessThan(x1);
  expect(y, `${y} in ${rect.join(' ')}`).toBeGreaterThan(y0);
  expect(y, `${y} in ${rect.join(' ')}`).toBeLessThan(y1);
}
