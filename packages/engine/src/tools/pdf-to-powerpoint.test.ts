import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { recognisedPagesHeader } from '@paperknife/catalog/http-api';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { closeLibreOffice, convertWithLibreOffice } from '../programs/libreoffice.js';
import { closeMupdfPool } from '../mupdf/pool.js';
import { makePdf } from '../testing/make-pdf.js';
import { assertValidPdf, pdfPageCount, pdfPageTexts } from '../testing/pdf-assertions.js';
import { jobPerTest, toolErrorCode, LIBREOFFICE_TEST_MS } from '../testing/test-job.js';
import { pdfToPowerpoint } from './pdf-to-powerpoint.js';

const job = jobPerTest();
afterAll(async () => {
  await Promise.all([closeMupdfPool(), closeLibreOffice()]);
});

const options = (raw: Record<string, string> = {}) => parseToolOptions('pdf-to-powerpoint', { ocr: 'never', ...raw });

async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 60, height: 40, channels: 3, background: { r: 30, g: 160, b: 60 } } })
    .jpeg()
    .toBuffer();
}

/** Two 4:3 slides (720 x 540 pt): a title in bold red, body lines, a filled box and a photo; then a text page. */
async function deckPdf(): Promise<Buffer> {
  return makePdf({
    pages: [
      {
        width: 720,
        height: 540,
        runs: [
          { text: 'Quarterly Results', x: 60, y: 470, size: 32, style: 'bold', rgb: [0.8, 0, 0] },
          { text: 'Revenue grew in every region', x: 60, y: 400, size: 18 },
          { text: 'Costs stayed flat', x: 60, y: 370, size: 18, style: 'italic' },
        ],
        box: { rgb: [0, 0, 1], x: 420, y: 60, width: 200, height: 100 },
        image: { jpeg: await photo(), pixelWidth: 60, pixelHeight: 40, x: 420, y: 300, width: 240, height: 160 },
      },
      { width: 720, height: 540, runs: [{ text: 'Thank you', x: 300, y: 270, size: 28 }] },
    ],
  });
}

function readPptx(bytes: Uint8Array) {
  const files = unzipSync(bytes);
  const text = (path: string) => strFromU8(files[path]!);
  return { files, text };
}

