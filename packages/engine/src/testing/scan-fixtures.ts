import { deflateSync } from 'node:zlib';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { cachedFixtureAsync } from './fixture-cache.js';

/**
 * Scanned documents for Compress PDF tests and the compress benchmark, in the shape scanners and OCR tools write
 * them: one full-page image per page, stored in each page's own resources under the same name (`/Im0`), and a
 * large invisible OCR text layer (render mode 3) in each page's content stream. The pixels look like a scan:
 * paper tint, lines of dark "words", sensor noise; each page differs, so nothing is merged as a duplicate.
 */

export interface ScanFixture {
  pages: number;
  /** Image size in pixels; the page is sized so the image is drawn at `ppi`. */
  width: number;
  height: number;
  ppi: number;
  /** How each page's image is stored: an RGB JPEG, a CMYK JPEG (Adobe, inverted as Photoshop writes it) or 1 bit. */
  kind: 'rgb-jpeg' | 'cmyk-jpeg' | 'bilevel';
  /** Lines of invisible OCR text per page (about 60 bytes each). */
  textLines?: number;
  /**
   * The ink's colour: black with a faint blue cast (a colour scan of a printed page, default), or neutral gray with
   * a little noise of its own in each channel (a black-and-white page scanned in colour mode: gray-looking RGB).
   */
  ink?: 'blue-black' | 'gray';
  /**
   * A press-ready PDF/X file: this CMYK ICC profile as the document's output intent and, stored again (as
   * exporters do), as each page's /DefaultCMYK.
   */
  pdfxProfile?: Uint8Array;
}

/** Deterministic pseudo-random numbers, so fixtures are the same every run. */
function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * A page's ink as gray levels (0 black ink, 255 paper) at a fifth of the final size: lines of words of random
 * length, a photo-like block on odd pages. Upscaled smoothly it gives the soft stroke edges of a real scan.
 */
function pageInk(width: number, height: number, seed: number): Uint8Array {
  const random = randomSource(seed);
  const ink = new Uint8Array(width * height).fill(255);
  const margin = Math.round(width * 0.1);
  const lineHeight = Math.max(4, Math.round(height / 45));
  for (let top = margin; top + lineHeight < height - margin; top += lineHeight) {
    let x = margin;
    while (x < width - margin) {
      const word = Math.round(3 + random() * 12);
      const xHeight = Math.round(lineHeight * 0.45);
      // Letters as short dark strokes: two columns of ink, one of paper.
      const shade = Math.round(20 + random() * 60);
      for (let y = top; y < top + xHeight; y++) {
        for (let dx = 0; dx < word && x + dx < width - margin; dx++) {
          if (dx % 3 < 2) ink[y * width + x + dx] = shade;
        }
      }
      x += word + 2;
    }
  }
  if (seed % 2 === 1) {
    // A photograph in the middle of the page: smooth shades.
    const left = Math.round(width * 0.3);
    const top = Math.round(height * 0.35);
    for (let y = top; y < top + height * 0.2; y++) {
      for (let x = left; x < left + width * 0.4; x++) {
        ink[y * width + x] = Math.round(128 + 60 * Math.sin(x / 9) * Math.cos(y / 13));
      }
    }
  }
  return ink;
}

/** Full-size scan pixels (RGB, or CMYK for a CMYK scan): the ink upscaled, on tinted paper, with sensor noise. */
async function scanPixels(
  width: number,
  height: number,
  channels: 3 | 4,
  seed: number,
  ink: ScanFixture['ink'] = 'blue-black',
): Promise<Uint8Array> {
  const small = { width: Math.ceil(width / 5), height: Math.ceil(height / 5) };
  const gray = await sharp(pageInk(small.width, small.height, seed), { raw: { ...small, channels: 1 } })
    .resize(width, height, { kernel: 'cubic', fit: 'fill' })
    .raw()
    .toBuffer();
  const random = randomSource(seed * 7919 + 1);
  // White paper (the scanner's background removal clips it to 255, so JPEG decodes it as flat runs), ink with a
  // faint blue cast and sensor noise: a colour scan of a mostly black-and-white page.
  const pixels = new Uint8Array(width * height * channels);
  const inkColour = ink === 'gray' ? [20, 20, 20] : [10, 12, 40];
  // A colour sensor's channels are not exactly equal on gray paper either.
  const channelNoise = ink === 'gray' ? 4 : 0;
  for (let i = 0; i < width * height; i++) {
    const level = gray[i]! / 255;
    const noise = level > 0.97 ? 0 : (random() - 0.5) * 4;
    const own = () => (level > 0.97 ? 0 : (random() - 0.5) * channelNoise);
    const r = Math.max(0, Math.min(255, 255 * level + inkColour[0]! * (1 - level) + noise + own()));
    const g = Math.max(0, Math.min(255, 255 * level + inkColour[1]! * (1 - level) + noise + own()));
    const b = Math.max(0, Math.min(255, 255 * level + inkColour[2]! * (1 - level) + noise + own()));
    if (channels === 3) {
      pixels[i * 3] = r;
      pixels[i * 3 + 1] = g;
      pixels[i * 3 + 2] = b;
    } else {
      // Naive CMYK: gray component replaced by black.
      const k = 255 - Math.max(r, g, b);
      pixels[i * 4] = 255 - r - k;
      pixels[i * 4 + 1] = 255 - g - k;
      pixels[i * 4 + 2] = 255 - b - k;
      pixels[i * 4 + 3] = k;
    }
  }
  return pixels;
}

