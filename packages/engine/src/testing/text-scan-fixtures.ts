import { deflateSync } from 'node:zlib';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { ccittG4DecodeParms, encodeCcittG4 } from '../compress/ccitt-g4-encode.js';
import { packedGray } from '../mupdf/image-pixels.js';
import { cachedFixtureAsync } from './fixture-cache.js';

/**
 * Scans of printed text for Compress PDF tests: real text (Helvetica, varied words, 10 pt) rendered at the scan's
 * resolution. A black-and-white scan as office scanners store it: thresholded to 1 bit with a little sensor noise on
 * the stroke edges, one image per page named /Im0, stored with Flate (1 = white). Text of varied letter shapes is
 * what CCITT G4 is made for; the bars of the colour scan fixture repeat so regularly that Flate beats it.
 */

export interface BilevelTextScan {
  pages: number;
  /** Page size in points and the scan's resolution. */
  pageWidth: number;
  pageHeight: number;
  ppi: number;
  /**
   * How the image stores its bits: DeviceGray with 1 = white (default); DeviceGray with 1 = black and /Decode
   * [1 0], which draws the same page; a stencil /ImageMask painting the black; or DeviceGray as CCITT G4
   * without padding, as most scanners write it.
   */
  storage?: 'gray' | 'inverted-decode' | 'image-mask' | 'ccitt-g4';
  /**
   * The lower half of each page a halftoned picture instead of text: a gray ramp from 5 % ink on the left to 95 % on
   * the right, dithered into randomly placed dots as scanners do in black-and-white mode.
   */
  halftone?: boolean;
}

const WORDS = [
  'the',
  'scanned',
  'letter',
  'arrived',
  'with',
  'invoice',
  'number',
  'payable',
  'within',
  'thirty',
  'days',
  'of',
  'receipt',
  'please',
  'quote',
  'reference',
  'when',
  'paying',
  'by',
  'bank',
  'transfer',
  'account',
  'Journal',
  'Physiology',
  'muscle',
  'fibres',
  'were',
  'stimulated',
  'at',
  'frequencies',
  'between',
  'and',
] as const;

function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The scanned document, cached on disk after the first build. */
export function makeBilevelTextScanPdf(fixture: BilevelTextScan): Promise<Buffer> {
  const key = { name: 'bilevel-text-scan', inputs: fixture, generatorModule: import.meta.url };
  return cachedFixtureAsync(key, () => Promise.resolve(buildBilevelTextScan(fixture)));
}

function buildBilevelTextScan(fixture: BilevelTextScan): Buffer {
  const { pageWidth, pageHeight } = fixture;
  const doc = new mupdf.PDFDocument();
  try {
    for (let page = 0; page < fixture.pages; page++) {
      const { rows, width, height } = scannedRows(fixture, page + 1);
      const inverted = fixture.storage === 'inverted-decode';
      const dict = {
        ...{ Type: 'XObject', Subtype: 'Image', Width: width, Height: height, BitsPerComponent: 1 },
        ...(fixture.storage === 'image-mask' ? { ImageMask: true } : { ColorSpace: 'DeviceGray' }),
        ...(inverted ? { Decode: [1, 0] } : {}),
      };
      const image =
        fixture.storage === 'ccitt-g4'
          ? doc.addRawStream(encodeCcittG4({ width, height, rows, blackIs1: false }), {
              ...dict,
              Filter: 'CCITTFaxDecode',
              DecodeParms: ccittG4DecodeParms({ width, height, blackIs1: false }),
            })
          : doc.addRawStream(deflateSync(inverted ? rows.map((byte) => byte ^ 0xff) : rows), {
              ...dict,
              Filter: 'FlateDecode',
            });
      // A stencil mask paints the current fill colour (black) where its samples are 0.
      const content = `q ${pageWidth} 0 0 ${pageHeight} 0 0 cm /Im0 Do Q\n`;
      doc.insertPage(-1, doc.addPage([0, 0, pageWidth, pageHeight], 0, { XObject: { Im0: image } }, content));
    }
    return Buffer.from(doc.saveToBuffer('compress').asUint8Array());
  } finally {
    doc.destroy();
  }
}