const texts = (slideXml: string) => [...slideXml.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((match) => match[1]);

describe('pdf-to-powerpoint', { timeout: LIBREOFFICE_TEST_MS }, () => {
  it('writes one slide per page at the page size, text in place with its style, the box a shape, the photo a picture', async () => {
    const input = await job.input('deck.pdf', await deckPdf());
    const result = await pdfToPowerpoint([input], options(), job.context);
    expect(result.download.name).toBe('converted-presentation.pptx');
    expect(result.headers?.[recognisedPagesHeader.name]).toBe('0');
    const pptx = readPptx(await readFile(result.path));
    // 720 x 540 pt in EMUs (12700 a point).
    expect(pptx.text('ppt/presentation.xml')).toContain('<p:sldSz cx="9144000" cy="6858000"/>');
    expect(Object.keys(pptx.files).filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))).toHaveLength(2);
    const first = pptx.text('ppt/slides/slide1.xml');
    expect(texts(first)).toEqual(['Quarterly Results', 'Revenue grew in every region', 'Costs stayed flat']);
    expect(first).toMatch(/<a:rPr lang="en-US" sz="3200" b="1" dirty="0"><a:solidFill><a:srgbClr val="CC0000"\/>/);
    expect(first).toMatch(/sz="1800" i="1"/);
    // The title's box starts near x = 60 pt, y = 540 - 470 - ascent.
    const title = /<a:off x="(\d+)" y="(\d+)"\/>[^]*?Quarterly Results/.exec(first.split('Text ').at(1) ?? '');
    expect(Number(title?.[1]) / 12700).toBeCloseTo(60, 0);
    expect(first).toContain('<a:srgbClr val="0000FF"/></a:solidFill><a:ln><a:noFill/>');
    expect(first).toContain('<p:pic>');
    expect(Object.keys(pptx.files).some((name) => /^ppt\/media\/image\d+\.(jpg|png)$/.test(name))).toBe(true);
    expect(texts(pptx.text('ppt/slides/slide2.xml'))).toEqual(['Thank you']);
  });

  it('lists text boxes in the order the page draws them, and slide numbers after the rest', async () => {
    // As a presentation's PDF draws a slide: its number (from the master) first, then its shapes in their order, a
    // note at the foot before the title.
    const deck = makePdf({
      pages: [1, 2, 3].map((number) => ({
        width: 720,
        height: 540,
        runs: [
          { text: String(number), x: 680, y: 20, size: 10 },
          { text: 'Source: annual survey', x: 60, y: 100, size: 10 },
          { text: `Finding ${number}`, x: 60, y: 470, size: 32 },
          { text: 'Most regions grew', x: 60, y: 400, size: 18 },
        ],
      })),
    });
    const input = await job.input('deck.pdf', deck);
    const result = await pdfToPowerpoint([input], options(), job.context);
    const pptx = readPptx(await readFile(result.path));
    for (const number of [1, 2, 3]) {
      expect(texts(pptx.text(`ppt/slides/slide${number}.xml`))).toEqual([
        'Source: annual survey',
        `Finding ${number}`,
        'Most regions grew',
        String(number),
      ]);
    }
  });

  it('makes a list whose markers the page draws apart into PowerPoint bullets and numbers', async () => {
    // As a presentation's PDF draws a list: each bullet or number a text of its own in the indent.
    const items = ['Load the file', 'Save it again', 'Compare the two'];
    const markers = ['1)', '2)', '-'];
    const deck = makePdf({
      pages: [
        {
          width: 720,
          height: 540,
          runs: items.flatMap((text, index) => [
            { text: markers[index]!, x: 60, y: 400 - 40 * index, size: 18 },
            { text, x: 96, y: 400 - 40 * index, size: 18 },
          ]),
        },
      ],
    });
    const result = await pdfToPowerpoint([await job.input('list.pdf', deck)], options(), job.context);
    const slide = readPptx(await readFile(result.path)).text('ppt/slides/slide1.xml');
    expect(texts(slide)).toEqual(items);
    const bullets = [...slide.matchAll(/<a:bu(?:AutoNum|Char)[^>]*>/g)].map((match) => match[0]);
    expect(bullets).toEqual([
      '<a:buAutoNum type="arabicParenR"/>',
      '<a:buAutoNum type="arabicParenR" startAt="2"/>',
      '<a:buChar char="-"/>',
    ]);
    // The number hangs at the marker's place, 60 pt; the text starts at 96 pt, 36 pt in.
    expect(slide).toContain(`marL="${36 * 12700}" indent="${-36 * 12700}"`);
  });

  it('gives a presentation LibreOffice opens, with the text on its slides', async () => {
    const input = await job.input('deck.pdf', await deckPdf());
    const result = await pdfToPowerpoint([input], options(), job.context);
    const pdf = await convertWithLibreOffice(result.path, join(job.context.workDir, 'check'), job.context);
    assertValidPdf(pdf);
    expect(pdfPageCount(pdf)).toBe(2);
    const pages = pdfPageTexts(pdf).map((text) => text.replace(/\s+/g, ' ').trim());
    expect(pages[0]).toContain('Quarterly Results');
    expect(pages[0]).toContain('Revenue grew in every region');
    expect(pages[1]).toBe('Thank you');
  });

  it('makes each page one picture when asked', async () => {
    const input = await job.input('deck.pdf', await deckPdf());
    const result = await pdfToPowerpoint([input], options({ pagesAsPictures: 'true' }), job.context);
    const pptx = readPptx(await readFile(result.path));
    const first = pptx.text('ppt/slides/slide1.xml');
    expect(texts(first)).toEqual([]);
    expect(first.match(/<p:pic>/g)).toHaveLength(1);
    const picture = await sharp(Buffer.from(pptx.files['ppt/media/image1.png']!)).metadata();
    // 720 pt at 150 dpi.
    expect(picture.width).toBe(1500);
  });

  it('draws a poster-sized page coarser, within 16 million pixels, rather than failing', async () => {
    const poster = makePdf({
      pages: [{ width: 8400, height: 8400, box: { rgb: [0, 0, 0], x: 100, y: 100, width: 4000, height: 4000 } }],
    });
    const input = await job.input('poster.pdf', poster);
    const result = await pdfToPowerpoint([input], options({ pagesAsPictures: 'true' }), job.context);
    const pptx = readPptx(await readFile(result.path));
    const picture = await sharp(Buffer.from(pptx.files['ppt/media/image1.png']!)).metadata();
    expect(picture.width! * picture.height!).toBeLessThanOrEqual(16_000_000);
    expect(picture.width).toBeGreaterThan(3000);
  });

  it('refuses a file that is not a PDF', async () => {
    const input = await job.input('deck.pdf', Buffer.from('PK\u0003\u0004 not a pdf'));
    expect(await toolErrorCode(pdfToPowerpoint([input], options(), job.context))).toBe('unsupported_file_type');
  });
});
