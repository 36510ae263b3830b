import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ToolOptions } from '@paperknife/catalog/tools';
import { layoutPage } from '../image-to-pdf/page-layout.js';
import { readPngChunks } from '../image-to-pdf/png-chunks.js';
import { corpusDir } from '../testing/corpus.js';
import { assertValidPdf, pdfPageCount, pdfPageSizes, renderPageRgb } from '../testing/pdf-assertions.js';
import { photoFacts, photographedPage, tableTopPhoto } from '../testing/photographed-page.js';
import { jobPerTest, toolErrorCode } from '../testing/test-job.js';
import { jpgToPdf } from './jpg-to-pdf.js';

const job = jobPerTest();
const defaults: ToolOptions<'jpg-to-pdf'> = {
  pageSize: 'fit',
  orientation: 'auto',
  margin: 0,
  output: 'one',
  cleanUp: false,
};
const imagesDir = join(corpusDir, 'images');

async function convert(inputs: Record<string, Buffer>, options: Partial<ToolOptions<'jpg-to-pdf'>> = {}) {
  const files = await Promise.all(Object.entries(inputs).map(([name, data]) => job.input(name, data)));
  return jpgToPdf(files, { ...defaults, ...options }, job.context);
}

/** The images in a PDF as PNG files (poppler's pdfimages), lossless. */
async function extractedImages(path: string): Promise<Buffer[]> {
  const folder = await mkdtemp(join(tmpdir(), 'jpg-to-pdf-images-'));
  try {
    execFileSync('pdfimages', ['-png', path, join(folder, 'image')]);
    const names = (await readdir(folder)).sort();
    return Promise.all(names.map((name) => readFile(join(folder, name))));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** A picture whose left half is red and right half blue, so a turn shows where red went. */
function halves(width: number, height: number) {
  const left = { input: { create: { width: width / 2, height, channels: 3, background: '#ff0000' } }, left: 0, top: 0 };
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } }).composite([left] as never);
}

const pixelAt = (image: { width: number; pixels: Uint8Array }, x: number, y: number) =>
  Array.from(image.pixels.subarray((y * image.width + x) * 3, (y * image.width + x) * 3 + 3));