/** One page of text rendered at the scan's resolution and thresholded: 1-bit rows, 1 = white. */
function scannedRows(fixture: BilevelTextScan, seed: number): { rows: Uint8Array; width: number; height: number } {
  const random = randomSource(seed);
  const { gray, width, height } = printedText(fixture.pageWidth, fixture.pageHeight, fixture.ppi, random);
  const rowBytes = Math.ceil(width / 8);
  const rows = new Uint8Array(rowBytes * height);
  for (let y = 0; y < height; y++) {
    const halftone = fixture.halftone === true && y >= height / 2;
    for (let x = 0; x < width; x++) {
      // Sensor noise moves the threshold a little, so stroke edges come out ragged as in a scan.
      const white = halftone
        ? random() >= 0.05 + (0.9 * x) / width
        : gray[y * width + x]! + (random() - 0.5) * 60 >= 128;
      if (white) rows[y * rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return { rows, width, height };
}

/** A page of 10 pt text (varied words) rendered in gray at `ppi`: 0 ink, 255 paper, no row padding. */
function printedText(
  pageWidth: number,
  pageHeight: number,
  ppi: number,
  random: () => number,
): { gray: Uint8Array; width: number; height: number } {
  const printed = new mupdf.PDFDocument();
  try {
    const font = printed.addSimpleFont(new mupdf.Font('Helvetica'));
    let text = 'BT /F1 10 Tf 12 TL\n';
    text += `1 0 0 1 54 ${pageHeight - 60} Tm\n`;
    for (let line = 0; 60 + line * 12 < pageHeight - 54; line++) {
      let words = '';
      while (words.length < (pageWidth - 108) / 5.2) words += `${WORDS[Math.floor(random() * WORDS.length)]} `;
      text += `(${words.trim()}) Tj T*\n`;
    }
    text += 'ET\n';
    const pageObject = printed.addPage([0, 0, pageWidth, pageHeight], 0, { Font: { F1: font } }, text);
    printed.insertPage(-1, pageObject);
    const scale = ppi / 72;
    const pixmap = printed.loadPage(0).toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceGray);
    try {
      const { pixels: gray, width, height } = packedGray(pixmap);
      return { gray, width, height };
    } finally {
      pixmap.destroy();
    }
  } finally {
    printed.destroy();
  }
}

export interface NoisyTextScan {
  /** Page size in points and the scan's resolution (the image is drawn at exactly that resolution). */
  pageWidth: number;
  pageHeight: number;
  ppi: number;
}

/**
 * A colour scan of an old printed page, as a book scanner stores it: text on cream paper with brown ink, the
 * paper's grain and the sensor's noise in every pixel, stored as a high-quality RGB JPEG at the resolution it is
 * drawn at. One page, the image named /Im0. No JPEG keeps the grain, so a re-encode never looks exactly like it.
 */
export function makeNoisyTextScanPdf(fixture: NoisyTextScan): Promise<Buffer> {
  const key = { name: 'noisy-text-scan', inputs: fixture, generatorModule: import.meta.url };
  return cachedFixtureAsync(key, () => buildNoisyTextScan(fixture));
}

async function buildNoisyTextScan(fixture: NoisyTextScan): Promise<Buffer> {
  const random = randomSource(3);
  const { gray, width, height } = printedText(fixture.pageWidth, fixture.pageHeight, fixture.ppi, random);
  const paper = [236, 226, 200];
  const ink = [60, 40, 25];
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < gray.length; i++) {
    const level = gray[i]! / 255;
    // Grain: about +-12 levels, the same in each channel (brightness, not colour), plus a little per channel.
    const grain = (random() + random() + random() - 1.5) * 16;
    for (let c = 0; c < 3; c++) {
      const value = ink[c]! + (paper[c]! - ink[c]!) * level + grain + (random() - 0.5) * 6;
      rgb[i * 3 + c] = Math.max(0, Math.min(255, Math.round(value)));
    }
  }
  const jpeg = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  const doc = new mupdf.PDFDocument();
  try {
    const image = doc.addRawStream(jpeg, {
      ...{ Type: 'XObject', Subtype: 'Image', Width: width, Height: height },
      ...{ ColorSpace: 'DeviceRGB', BitsPerComponent: 8, Filter: 'DCTDecode' },
    });
    const { pageWidth, pageHeight } = fixture;
    const content = `q ${pageWidth} 0 0 ${pageHeight} 0 0 cm /Im0 Do Q\n`;
    doc.insertPage(-1, doc.addPage([0, 0, pageWidth, pageHeight], 0, { XObject: { Im0: image } }, content));
    return Buffer.from(doc.saveToBuffer('compress').asUint8Array());
  } finally {
    doc.destroy();
  }
}
