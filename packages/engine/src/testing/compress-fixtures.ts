import { spawnSync } from 'node:child_process';
import { deflateSync } from 'node:zlib';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { cachedFixture, cachedFixtureAsync } from './fixture-cache.js';
import { makePdf } from './make-pdf.js';

/**
 * Fixtures for Compress PDF tests: PDFs with large images drawn small (photo-like RGB and gray JPEGs, a CMYK image,
 * an RGB image with a soft mask, a 1-bit scan), vector text and a vector box, built with MuPDF in the test process.
 * Pixels are generated, deterministic and noisy like a photograph, with a coloured corner so orientation shows.
 */

export interface FixtureImage {
  width: number;
  height: number;
  channels: 1 | 3 | 4;
  pixels: Uint8Array;
  /** How the stream is stored: JPEG (quality 95) or lossless Flate. CMYK and 1-bit images are always Flate. */
  encoding: 'jpeg' | 'flate';
  /** 1 for a bilevel image (pixels then hold 0/255 samples, packed on write). */
  bits?: 1 | 8;
  /** A gray soft mask of the same size. */
  smask?: Uint8Array;
  /** An explicit stencil mask of the same size (/Mask stream, 1 bit): 0 shows the image, 255 masks it out. */
  stencil?: Uint8Array;
  /** An Indexed image: `pixels` are one-channel indices into these RGB triples. */
  palette?: Uint8Array;
  /** An ICCBased colour space with this profile instead of the device space. */
  icc?: Uint8Array;
}

export interface FixtureDrawing {
  image: FixtureImage;
  /** Placement in points: lower left corner and size. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ImageFixturePage {
  width?: number;
  height?: number;
  /** One line of Helvetica text at the top. */
  text: string;
  drawings: FixtureDrawing[];
  /** Adds a /PieceInfo dictionary (another application's private data) of about this many bytes. */
  pieceInfoBytes?: number;
}

/** Deterministic pseudo-random numbers (a linear congruential generator), so fixtures are the same every run. */
function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * Photo-like pixels: smooth waves plus grain, so JPEG behaves as it does on photographs. The top-left quarter
 * leans to the first channel (red in RGB, cyan in CMYK) and the bottom-right quarter to the last one, which shows
 * a flip or a turn at once.
 */
export function photoPixels(width: number, height: number, channels: 1 | 3 | 4, seed = 1): Uint8Array {
  // Seconds of arithmetic for a large image: read from the fixture cache after the first run.
  const key = { name: 'photo-pixels', inputs: [width, height, channels, seed], generatorModule: import.meta.url };
  const cached = cachedFixture(key, () => generatePhotoPixels(width, height, channels, seed));
  return new Uint8Array(cached.buffer, cached.byteOffset, cached.byteLength);
}

function generatePhotoPixels(width: number, height: number, channels: 1 | 3 | 4, seed: number): Uint8Array {
  const random = randomSource(seed);
  const pixels = new Uint8Array(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const corner = x < width / 4 && y < height / 4 ? 0 : x >= (width * 3) / 4 && y >= (height * 3) / 4 ? 2 : 1;
      for (let c = 0; c < channels; c++) {
        let value = 110 + 50 * Math.sin((x + 40 * c) / (29 + 7 * c)) + 40 * Math.cos((y - 30 * c) / (23 + 5 * c));
        value += (random() - 0.5) * 36;
        if (corner === 0) value = c === 0 ? 230 + random() * 20 : value * 0.2;
        if (corner === 2) value = c === channels - 1 ? 230 + random() * 20 : value * 0.2;
        pixels[(y * width + x) * channels + c] = Math.max(0, Math.min(255, Math.round(value)));
      }
    }
  }
  return pixels;
}

/** A soft mask: opaque in the middle, fading to transparent at the edges. */
export function vignetteMask(width: number, height: number): Uint8Array {
  const mask = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = (x - width / 2) / (width / 2);
      const dy = (y - height / 2) / (height / 2);
      mask[y * width + x] = Math.max(0, Math.min(255, Math.round(255 * (1.4 - Math.hypot(dx, dy)))));
    }
  }
  return mask;
}