describe('jpg-to-pdf', () => {
  it('embeds a JPEG byte for byte, the page its size at its resolution', async () => {
    const jpeg = await halves(300, 200).jpeg({ quality: 80 }).withMetadata({ density: 150 }).toBuffer();
    const result = await convert({ 'photo.jpg': jpeg });
    assertValidPdf(result.path);
    const pdf = await readFile(result.path);
    expect(pdf.indexOf(jpeg)).toBeGreaterThan(0);
    expect(pdf.toString('latin1')).toContain('/DCTDecode');
    expect(pdfPageSizes(result.path)).toEqual([[144, 96]]);
    expect(result.download.name).toBe('images.pdf');
  });

  it('turns a photo upright by its EXIF orientation without re-encoding it', async () => {
    // Stored landscape, left red; orientation 6 shows it turned a quarter clockwise: portrait, red on top.
    const jpeg = await halves(200, 100).jpeg().withMetadata({ orientation: 6, density: 72 }).toBuffer();
    const result = await convert({ 'turned.jpg': jpeg });
    expect((await readFile(result.path)).indexOf(jpeg)).toBeGreaterThan(0);
    expect(pdfPageSizes(result.path)).toEqual([[100, 200]]);
    const page = renderPageRgb(result.path, 1, 72);
    expect([page.width, page.height]).toEqual([100, 200]);
    expect(pixelAt(page, 50, 20)[0]).toBeGreaterThan(200);
    expect(pixelAt(page, 50, 180)[2]).toBeGreaterThan(200);
  });

  it('keeps a PNG with transparency lossless, its alpha a soft mask, 16 bits kept', async () => {
    const samples = new Uint16Array(64 * 48 * 4);
    for (let i = 0; i < 64 * 48; i++) {
      samples.set([(i * 997) % 65536, (i * 31) % 65536, 40000, i % 64 < 32 ? 65535 : 1000], i * 4);
    }
    const rgba16 = await sharp(samples, { raw: { width: 64, height: 48, channels: 4 } })
      .toColourspace('rgb16')
      .png()
      .toBuffer();
    expect((await sharp(rgba16).metadata()).depth).toBe('ushort');
    const result = await convert({ 'clear.png': rgba16 });
    assertValidPdf(result.path);
    const text = (await readFile(result.path)).toString('latin1');
    expect(text).toContain('/SMask');
    // qpdf undoes the Flate and PNG predictor: the samples as the PDF holds them, 16-bit big-endian.
    const imageId = /(\d+) 0 obj\n<<\/Type \/XObject[^\n]*\/SMask (\d+) 0 R/.exec(text)!;
    const samples16 = (id: string) =>
      execFileSync('qpdf', [`--show-object=${id}`, '--filtered-stream-data', result.path], { maxBuffer: 1 << 24 });
    const colour = samples16(imageId[1]!);
    const alpha = samples16(imageId[2]!);
    // Image and mask, each in its dictionary and its PNG predictor parameters.
    expect(text.match(/\/BitsPerComponent 16/g)).toHaveLength(4);
    expect([colour.length, alpha.length]).toEqual([64 * 48 * 6, 64 * 48 * 2]);
    for (let i = 0; i < 64 * 48; i++) {
      const got = [colour.readUInt16BE(i * 6), colour.readUInt16BE(i * 6 + 2), colour.readUInt16BE(i * 6 + 4)];
      const source = Array.from(samples.subarray(i * 4, i * 4 + 4));
      expect([...got, alpha.readUInt16BE(i * 2)]).toEqual(source);
    }
    // The mask at work: opaque on the left, nearly clear (white paper showing) on the right.
    const page = renderPageRgb(result.path, 1, 96);
    expect(Math.abs(pixelAt(page, 10, 10)[2]! - 156)).toBeLessThanOrEqual(2);
    expect(Math.min(...pixelAt(page, 50, 10))).toBeGreaterThan(240);
  });

  it('passes an opaque PNG through with its compressed rows as they are', async () => {
    const png = await sharp(await halves(120, 80).png().toBuffer())
      .removeAlpha()
      .png()
      .toBuffer();
    const result = await convert({ 'flat.png': png });
    const pdf = await readFile(result.path);
    expect(pdf.indexOf(readPngChunks(png)!.idat)).toBeGreaterThan(0);
    const text = pdf.toString('latin1');
    expect(text).toContain('/Predictor 15');
    expect(text).not.toContain('/SMask');
    const [back] = await extractedImages(result.path);
    expect(await sharp(back!).raw().toBuffer()).toEqual(await sharp(png).raw().toBuffer());
  });

  it('gives every page of a TIFF a page and a GIF its first frame, in upload order', async () => {
    const result = await convert({ 'scan.tif': await multiPageTiff(3), 'clip.gif': await animatedGif(4) });
    assertValidPdf(result.path);
    expect(pdfPageCount(result.path)).toBe(4);
  });

  it('reads a BMP (libvips cannot) and keeps its pixels', async () => {
    const width = 6;
    const height = 4;
    const stride = 20;
    const bmp = Buffer.alloc(54 + stride * height);
    bmp.write('BM', 0, 'latin1');
    bmp.writeUInt32LE(54, 10);
    bmp.writeUInt32LE(40, 14);
    bmp.writeInt32LE(width, 18);
    bmp.writeInt32LE(height, 22);
    bmp.writeUInt16LE(1, 26);
    bmp.writeUInt16LE(24, 28);
    // Bottom row first: the top two rows (stored last) red, the bottom two blue; BGR order.
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) bmp.set(y < 2 ? [255, 0, 0] : [0, 0, 255], 54 + y * stride + x * 3);
    }
    const result = await convert({ 'paint.bmp': bmp });
    assertValidPdf(result.path);
    const [back] = await extractedImages(result.path);
    const { data, info } = await sharp(back!).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([width, height, 3]);
    expect([...data.subarray(0, 3)]).toEqual([255, 0, 0]);
    expect([...data.subarray(data.length - 3)]).toEqual([0, 0, 255]);
  });

  it('keeps a two-tone fax TIFF at 1 bit per pixel, every pixel as it was', async () => {
    // Text-like stripes and a block, black on white, as a scanner's CCITT G4 TIFF.
    const width = 203;
    const height = 100;
    const gray = Buffer.alloc(width * height, 255);
    for (let i = 0; i < gray.length; i++) if ((i % width) % 7 < 2 || (i > 5000 && i < 6000)) gray[i] = 0;
    const fax = await sharp(gray, { raw: { width, height, channels: 1 } })
      .toColourspace('b-w')
      .tiff({ bitdepth: 1, compression: 'ccittfax4' })
      .toBuffer();
    expect((await sharp(fax).metadata()).bitsPerSample).toBe(1);
    const result = await convert({ 'fax.tif': fax });
    assertValidPdf(result.path);
    const text = (await readFile(result.path)).toString('latin1');
    expect(text).toMatch(/\/BitsPerComponent 1 \/ColorSpace \/DeviceGray/);
    const [back] = await extractedImages(result.path);
    expect(await sharp(back!).toColourspace('b-w').raw().toBuffer()).toEqual(gray);
  });

  it('lays pages out as A4 with margins, turned to each image unless told', async () => {
    const wide = { width: 400, height: 200, orientation: 1, dpi: { x: 72, y: 72 } };
    const auto = layoutPage(wide, { pageSize: 'a4', orientation: 'auto', margin: 10 });
    expect([auto.width, auto.height]).toEqual([841.89, 595.276]);
    // 10 mm = 28.346 pt each side; the width limits the scale.
    expect(auto.content).toMatch(/^q 785\.197 0 0 392\.598 28\.346 101\.339 cm \/Im0 Do Q$/);
    const portrait = layoutPage(wide, { pageSize: 'letter', orientation: 'portrait', margin: 0 });
    expect([portrait.width, portrait.height]).toEqual([612, 792]);
    const sideways = layoutPage({ ...wide, orientation: 6 }, { pageSize: 'fit', orientation: 'auto', margin: 0 });
    expect([sideways.width, sideways.height]).toEqual([200, 400]);
    expect(sideways.content).toContain('0 -1 1 0 0 1 cm');
  });

  it('gives one PDF per image in a ZIP when asked', async () => {
    const jpeg = await halves(100, 100).jpeg().toBuffer();
    const result = await convert({ 'a.jpg': jpeg, 'b.png': await halves(50, 50).png().toBuffer() }, { output: 'each' });
    expect(result.download.name).toBe('images-pdf.zip');
    const entries = unzipSync(await readFile(result.path));
    expect(Object.keys(entries)).toEqual(['a.pdf', 'b.pdf']);
  });

  it('refuses what is not an image, an empty file and a PDF with a coded error', async () => {
    expect(await toolErrorCode(convert({ 'fake.jpg': Buffer.from('MZ this is a program') }))).toBe(
      'unsupported_file_type',
    );
    expect(await toolErrorCode(convert({ 'empty.png': Buffer.alloc(0) }))).toBe('unsupported_file_type');
    expect(await toolErrorCode(convert({ 'doc.jpg': Buffer.from('%PDF-1.7\n%%EOF\n') }))).toBe('unsupported_file_type');
    // A JPEG cut off before its frame header.
    expect(await toolErrorCode(convert({ 'cut.jpg': Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a]) }))).toBe(
      'damaged_image',
    );
  });

  it('refuses a JPEG cut off in its scan data, not one with bytes after its end', async () => {
    const jpeg = await halves(200, 200).jpeg().withMetadata({ orientation: 1 }).toBuffer();
    const cut = jpeg.subarray(0, Math.floor(jpeg.length * 0.7));
    expect(await toolErrorCode(convert({ 'cut.jpg': cut }))).toBe('damaged_image');
    const trailer = Buffer.concat([jpeg, Buffer.from('camera maker trailer data')]);
    const result = await convert({ 'trailer.jpg': trailer });
    expect((await readFile(result.path)).indexOf(trailer)).toBeGreaterThan(0);
  });

  it('refuses a 20000 x 20000 image from its header, before decoding it', async () => {
    const started = performance.now();
    expect(await toolErrorCode(convert({ 'huge.png': await hugePng(20_000, 20_000) }))).toBe('image_too_large');
    const gif = Buffer.from(
      'GIF89a\x20\x4e\x20\x4e\x00\x00\x00,\x00\x00\x00\x00\x20\x4e\x20\x4e\x00\x02\x02D\x01\x00;',
      'latin1',
    );
    expect(await toolErrorCode(convert({ 'huge.gif': gif }))).toBe('image_too_large');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  const corpusImages = existsSync(imagesDir);
  it.skipIf(!corpusImages)('converts every corpus image (skipped without ../shared/corpus/images)', async () => {
    const expected: Record<string, number> = { 'pillow-fax-3-pages.tif': 3 };
    for (const name of await readdir(imagesDir)) {
      const result = await convert({ [name]: await readFile(join(imagesDir, name)) }, { pageSize: 'a4' });
      assertValidPdf(result.path);
      expect(pdfPageCount(result.path), name).toBe(expected[name] ?? 1);
    }
  });

  it.skipIf(!corpusImages)('turns the iPhone HEIC photo upright as libheif decodes it', async () => {
    const result = await convert({ 'photo.heic': await readFile(join(imagesDir, 'pillowheif-iphone-rotated.heic')) });
    const [[width, height]] = pdfPageSizes(result.path) as [[number, number]];
    expect(height).toBeGreaterThan(width);
    expect((await readFile(result.path)).toString('latin1')).toContain('/DCTDecode');
  });
});

