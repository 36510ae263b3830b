import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  ANNOTATED_PAGE_TEXTS,
  FIXTURE_LINK_URI,
  annotatedColourPdf,
  attachmentPdf,
  colouredFormPdf,
  colourImagesPdf,
  colouredPixelsPerPage,
  largestCellDifference,
  renderGray,
  uncolouredPatternPdf,
} from '../testing/grayscale-fixtures.js';
import { runQpdfJob } from '../programs/qpdf.js';
import { makePdf } from '../testing/make-pdf.js';
import { assertValidPdf, isGray, pdfEncryption, pdfPageTexts, renderPageRgb } from '../testing/pdf-assertions.js';
import { jobPerTest, makeTestJob, toolErrorCode } from '../testing/test-job.js';
import { grayscalePdf } from './grayscale-pdf.js';

const job = jobPerTest();

/** The target's resolution: pdftoppm draws annotations, as viewers do. */
const CHECK_DPI = 50;

/** Each page's links as MuPDF resolves them: external URIs, or the 1-based page an internal link opens. */
function pageLinks(path: string): (string | number)[][] {
  const doc = mupdf.Document.openDocument(readFileSync(path), 'application/pdf');
  try {
    return Array.from({ length: doc.countPages() }, (_, index) => {
      const page = doc.loadPage(index);
      const links = page.getLinks().map((link) => (link.isExternal() ? link.getURI() : doc.resolveLink(link) + 1));
      page.destroy();
      return links;
    });
  } finally {
    doc.destroy();
  }
}

/** Form fields MuPDF finds in the file (widgets on any page). */
function widgetCount(path: string): number {
  const doc = mupdf.Document.openDocument(readFileSync(path), 'application/pdf').asPDF()!;
  try {
    let widgets = 0;
    for (let index = 0; index < doc.countPages(); index++)
      widgets += (doc.loadPage(index) as mupdf.PDFPage).getWidgets().length;
    return widgets;
  } finally {
    doc.destroy();
  }
}

async function colourfulPdf(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 20, g: 160, b: 240 } } })
    .jpeg()
    .toBuffer();
  const image = { jpeg, pixelWidth: 32, pixelHeight: 32, x: 300, y: 300, width: 200, height: 200 };
  return makePdf({
    pages: [
      { text: ['Quarterly colours'], box: { rgb: [1, 0, 0], x: 72, y: 400, width: 200, height: 200 }, image },
      { rotate: 90, text: ['Second page'], box: { rgb: [0, 0.8, 0.2], x: 0, y: 0, width: 612, height: 300 } },
    ],
  });
}

/** True when the file holds object streams, which only the qpdf rewrite writes (Ghostscript 10.00 cannot). */
function hasObjectStreams(path: string): boolean {
  return readFileSync(path, 'latin1').includes('/ObjStm');
}

/**
 * `colourfulPdf` (or another PDF) encrypted with these passwords (an empty user password: it opens without one),
 * with AES-256 unless `rc4` asks for 128-bit RC4.
 */
async function encryptedColourful(user: string, options: { pdf?: Buffer; rc4?: boolean } = {}): Promise<Buffer> {
  const plain = await job.input('plain.pdf', options.pdf ?? (await colourfulPdf()));
  const target = `${plain.path}-encrypted.pdf`;
  const key = options.rc4 ? { '128bit': { print: 'none', useAes: 'n' } } : { '256bit': { print: 'none' } };
  await runQpdfJob(
    {
      ...{ inputFile: plain.path, outputFile: target, ...(options.rc4 ? { allowWeakCrypto: '' } : {}) },
      encrypt: { userPassword: user, ownerPassword: 'owner12', ...key },
    },
    job.context,
  );
  return readFile(target);
}