/** A bar chart as palette indices: flat colours on white (index 0), like a screenshot or a diagram. */
export function chartIndices(width: number, height: number): Uint8Array {
  const indices = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const bar = Math.floor((x / width) * 6);
      const top = height * (0.15 + 0.12 * bar);
      if (x % Math.floor(width / 6) > width / 60 && y > top) indices[y * width + x] = 1 + (bar % 3);
    }
  }
  return indices;
}

/** The chart's palette: white, then red, green and blue bars. */
export const chartPalette = Uint8Array.from([255, 255, 255, 220, 40, 40, 40, 160, 60, 40, 80, 200]);

/** Expands palette indices into RGB pixels. */
export function paletteToRgb(indices: Uint8Array, palette: Uint8Array): Uint8Array {
  const rgb = new Uint8Array(indices.length * 3);
  for (let i = 0; i < indices.length; i++) rgb.set(palette.subarray(indices[i]! * 3, indices[i]! * 3 + 3), i * 3);
  return rgb;
}

/** A real ICC profile (libvips' built-in 'srgb' or 'cmyk'), taken from an image sharp tags with it. */
export async function iccProfile(name: 'srgb' | 'cmyk'): Promise<Uint8Array> {
  const tagged = await sharp(new Uint8Array(16 * 16 * 3).fill(128), { raw: { width: 16, height: 16, channels: 3 } })
    .withIccProfile(name)
    .jpeg()
    .toBuffer();
  const { icc } = await sharp(tagged).metadata();
  if (!icc) throw new Error(`sharp gave no ${name} profile`);
  return icc;
}

/**
 * A page of text at screen or ebook resolution, 8-bit gray: lines of dark glyph-like strokes (one to three pixels
 * wide, with a soft pixel at each edge, as text drawn with anti-aliasing) on white paper.
 */
export function textPixels(width: number, height: number, seed = 1): Uint8Array {
  const random = randomSource(seed);
  const pixels = new Uint8Array(width * height).fill(255);
  const lineHeight = 18;
  for (let top = 12; top + lineHeight < height - 12; top += lineHeight) {
    let x = 16;
    while (x < width - 24) {
      const glyph = 4 + Math.floor(random() * 6);
      const tall = random() < 0.3;
      for (let column = x; column < x + glyph && column < width - 16; column++) {
        // Vertical stems every few columns, horizontal bars at top and bottom of the x-height.
        const stem = (column - x) % 4 === 0 || (column - x) % 4 === 1;
        for (let y = top + (tall ? 0 : 4); y < top + 12; y++) {
          const bar = y === top + 4 || y === top + 11;
          if (stem || bar) pixels[y * width + column] = 20;
        }
      }
      // A soft edge on the glyph's right side.
      for (let y = top + 4; y < top + 12; y++) pixels[y * width + Math.min(width - 1, x + glyph)] = 150;
      x += glyph + 2 + (random() < 0.2 ? 6 : 0);
    }
  }
  return pixels;
}

/** A 1-bit page scan: black strokes on white. */
export function scanPixels(width: number, height: number): Uint8Array {
  const pixels = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) if ((y % 40 < 6 && x % 300 < 250) || x % 97 < 3) pixels[y * width + x] = 0;
  }
  return pixels;
}