/** A TIFF of `count` pages (libvips writes a tall image as pages of `pageHeight`). */
async function multiPageTiff(count: number): Promise<Buffer> {
  const data = Buffer.alloc(40 * 60 * count * 3, 0x66);
  return sharp(data, { raw: { width: 40, height: 60 * count, channels: 3, pageHeight: 60 } as never })
    .tiff({ compression: 'lzw' })
    .toBuffer();
}

/** A GIF of `frames` frames. */
async function animatedGif(frames: number): Promise<Buffer> {
  const { data, info } = await sharp({
    create: { width: 30, height: 30 * frames, channels: 4, background: '#00ff00ff' },
  })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 4, pageHeight: 30 } as never })
    .gif({ delay: [100] })
    .toBuffer();
}

/** A PNG's header claiming `width` x `height` with a few bytes of rows: what an upload of a huge image starts as. */
async function hugePng(width: number, height: number): Promise<Buffer> {
  const chunk = (type: string, body: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), body, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('jpg-to-pdf: clean up photographed pages', () => {
  /** The mean grey of a page's middle tenth, away from the sheet's edges. */
  const middleGrey = (image: { width: number; height: number; pixels: Uint8Array }) => {
    let sum = 0;
    let count = 0;
    for (let y = Math.floor(image.height * 0.45); y < image.height * 0.55; y++) {
      for (let x = Math.floor(image.width * 0.45); x < image.width * 0.55; x++) {
        const at = (y * image.width + x) * 3;
        sum += (image.pixels[at]! + image.pixels[at + 1]! + image.pixels[at + 2]!) / 3;
        count++;
      }
    }
    return sum / count;
  };
  /** The grey level below which `share` of a page's pixels lie (0.9: the paper; 0.02: the ink). */
  const greyAt = (image: { pixels: Uint8Array }, share: number) => {
    const greys: number[] = [];
    for (let at = 0; at < image.pixels.length; at += 3) {
      greys.push((image.pixels[at]! + image.pixels[at + 1]! + image.pixels[at + 2]!) / 3);
    }
    greys.sort((a, b) => a - b);
    return greys[Math.floor(greys.length * share)]!;
  };

  it('crops a photo to its sheet of paper, the paper white and the ink dark, as a new JPEG', async () => {
    const photo = await photographedPage();
    const result = await convert({ 'page.jpg': photo }, { cleanUp: true });
    assertValidPdf(result.path);
    const pdf = await readFile(result.path);
    expect(pdf.indexOf(photo)).toBe(-1);
    expect(pdf.toString('latin1')).toContain('/DCTDecode');
    // The sheet turned by 4 degrees, with a little room around it; the table top mostly gone.
    const [[width, height]] = pdfPageSizes(result.path) as [[number, number]];
    const { turnedSheet } = photoFacts;
    expect(width).toBeGreaterThanOrEqual(turnedSheet.width);
    expect(width).toBeLessThan(turnedSheet.width + 60);
    expect(height).toBeGreaterThanOrEqual(turnedSheet.height);
    expect(height).toBeLessThan(turnedSheet.height + 60);
    const page = renderPageRgb(result.path, 1, 72);
    expect(greyAt(page, 0.9)).toBeGreaterThan(245);
    const before = renderPageRgb((await convert({ 'page.jpg': photo })).path, 1, 72);
    expect(greyAt(before, 0.9)).toBeLessThan(photoFacts.sheet.paper + 10);
    // The middle of the sheet (paper and a line of text) is brighter than it was, the ink still dark.
    expect(middleGrey(page)).toBeGreaterThan(middleGrey(before) + 20);
    expect(greyAt(page, 0.02)).toBeLessThan(40);
  });

  it('keeps JPEG bytes untouched without the option', async () => {
    const photo = await photographedPage();
    const result = await convert({ 'page.jpg': photo });
    expect((await readFile(result.path)).indexOf(photo)).toBeGreaterThan(0);
    expect(pdfPageSizes(result.path)).toEqual([[photoFacts.width, photoFacts.height]]);
  });

  it('keeps the whole photo when no sheet stands out', async () => {
    const result = await convert({ 'table.jpg': await tableTopPhoto() }, { cleanUp: true });
    assertValidPdf(result.path);
    expect(pdfPageSizes(result.path)).toEqual([[photoFacts.width, photoFacts.height]]);
  });

  it('cleans a PNG and a JPEG stored turned alike, upright', async () => {
    const png = await sharp(await photographedPage())
      .png()
      .withMetadata({ density: 72 })
      .toBuffer();
    // Stored turned a quarter: EXIF orientation 6 shows it upright, so the cleaned page is portrait.
    const turned = await sharp(await photographedPage())
      .rotate(-90)
      .jpeg()
      .withMetadata({ orientation: 6, density: 72 })
      .toBuffer();
    const result = await convert({ 'page.png': png, 'turned.jpg': turned }, { cleanUp: true });
    assertValidPdf(result.path);
    const sizes = pdfPageSizes(result.path);
    expect(sizes).toHaveLength(2);
    for (const [width, height] of sizes) {
      expect(width).toBeLessThan(photoFacts.turnedSheet.width + 60);
      expect(height).toBeLessThan(photoFacts.turnedSheet.height + 60);
      expect(height).toBeGreaterThan(width);
    }
  });

  it('still refuses a JPEG cut off in its scan data', async () => {
    const photo = await photographedPage();
    const cut = photo.subarray(0, Math.floor(photo.length / 2));
    expect(await toolErrorCode(convert({ 'cut.jpg': cut }, { cleanUp: true }))).toBe('damaged_image');
  });
});