describe('grayscale-pdf', () => {
  it('turns every rendered pixel gray while text stays text', async () => {
    const file = await job.input('colours.pdf', await colourfulPdf());
    expect(isGray(renderPageRgb(file.path, 1).pixels)).toBe(false);
    const result = await grayscalePdf([file], {}, job.context);
    assertValidPdf(result.path);
    expect(result.download.name).toBe('grayscale-document.pdf');
    for (const page of [1, 2]) {
      const { pixels } = renderPageRgb(result.path, page);
      expect(isGray(pixels)).toBe(true);
      // The red box and the blue image are still there, as mid grays rather than white.
      expect(pixels.some((value) => value > 40 && value < 220)).toBe(true);
    }
    expect(pdfPageTexts(result.path)).toEqual(['Quarterly colours', 'Second page']);
    // Ghostscript applies /Rotate to the content itself: the page still shows in landscape.
    const before = renderPageRgb(file.path, 2);
    const after = renderPageRgb(result.path, 2);
    expect([after.width, after.height]).toEqual([before.width, before.height]);
    expect(after.width).toBeGreaterThan(after.height);
  });

  it('turns annotation colours gray: link borders, markup, free text and stamp appearances', async () => {
    const file = await job.input('annotated.pdf', annotatedColourPdf());
    const before = colouredPixelsPerPage(file.path, CHECK_DPI);
    // Every page starts with colour that only annotations draw (the page content is black text).
    expect(before.every((count) => count > 100)).toBe(true);
    const linksBefore = pageLinks(file.path);
    expect(linksBefore[0]).toContain(FIXTURE_LINK_URI);

    const result = await grayscalePdf([file], {}, job.context);
    assertValidPdf(result.path);
    expect(colouredPixelsPerPage(result.path, CHECK_DPI)).toEqual([0, 0]);
    // Links keep their targets: the URI, and the page each internal link opens.
    expect(pageLinks(result.path)).toEqual(linksBefore);
    const texts = pdfPageTexts(result.path);
    ANNOTATED_PAGE_TEXTS.forEach((text, index) => expect(texts[index]).toContain(text));
    // The link border is still drawn, as the light gray of its green (not black, not gone): the darkest pixel along
    // the link's right edge, away from its text.
    const { width, pixels } = renderPageRgb(result.path, 1, CHECK_DPI);
    const toPixel = (points: number) => Math.round((points * CHECK_DPI) / 72);
    let darkest = 255;
    for (let y = toPixel(792 - 608); y <= toPixel(792 - 596); y++) {
      for (let x = toPixel(224); x <= toPixel(232); x++) darkest = Math.min(darkest, pixels[(y * width + x) * 3]!);
    }
    expect(darkest).toBeGreaterThan(150);
    expect(darkest).toBeLessThan(235);
  });

  it('leaves no colour from form fields: they are flattened into gray page content', async () => {
    const file = await job.input('form.pdf', colouredFormPdf());
    expect(colouredPixelsPerPage(file.path, CHECK_DPI)[0]).toBeGreaterThan(100);
    expect(widgetCount(file.path)).toBe(2);
    const result = await grayscalePdf([file], {}, job.context);
    assertValidPdf(result.path);
    expect(colouredPixelsPerPage(result.path, CHECK_DPI)).toEqual([0]);
    // pdfwrite draws the fields' appearances into the page and drops the fields (docs/decisions/013).
    expect(widgetCount(result.path)).toBe(0);
    expect(pdfPageTexts(result.path)[0]).toContain('Jane Doe');
  });

  it('turns uncoloured tiling patterns gray, whatever space gives their colour', async () => {
    const file = await job.input('hatched.pdf', uncolouredPatternPdf());
    expect(colouredPixelsPerPage(file.path, CHECK_DPI)[0]).toBeGreaterThan(1000);
    const result = await grayscalePdf([file], {}, job.context);
    assertValidPdf(result.path);
    expect(colouredPixelsPerPage(result.path, CHECK_DPI)).toEqual([0]);
    // The hatching is still drawn: the filled areas hold mid grays, not paper white.
    const { pixels } = renderPageRgb(result.path, 1, CHECK_DPI);
    expect(pixels.filter((value) => value > 40 && value < 200).length).toBeGreaterThan(1000);
    expect(pdfPageTexts(result.path)).toEqual(['Hatched areas (scn)']);
  });

  it("keeps Ghostscript's own output when it is valid, and has qpdf rewrite it where Ghostscript breaks names", async () => {
    const plain = await grayscalePdf([await job.input('colours.pdf', await colourfulPdf())], {}, job.context);
    assertValidPdf(plain.path);
    expect(hasObjectStreams(plain.path)).toBe(false);

    const file = await job.input('invoice.pdf', attachmentPdf());
    assertValidPdf(file.path);
    const result = await grayscalePdf([file], {}, job.context);
    // Ghostscript alone writes `/Params << /Subtype /text/plain >>`, which qpdf --check reports.
    assertValidPdf(result.path);
    expect(hasObjectStreams(result.path)).toBe(true);
    expect(colouredPixelsPerPage(result.path, CHECK_DPI)).toEqual([0]);
    expect(pdfPageTexts(result.path)).toEqual(['Invoice with its data attached']);
  });

  it('decrypts a PDF that opens without a password and refuses one that needs it', async () => {
    const ownerOnly = await job.input('restricted.pdf', await encryptedColourful(''));
    expect(pdfEncryption(ownerOnly.path).encrypted).toBe(true);
    const result = await grayscalePdf([ownerOnly], {}, job.context);
    assertValidPdf(result.path);
    expect(pdfEncryption(result.path).encrypted).toBe(false);
    expect(colouredPixelsPerPage(result.path, CHECK_DPI)).toEqual([0, 0]);
    expect(pdfPageTexts(result.path)).toEqual(['Quarterly colours', 'Second page']);

    const locked = await job.input('locked.pdf', await encryptedColourful('secret1'));
    expect(await toolErrorCode(grayscalePdf([locked], {}, job.context))).toBe('encrypted_pdf');
  });

  it('converts restricted RC4 PDFs, and annotated ones MuPDF must change, to valid unencrypted gray files', async () => {
    // Ghostscript reads a restricted upload as it is, or as MuPDF saved it with its changes, still encrypted: the
    // output must come out gray everywhere and without the encryption either way.
    const uploads = [
      { name: 'rc4.pdf', pdf: await encryptedColourful('', { rc4: true }), pages: 2 },
      { name: 'annotated.pdf', pdf: await encryptedColourful('', { pdf: annotatedColourPdf() }), pages: 2 },
    ];
    for (const { name, pdf, pages } of uploads) {
      const file = await job.input(name, pdf);
      expect(pdfEncryption(file.path).encrypted).toBe(true);
      const result = await grayscalePdf([file], {}, job.context);
      assertValidPdf(result.path);
      expect(pdfEncryption(result.path).encrypted, name).toBe(false);
      expect(colouredPixelsPerPage(result.path, CHECK_DPI), name).toEqual(new Array<number>(pages).fill(0));
    }
  });

  it('turns large colour images gray before Ghostscript, keeping a soft-masked one as the original draws it', async () => {
    // Plain Ghostscript drops the soft mask's /Matte but keeps the colour blended with it: that image comes out up to
    // 41 levels darker. MuPDF's step takes the blend out first (grayscale/gray-images.ts), so the tool's output matches
    // the original (drawn by MuPDF, which honours /Matte, as poppler does not).
    const file = await job.input('images.pdf', await colourImagesPdf());
    const result = await grayscalePdf([file], {}, job.context);
    assertValidPdf(result.path);
    expect(colouredPixelsPerPage(result.path, CHECK_DPI)).toEqual([0]);
    const [original, output] = [renderGray(file.path), renderGray(result.path)];
    for (const name of ['rgb', 'cmyk', 'jpegWithSoftMask', 'nested'] as const) {
      expect(largestCellDifference(original, output, name), name).toBeLessThanOrEqual(3);
    }
  });

  it("converts a damaged PDF from the preflight's repaired copy, annotations and links included", async () => {
    const uploads = [
      { name: 'colours.pdf', pdf: await colourfulPdf() },
      { name: 'annotated.pdf', pdf: annotatedColourPdf() },
    ];
    for (const { name, pdf } of uploads) {
      const original = await job.input(name, pdf);
      // No cross-reference table where startxref points: qpdf and MuPDF both rebuild it.
      const text = pdf.toString('latin1');
      const broken = Buffer.from(text.replace(/startxref\s+\d+/, 'startxref\n999999'), 'latin1');
      expect(broken.equals(pdf), name).toBe(false);
      const result = await grayscalePdf([await job.input(`broken-${name}`, broken)], {}, job.context);
      assertValidPdf(result.path);
      const pages = pdfPageTexts(original.path);
      expect(colouredPixelsPerPage(result.path, CHECK_DPI), name).toEqual(new Array<number>(pages.length).fill(0));
      expect(pdfPageTexts(result.path), name).toEqual(pages);
      expect(pageLinks(result.path), name).toEqual(pageLinks(original.path));
    }
  });

  it('refuses a PDF with more pages than the limit', async () => {
    const small = await makeTestJob({ maxPages: 1 });
    try {
      const file = await small.input('colours.pdf', await colourfulPdf());
      expect(await toolErrorCode(grayscalePdf([file], {}, small.context))).toBe('too_many_pages');
    } finally {
      await small.cleanup();
    }
  });

  it('counts the pages the tree holds against the limit, not its /Count, which Ghostscript does not read', async () => {
    // One page declared, three in the tree: MuPDF's step sees one, Ghostscript would convert all three.
    const misstated = makePdf({ pageCount: 3, declaredPageCount: 1 });
    const small = await makeTestJob({ maxPages: 2 });
    try {
      const file = await small.input('misstated.pdf', misstated);
      expect(await toolErrorCode(grayscalePdf([file], {}, small.context))).toBe('too_many_pages');
    } finally {
      await small.cleanup();
    }
    const file = await job.input('misstated.pdf', misstated);
    expect(await toolErrorCode(grayscalePdf([file], {}, job.context))).toBe('damaged_pdf');
  });

  it('refuses a file that is not a PDF', async () => {
    const file = await job.input('colours.pdf', Buffer.from('<html></html>'));
    expect(await toolErrorCode(grayscalePdf([file], {}, job.context))).toBe('unsupported_file_type');
  });
});