async function imageStream(doc: mupdf.PDFDocument, image: FixtureImage): Promise<mupdf.PDFObject> {
  let space: unknown = image.channels === 1 ? 'DeviceGray' : image.channels === 3 ? 'DeviceRGB' : 'DeviceCMYK';
  if (image.icc) {
    const profile = doc.addRawStream(deflateSync(image.icc), { N: image.channels, Filter: 'FlateDecode' });
    space = doc.addObject([doc.newName('ICCBased'), profile]);
  }
  if (image.palette) {
    const base = doc.newName('DeviceRGB');
    space = doc.addObject([
      doc.newName('Indexed'),
      base,
      image.palette.length / 3 - 1,
      doc.newByteString(image.palette),
    ]);
  }
  const dict: Record<string, unknown> = {
    Type: 'XObject',
    Subtype: 'Image',
    Width: image.width,
    Height: image.height,
    ColorSpace: space,
    BitsPerComponent: image.bits ?? 8,
  };
  if (image.smask) {
    dict['SMask'] = doc.addRawStream(deflateSync(image.smask), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: image.width,
      Height: image.height,
      ColorSpace: 'DeviceGray',
      BitsPerComponent: 8,
      Filter: 'FlateDecode',
    });
  }
  if (image.stencil) {
    const mask = { width: image.width, height: image.height, channels: 1 as const, pixels: image.stencil };
    dict['Mask'] = doc.addRawStream(deflateSync(packBits(mask)), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: image.width,
      Height: image.height,
      ImageMask: true,
      BitsPerComponent: 1,
      Filter: 'FlateDecode',
    });
  }
  if (image.bits === 1) {
    return doc.addRawStream(deflateSync(packBits(image)), { ...dict, Filter: 'FlateDecode' });
  }
  if (image.encoding === 'jpeg' && image.channels !== 4) {
    const raw = { width: image.width, height: image.height, channels: image.channels };
    let jpeg = sharp(image.pixels, { raw });
    if (image.channels === 1) jpeg = jpeg.toColourspace('b-w');
    const data = await jpeg.jpeg({ quality: 95 }).toBuffer();
    return doc.addRawStream(data, { ...dict, Filter: 'DCTDecode' });
  }
  return doc.addRawStream(deflateSync(image.pixels), { ...dict, Filter: 'FlateDecode' });
}