/** A CMYK JPEG as Photoshop and most scanners write it: Adobe marker, samples stored inverted. */
function adobeCmykJpeg(pixels: Uint8Array, width: number, height: number, quality: number): Uint8Array {
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceCMYK, [0, 0, width, height], false);
  try {
    pixmap.getPixels().set(pixels);
    return pixmap.asJPEG(quality, true);
  } finally {
    pixmap.destroy();
  }
}

/** 1-bit rows, 1 = white (DeviceGray), thresholded at the middle. */
function bilevelRows(rgb: Uint8Array, width: number, height: number): Uint8Array {
  const rowBytes = Math.ceil(width / 8);
  const packed = new Uint8Array(rowBytes * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (rgb[(y * width + x) * 3 + 1]! >= 128) packed[y * rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return packed;
}

/** The page's image stream: pixels encoded as the fixture asks. */
async function scanImage(doc: mupdf.PDFDocument, fixture: ScanFixture, seed: number): Promise<mupdf.PDFObject> {
  const { width, height } = fixture;
  const dict = { Type: 'XObject', Subtype: 'Image', Width: width, Height: height };
  if (fixture.kind === 'cmyk-jpeg') {
    const data = adobeCmykJpeg(await scanPixels(width, height, 4, seed), width, height, 85);
    // /Decode [1 0 ...]: how PDF writers mark a JPEG whose CMYK samples are stored inverted.
    const decode = [1, 0, 1, 0, 1, 0, 1, 0];
    return doc.addRawStream(data, {
      ...dict,
      ColorSpace: 'DeviceCMYK',
      BitsPerComponent: 8,
      Decode: decode,
      Filter: 'DCTDecode',
    });
  }
  const rgb = await scanPixels(width, height, 3, seed, fixture.ink);
  if (fixture.kind === 'rgb-jpeg') {
    const data = await sharp(rgb, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 80 })
      .toBuffer();
    return doc.addRawStream(data, {
      ...dict,
      ColorSpace: 'DeviceRGB',
      BitsPerComponent: 8,
      Filter: 'DCTDecode',
    });
  }
  // Bilevel, Flate-compressed. (No tool here writes a G4 fax stream; the corpus has CCITT scans.)
  return doc.addRawStream(deflateSync(bilevelRows(rgb, width, height)), {
    ...dict,
    ColorSpace: 'DeviceGray',
    BitsPerComponent: 1,
    Filter: 'FlateDecode',
  });
}

/** Invisible OCR text: one positioned line per `Tj`, as OCR tools write it. */
function ocrText(lines: number, pageHeight: number, seed: number): string {
  const random = randomSource(seed + 17);
  const words = ['scanned', 'invoice', 'total', 'amount', 'account', 'reference', 'payable', 'date', 'page'];
  let text = 'BT 3 Tr\n';
  for (let line = 0; line < lines; line++) {
    const y = pageHeight - 40 - ((line * 7) % (pageHeight - 80));
    const phrase = Array.from({ length: 5 }, () => words[Math.floor(random() * words.length)]).join(' ');
    text += `/F1 9 Tf 1 0 0 1 ${40 + (line % 3) * 150} ${y} Tm (${phrase}) Tj\n`;
  }
  return `${text}ET\n`;
}

/** The scanned document, cached on disk after the first build. */
export function makeScanPdf(fixture: ScanFixture): Promise<Buffer> {
  const key = { name: 'scan-pdf', inputs: fixture, generatorModule: import.meta.url };
  return cachedFixtureAsync(key, () => buildScanPdf(fixture));
}

async function buildScanPdf(fixture: ScanFixture): Promise<Buffer> {
  const doc = new mupdf.PDFDocument();
  try {
    const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
    const pageWidth = (fixture.width / fixture.ppi) * 72;
    const pageHeight = (fixture.height / fixture.ppi) * 72;
    const iccStream = (profile: Uint8Array) => doc.addRawStream(deflateSync(profile), { N: 4, Filter: 'FlateDecode' });
    let defaultCmyk: mupdf.PDFObject | undefined;
    if (fixture.pdfxProfile) {
      const intent = doc.addObject({
        Type: 'OutputIntent',
        S: 'GTS_PDFX',
        OutputConditionIdentifier: doc.newString('Test press'),
        DestOutputProfile: iccStream(fixture.pdfxProfile),
      });
      const intents = doc.newArray();
      intents.push(intent);
      doc.getTrailer().get('Root').put('OutputIntents', intents);
      defaultCmyk = doc.addObject([doc.newName('ICCBased'), iccStream(fixture.pdfxProfile)]);
    }
    for (let page = 0; page < fixture.pages; page++) {
      const image = await scanImage(doc, fixture, page + 1);
      const content =
        `q ${pageWidth.toFixed(3)} 0 0 ${pageHeight.toFixed(3)} 0 0 cm /Im0 Do Q\n` +
        ocrText(fixture.textLines ?? 3000, pageHeight, page);
      const resources = {
        Font: { F1: font },
        XObject: { Im0: image },
        ...(defaultCmyk ? { ColorSpace: { DefaultCMYK: defaultCmyk } } : {}),
      };
      doc.insertPage(-1, doc.addPage([0, 0, pageWidth, pageHeight], 0, resources, content));
    }
    return Buffer.from(doc.saveToBuffer('compress').asUint8Array());
  } finally {
    doc.destroy();
  }
}
