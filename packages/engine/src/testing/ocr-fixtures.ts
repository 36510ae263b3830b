import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { type FixturePage, makePdf } from './make-pdf.js';

/**
 * Scanned documents for OCR tests: pages of known text drawn by makePdf, then rasterised by Ghostscript into a PDF
 * of page images only (the pdfimage8 device), so there is no text until OCR puts it back. Small and quick to make
 * (a fraction of a second), so they are made fresh rather than cached.
 */

/** Lines a scan page shows: 20 pt words Tesseract reads reliably at 200 ppi. */
export const SCAN_PAGE_LINES = [
  ['Quarterly invoice for garden supplies', 'Total amount payable within thirty days'],
  ['Second page lists the delivery address', 'Thank you for your order'],
] as const;

/** The words of a scan page, lower-cased, as OCR should give them back. */
export function scanWords(page: number): string[] {
  return (SCAN_PAGE_LINES[page] ?? []).flatMap((line) => line.toLowerCase().split(' '));
}

function textPage(lines: readonly string[]): FixturePage {
  return { runs: lines.map((text, index) => ({ text, x: 72, y: 700 - index * 40, size: 20 })) };
}

/** Runs Ghostscript in a throwaway folder on a PDF given as bytes; returns the bytes it writes. */
function ghostscript(input: Buffer, args: readonly string[]): Buffer {
  const folder = mkdtempSync(join(tmpdir(), 'paperknife-ocr-fixture-'));
  try {
    const source = join(folder, 'in.pdf');
    const target = join(folder, 'out.pdf');
    writeFileSync(source, input);
    execFileSync('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', ...args, `-sOutputFile=${target}`, source]);
    return readFileSync(target);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The text pages rasterised at `ppi` into image-only pages (gray). */
export function scannedPdf(pages: readonly (readonly string[])[] = SCAN_PAGE_LINES, ppi = 200): Buffer {
  return ghostscript(makePdf({ pages: pages.map(textPage) }), ['-sDEVICE=pdfimage8', `-r${ppi}`]);
}

/**
 * Page 1 born-digital text (a text layer, nothing to recognise), page 2 a scan: the mixed document OCR must handle
 * page by page.
 */
export function mixedPdf(): Buffer {
  const scan = scannedPdf([SCAN_PAGE_LINES[1]]);
  const folder = mkdtempSync(join(tmpdir(), 'paperknife-ocr-fixture-'));
  try {
    writeFileSync(join(folder, 'text.pdf'), makePdf({ pages: [textPage(SCAN_PAGE_LINES[0])] }));
    writeFileSync(join(folder, 'scan.pdf'), scan);
    execFileSync('qpdf', ['--empty', '--pages', 'text.pdf', 'scan.pdf', '--', 'mixed.pdf'], { cwd: folder });
    return readFileSync(join(folder, 'mixed.pdf'));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** One page whose only content is a grayscale JPEG of `width` x `height` pixels drawn over the whole page. */
export async function imagePagePdf(width: number, height: number, pixels: (index: number) => number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height);
  for (let index = 0; index < raw.length; index++) raw[index] = pixels(index);
  // One gray channel in the JPEG too, as the PDF's /DeviceGray says (sharp writes sRGB by default).
  const jpeg = await sharp(raw, { raw: { width, height, channels: 1 } })
    .toColourspace('b-w')
    .jpeg({ quality: 90 })
    .toBuffer();
  // The page is the image's size at 72 ppi, within PDF's 14,400 pt page limit.
  const scale = Math.min(1, 14_400 / Math.max(width, height));
  const pageWidth = Math.max(1, Math.round(width * scale));
  const pageHeight = Math.max(1, Math.round(height * scale));
  return makePdf({
    pages: [
      {
        width: pageWidth,
        height: pageHeight,
        text: [],
        image: {
          jpeg,
          pixelWidth: width,
          pixelHeight: height,
          x: 0,
          y: 0,
          width: pageWidth,
          height: pageHeight,
          gray: true,
        },
      },
    ],
  });
}
