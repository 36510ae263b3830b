import { writePdfObjects } from './make-pdf.js';

/**
 * PDFs for the PDF to Word tests that make-pdf.ts cannot draw: an image with a soft mask, a stencil mask painted in
 * a colour, and a scanned page (one page-sized gray image, no text). Written by hand, images uncompressed.
 */

/** Where the pictures sit, in PDF points from the bottom left. */
export const pictureFixture = {
  masked: { x: 72, y: 500, width: 160, height: 80, pixelWidth: 40, pixelHeight: 20, rgb: [0, 160, 0] },
  stencil: { x: 300, y: 500, width: 80, height: 80, pixels: 16 },
  caption: 'Caption below the pictures.',
  scan: { width: 595, height: 842, pixelWidth: 60, pixelHeight: 84 },
} as const;

const writePdf = (objects: (string | Buffer)[]) => writePdfObjects(objects, '/Root 1 0 R');

const stream = (dictionary: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);

/**
 * Page 1 (letter): a green image whose soft mask makes its right half transparent, a red stencil mask painting only
 * its top half, and a caption below them. Page 2 (A4): a scan, a gray image from top (white) to bottom (black)
 * covering the page, and nothing else.
 */
export function picturesAndScanPdf(): Buffer {
  const { masked, stencil, caption, scan } = pictureFixture;
  const green = Buffer.alloc(masked.pixelWidth * masked.pixelHeight * 3);
  for (let index = 0; index < masked.pixelWidth * masked.pixelHeight; index++) green.set(masked.rgb, index * 3);
  const softMask = Buffer.alloc(masked.pixelWidth * masked.pixelHeight);
  for (let y = 0; y < masked.pixelHeight; y++)
    softMask.fill(255, y * masked.pixelWidth, y * masked.pixelWidth + masked.pixelWidth / 2);
  // 1 bit per pixel, rows padded to bytes; with the default /Decode [0 1] a 0 bit paints.
  const rowBytes = Math.ceil(stencil.pixels / 8);
  const stencilBits = Buffer.alloc(rowBytes * stencil.pixels, 0xff);
  stencilBits.fill(0, 0, rowBytes * (stencil.pixels / 2));
  const gray = Buffer.alloc(scan.pixelWidth * scan.pixelHeight);
  for (let y = 0; y < scan.pixelHeight; y++) {
    gray.fill(Math.round(255 * (1 - y / (scan.pixelHeight - 1))), y * scan.pixelWidth, (y + 1) * scan.pixelWidth);
  }

  const content1 = Buffer.from(
    `q ${masked.width} 0 0 ${masked.height} ${masked.x} ${masked.y} cm /Green Do Q\n` +
      `q 0.8 0 0 rg ${stencil.width} 0 0 ${stencil.height} ${stencil.x} ${stencil.y} cm /Stencil Do Q\n` +
      `BT /F1 12 Tf 72 450 Td (${caption}) Tj ET\n`,
    'latin1',
  );
  const content2 = Buffer.from(`q ${scan.width} 0 0 ${scan.height} 0 0 cm /Scan Do Q\n`, 'latin1');
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R /Resources << ' +
      '/Font << /F1 7 0 R >> /XObject << /Green 8 0 R /Stencil 10 0 R >> >> >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${scan.width} ${scan.height}] /Contents 6 0 R /Resources << ` +
      '/XObject << /Scan 11 0 R >> >> >>',
    stream('', content1),
    stream('', content2),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    stream(
      `/Type /XObject /Subtype /Image /Width ${masked.pixelWidth} /Height ${masked.pixelHeight} ` +
        '/ColorSpace /DeviceRGB /BitsPerComponent 8 /SMask 9 0 R',
      green,
    ),
    stream(
      `/Type /XObject /Subtype /Image /Width ${masked.pixelWidth} /Height ${masked.pixelHeight} ` +
        '/ColorSpace /DeviceGray /BitsPerComponent 8',
      softMask,
    ),
    stream(
      `/Type /XObject /Subtype /Image /Width ${stencil.pixels} /Height ${stencil.pixels} /ImageMask true ` +
        '/BitsPerComponent 1',
      stencilBits,
    ),
    stream(
      `/Type /XObject /Subtype /Image /Width ${scan.pixelWidth} /Height ${scan.pixelHeight} ` +
        '/ColorSpace /DeviceGray /BitsPerComponent 8',
      gray,
    ),
  ]);
}
