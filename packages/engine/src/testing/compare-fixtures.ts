import sharp from 'sharp';
import { type FixturePage, makePdf } from './make-pdf.js';

/**
 * A pair of PDFs with known edits, for Compare PDF's tests. The changed version, page by page:
 * 1. "very" inserted before "lazy", "thirty" changed to "sixty";
 * 2. the original's page 4, moved here unchanged;
 * 3. the original's page 2 with "short" deleted;
 * 4. the original's page 3 with its picture changed (red over blue becomes blue over red), the text the same.
 */
export const comparePairEdits = {
  inserted: 'very',
  changed: { from: 'thirty', to: 'sixty' },
  deleted: 'short',
  /** The picture's box in points from the top-left of page 3 of the original (page 4 of the changed version). */
  picture: [72, 792 - 250 - 150, 72 + 240, 792 - 250],
} as const;

async function twoBands(top: [number, number, number], bottom: [number, number, number]): Promise<Buffer> {
  const width = 80;
  const height = 50;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) pixels.set(y < height / 2 ? top : bottom, (y * width + x) * 3);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

const red: [number, number, number] = [220, 20, 20];
const blue: [number, number, number] = [20, 20, 220];

async function picturePage(top: typeof red, bottom: typeof red): Promise<FixturePage> {
  const jpeg = await twoBands(top, bottom);
  return {
    text: ['Figure one shows the sales of the year', 'Every region grew in the second half'],
    image: { jpeg, pixelWidth: 80, pixelHeight: 50, x: 72, y: 250, width: 240, height: 150 },
  };
}

const appendix: FixturePage = { text: ['Appendix with the terms and conditions of sale', 'Prices include tax'] };

export async function comparePair(): Promise<{ original: Buffer; changed: Buffer }> {
  const original = makePdf({
    pages: [
      { text: ['The quick brown fox jumps over the lazy dog', 'Payment is due within thirty days of the invoice'] },
      { text: ['Chapter two begins here with a short paragraph', 'about nothing in particular'] },
      await picturePage(red, blue),
      appendix,
    ],
  });
  const changed = makePdf({
    pages: [
      { text: ['The quick brown fox jumps over the very lazy dog', 'Payment is due within sixty days of the invoice'] },
      appendix,
      { text: ['Chapter two begins here with a paragraph', 'about nothing in particular'] },
      await picturePage(blue, red),
    ],
  });
  return { original, changed };
}
