import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makePdf } from '../testing/make-pdf.js';
import { assertValidPdf, isGray, pdfPageTexts, renderPageRgb } from '../testing/pdf-assertions.js';
import { jobPerTest, toolErrorCode } from '../testing/test-job.js';
import { grayscalePdf } from './grayscale-pdf.js';

const job = jobPerTest();

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

  it('refuses a file that is not a PDF', async () => {
    const file = await job.input('colours.pdf', Buffer.from('<html></html>'));
    expect(await toolErrorCode(grayscalePdf([file], {}, job.context))).toBe('unsupported_file_type');
  });
});
