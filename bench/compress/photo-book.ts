import sharp from 'sharp';
import { cachedFixtureAsync } from '@paperknife/engine/testing/fixture-cache';

/**
 * A large photo book for the compress benchmark's memory target (peak RSS <= 300 MB for a 100 MB input): one
 * distinct photo-like RGB JPEG per page, drawn over the whole page at `ppi`, so medium and high resample every
 * page. Written object by object rather than through MuPDF, so building it does not hold a second copy.
 */

export interface PhotoBook {
  pages: number;
  width: number;
  height: number;
  ppi: number;
  quality: number;
}

/** Deterministic pseudo-random numbers, so the book is the same every run. */
function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Smooth colour fields (a few dozen random colours blown up) with grain: JPEG's cost of a real photograph. */
async function photoJpeg(book: PhotoBook, seed: number): Promise<Buffer> {
  const random = randomSource(seed);
  const field = { width: 40, height: 27, channels: 3 as const };
  const colours = Uint8Array.from({ length: field.width * field.height * 3 }, () => random() * 255);
  const smooth = await sharp(colours, { raw: field })
    .resize(book.width, book.height, { kernel: 'cubic', fit: 'fill' })
    .raw()
    .toBuffer();
  const pixels = new Uint8Array(smooth.length);
  let state = seed * 7919 + 1;
  for (let i = 0; i < pixels.length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const grain = (((state >>> 24) - 128) / 128) * 24;
    pixels[i] = Math.max(0, Math.min(255, smooth[i]! + grain));
  }
  return sharp(pixels, { raw: { width: book.width, height: book.height, channels: 3 } })
    .jpeg({ quality: book.quality })
    .toBuffer();
}

async function buildPhotoBook(book: PhotoBook): Promise<Uint8Array> {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  const add = (number: number, ...chunks: Buffer[]) => {
    offsets[number] = length;
    for (const chunk of chunks) {
      parts.push(chunk);
      length += chunk.length;
    }
  };
  const text = (value: string) => Buffer.from(value, 'latin1');
  const pageWidth = ((book.width / book.ppi) * 72).toFixed(3);
  const pageHeight = ((book.height / book.ppi) * 72).toFixed(3);
  // 1 catalog, 2 page tree, then per page: page, content, image.
  const kids = Array.from({ length: book.pages }, (_, page) => `${3 + page * 3} 0 R`).join(' ');
  add(1, text('1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n'));
  add(2, text(`2 0 obj\n<< /Type /Pages /Kids [${kids}] /Count ${book.pages} >>\nendobj\n`));
  for (let page = 0; page < book.pages; page++) {
    const [pageObject, contentObject, imageObject] = [3 + page * 3, 4 + page * 3, 5 + page * 3];
    add(
      pageObject,
      text(
        `${pageObject} 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageWidth} ${pageHeight}] ` +
          `/Resources << /XObject << /Im0 ${imageObject} 0 R >> >> /Contents ${contentObject} 0 R >>\nendobj\n`,
      ),
    );
    const content = `q ${pageWidth} 0 0 ${pageHeight} 0 0 cm /Im0 Do Q\n`;
    add(
      contentObject,
      text(`${contentObject} 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n`),
    );
    const jpeg = await photoJpeg(book, page + 1);
    add(
      imageObject,
      text(
        `${imageObject} 0 obj\n<< /Type /XObject /Subtype /Image /Width ${book.width} /Height ${book.height} ` +
          `/ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`,
      ),
      jpeg,
      text('\nendstream\nendobj\n'),
    );
  }
  const objects = 3 + book.pages * 3;
  const xref = [`xref\n0 ${objects}\n`, '0000000000 65535 f \n'];
  for (let number = 1; number < objects; number++) xref.push(`${String(offsets[number]).padStart(10, '0')} 00000 n \n`);
  parts.push(text(`${xref.join('')}trailer\n<< /Size ${objects} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`));
  return Buffer.concat(parts);
}

/** The photo book, cached on disk after the first build (about a second per page). */
export function photoBookPdf(book: PhotoBook): Promise<Buffer> {
  return cachedFixtureAsync({ name: 'photo-book-pdf', inputs: book, generatorModule: import.meta.url }, () =>
    buildPhotoBook(book),
  );
}