function packBits(image: Pick<FixtureImage, 'width' | 'height' | 'pixels'>): Uint8Array {
  const rowBytes = Math.ceil(image.width / 8);
  const packed = new Uint8Array(rowBytes * image.height);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      if (image.pixels[y * image.width + x]! >= 128) packed[y * rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return packed;
}

/** Builds the PDF. An image used in several drawings is stored once and drawn from one object. */
export function makeImagePdf(pages: ImageFixturePage[]): Promise<Buffer> {
  const key = { name: 'image-pdf', inputs: pages, generatorModule: import.meta.url };
  return cachedFixtureAsync(key, () => buildImagePdf(pages));
}

async function buildImagePdf(pages: ImageFixturePage[]): Promise<Buffer> {
  const doc = new mupdf.PDFDocument();
  try {
    const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
    const streams = new Map<FixtureImage, mupdf.PDFObject>();
    for (const page of pages) {
      const width = page.width ?? 612;
      const height = page.height ?? 792;
      const xobjects: Record<string, mupdf.PDFObject> = {};
      let content = '';
      for (const [index, drawing] of page.drawings.entries()) {
        let stream = streams.get(drawing.image);
        if (!stream) {
          stream = await imageStream(doc, drawing.image);
          streams.set(drawing.image, stream);
        }
        xobjects[`Im${index}`] = stream;
        content += `q ${drawing.width} 0 0 ${drawing.height} ${drawing.x} ${drawing.y} cm /Im${index} Do Q\n`;
      }
      // A vector box and a line of text: both must come out as vectors and text.
      content += `q 0.1 0.3 0.7 rg 72 40 140 24 re f Q\n`;
      content += `BT /F1 14 Tf 72 ${height - 60} Td (${page.text.replace(/[\\()]/g, (c) => `\\${c}`)}) Tj ET\n`;
      const resources = { Font: { F1: font }, XObject: xobjects };
      const pageObject = doc.addPage([0, 0, width, height], 0, resources, content);
      if (page.pieceInfoBytes) {
        const privateData = doc.newByteString(new Uint8Array(page.pieceInfoBytes).map((_, i) => (i * 7919) % 251));
        pageObject.put(
          'PieceInfo',
          doc.addObject({ Editor: { LastModified: doc.newString('D:20240101'), Private: privateData } }),
        );
      }
      doc.insertPage(-1, pageObject);
    }
    return Buffer.from(doc.saveToBuffer('compress').asUint8Array());
  } finally {
    doc.destroy();
  }
}

/**
 * A two-page PDF with a gray JPEG of `size` x `size` px drawn at 200 pt on page 1 (64 px: 23 dpi, which no level
 * resamples; 600 px: 216 dpi, which medium and high do); `broken` zeroes the JPEG's header (its tables and frame),
 * which `qpdf --check` cannot decode.
 */
export async function grayJpegPdf(broken: boolean, size = 64): Promise<Buffer> {
  const jpeg = await sharp(new Uint8Array(size * size).fill(90), { raw: { width: size, height: size, channels: 1 } })
    .jpeg()
    .toBuffer();
  if (broken) jpeg.fill(0, 2, 200);
  const image = { jpeg, gray: true, pixelWidth: size, pixelHeight: size, x: 72, y: 72, width: 200, height: 200 };
  return makePdf({ pages: [{ text: ['Scan'], image }, { text: ['Page 2'] }] });
}

/**
 * One page and `count` small annotation-like objects hanging off the catalogue, plus two identical embedded
 * files: enough objects that a duplicate search comparing every pair would take minutes.
 */
export function makeManyObjectsPdf(count: number): Buffer {
  const key = { name: 'many-objects-pdf', inputs: count, generatorModule: import.meta.url };
  return cachedFixture(key, () => buildManyObjectsPdf(count));
}

function buildManyObjectsPdf(count: number): Buffer {
  const doc = new mupdf.PDFDocument();
  try {
    const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
    const notes = doc.newArray();
    for (let i = 0; i < count; i++) {
      notes.push(
        doc.addObject({
          Type: 'Annot',
          Subtype: 'Text',
          Rect: [i % 500, 10, 20, 30],
          Contents: doc.newString(`Note ${i}`),
        }),
      );
    }
    const payload = deflateSync(Buffer.from('The same attachment, stored twice. '.repeat(2000)));
    const copies = [0, 1].map(() => doc.addRawStream(payload, { Type: 'EmbeddedFile', Filter: 'FlateDecode' }));
    const root = doc.getTrailer().get('Root');
    root.put('Notes', notes);
    root.put('Copies', doc.addObject(copies));
    doc.insertPage(
      -1,
      doc.addPage([0, 0, 612, 792], 0, { Font: { F1: font } }, 'BT /F1 14 Tf 72 720 Td (Many objects) Tj ET'),
    );
    return Buffer.from(doc.saveToBuffer('').asUint8Array());
  } finally {
    doc.destroy();
  }
}

export interface ListedImage {
  page: number;
  type: 'image' | 'smask' | 'mask' | 'stencil';
  width: number;
  height: number;
  /** poppler's colour label: gray, rgb, cmyk, icc, index... */
  color: string;
  components: number;
  bits: number;
  /** poppler's encoding label: jpeg, image (Flate and others), ccitt, jbig2, jpx. */
  encoding: string;
  object: number;
  xPpi: number;
  yPpi: number;
}

/** Every image drawing on every page, as `pdfimages -list` reports it. */
export function listImages(path: string): ListedImage[] {
  const result = spawnSync('pdfimages', ['-list', path], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`pdfimages failed: ${result.stderr}`);
  return result.stdout
    .split('\n')
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => {
      const cells = line.trim().split(/\s+/);
      return {
        page: Number(cells[0]),
        type: cells[2] as ListedImage['type'],
        width: Number(cells[3]),
        height: Number(cells[4]),
        color: cells[5]!,
        components: Number(cells[6]),
        bits: Number(cells[7]),
        encoding: cells[8]!,
        object: Number(cells[10]),
        xPpi: Number(cells[12]),
        yPpi: Number(cells[13]),
      };
    });
}

/** Peak signal-to-noise ratio in dB between two renders of the same size (Infinity when identical). */
export function psnr(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) throw new Error(`renders differ in size: ${a.length} and ${b.length} bytes`);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  if (sum === 0) return Infinity;
  return 10 * Math.log10((255 * 255) / (sum / a.length));
}

/** Mean RGB of a rectangle of a render, in pixels from the top left. */
export function meanColour(
  render: { width: number; pixels: Uint8Array },
  left: number,
  top: number,
  width: number,
  height: number,
): [number, number, number] {
  const sum = [0, 0, 0];
  for (let y = top; y < top + height; y++) {
    for (let x = left; x < left + width; x++) {
      for (let c = 0; c < 3; c++) sum[c]! += render.pixels[(y * render.width + x) * 3 + c]!;
    }
  }
  const count = width * height;
  return [sum[0]! / count, sum[1]! / count, sum[2]! / count];
}
