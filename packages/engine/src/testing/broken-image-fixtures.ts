import { writePdfObjects } from './make-pdf.js';

/**
 * PDFs whose images no longer decode, one codec per page, the shape a byte flip inside an image stream leaves: the
 * stream's header still reads, its data does not. Each page also draws a red box and a line of text, which must
 * survive whatever happens to the image drawn over the box's middle.
 */

export const brokenImageCodecs = ['jpx', 'flate', 'dct', 'jbig2', 'ccitt'] as const;
export type BrokenImageCodec = (typeof brokenImageCodecs)[number];

/** Where each page draws its box (points, from the bottom left) and, over its middle, the broken image. */
export const brokenImagePage = {
  width: 612,
  height: 792,
  box: { x: 72, y: 400, width: 468, height: 300 },
  image: { x: 206, y: 450, width: 200, height: 200 },
  text: (codec: BrokenImageCodec) => `A page whose ${codec} image is broken`,
} as const;

const u16 = (n: number) => Buffer.from([n >> 8, n & 255]);
const u32 = (n: number) => Buffer.from([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

/** Bytes that no decoder reads as its own format, the same on every run. */
function noise(length: number): Buffer {
  return Buffer.from(Array.from({ length }, (_, i) => (i * 37 + 11) & 255));
}

/**
 * A JPEG 2000 codestream whose main header (size, coding style, quantisation) is sound and whose tile part is
 * noise: MuPDF reads the header when the page loads and fails ("Failed to decode JPX image") only when it draws.
 */
function brokenJpx(width: number, height: number): Buffer {
  const siz = Buffer.concat([
    u16(0xff51),
    u16(41),
    u16(0),
    u32(width),
    u32(height),
    u32(0),
    u32(0),
    u32(width),
    u32(height),
    u32(0),
    u32(0),
    u16(1),
    Buffer.from([7, 1, 1]),
  ]);
  const cod = Buffer.concat([u16(0xff52), u16(12), Buffer.from([0, 0, 0, 1, 0, 5, 4, 4, 0, 1])]);
  const quantisation = [0x20, 0x50, 0x58, 0x58, 0x60, 0x58, 0x58, 0x60, 0x58, 0x58, 0x60, 0x58, 0x58, 0x58, 0x50, 0x50];
  const qcd = Buffer.concat([u16(0xff5c), u16(19), Buffer.from([...quantisation, 0x58])]);
  const sot = Buffer.concat([u16(0xff90), u16(10), u16(0), u32(0x21077), Buffer.from([0, 1])]);
  return Buffer.concat([u16(0xff4f), siz, cod, qcd, sot, noise(200)]);
}

/** The image dictionary's entries (besides size and length) and data of each codec's broken image. */
function brokenImage(codec: BrokenImageCodec, side: number): { entries: string; data: Buffer } {
  switch (codec) {
    case 'jpx':
      return { entries: '/Filter /JPXDecode', data: brokenJpx(side, side) };
    case 'flate':
      return { entries: '/Filter /FlateDecode /ColorSpace /DeviceRGB /BitsPerComponent 8', data: noise(300) };
    case 'dct':
      // A JPEG start marker, then no frame.
      return {
        entries: '/Filter /DCTDecode /ColorSpace /DeviceRGB /BitsPerComponent 8',
        data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), noise(300)]),
      };
    case 'jbig2':
      return { entries: '/Filter /JBIG2Decode /ImageMask true /BitsPerComponent 1', data: noise(300) };
    case 'ccitt':
      return {
        entries: `/Filter /CCITTFaxDecode /DecodeParms << /K -1 /Columns ${side} /Rows ${side} >> /ColorSpace /DeviceGray /BitsPerComponent 1`,
        data: noise(300),
      };
  }
}

function stream(entries: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${entries} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

/** One page per codec, in the order given, each drawing a box, a line of text and that codec's broken image. */
export function brokenImagesPdf(codecs: readonly BrokenImageCodec[] = brokenImageCodecs): Buffer {
  const { width, height, box, image } = brokenImagePage;
  const objects: (string | Buffer)[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const pages: number[] = [];
  const side = 64;
  for (const codec of codecs) {
    const broken = brokenImage(codec, side);
    objects.push(
      stream(`/Type /XObject /Subtype /Image /Width ${side} /Height ${side} ${broken.entries}`, broken.data),
    );
    const imageRef = objects.length;
    const content =
      `q 1 0 0 rg ${box.x} ${box.y} ${box.width} ${box.height} re f Q\n` +
      `q ${image.width} 0 0 ${image.height} ${image.x} ${image.y} cm /Im1 Do Q\n` +
      `BT /F1 18 Tf 72 300 Td (${brokenImagePage.text(codec)}) Tj ET\n`;
    objects.push(stream('', Buffer.from(content, 'latin1')));
    const contentRef = objects.length;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Resources << /Font << /F1 3 0 R >> /XObject << /Im1 ${imageRef} 0 R >> >> /Contents ${contentRef} 0 R >>`,
    );
    pages.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${pages.map((page) => `${page} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  return writePdfObjects(objects, '/Root 1 0 R');
}
