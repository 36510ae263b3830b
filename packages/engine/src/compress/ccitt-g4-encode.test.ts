import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { type BilevelRows, ccittG4DecodeParms, encodeCcittG4 } from './ccitt-g4-encode.js';

/** The rows MuPDF's own CCITT decoder reads back from the stream, as a PDF reader would. */
function decodeWithMupdf(data: Uint8Array, image: BilevelRows): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const stream = doc.addRawStream(data, { Filter: 'CCITTFaxDecode', DecodeParms: ccittG4DecodeParms(image) });
    return Uint8Array.from(stream.readStream().asUint8Array());
  } finally {
    doc.destroy();
  }
}

function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Rows of 1 = white, drawn by `ink(x, y)` (true = black). */
function rowsOf(width: number, height: number, ink: (x: number, y: number) => boolean): Uint8Array {
  const rowBytes = Math.ceil(width / 8);
  const rows = new Uint8Array(rowBytes * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) if (!ink(x, y)) rows[y * rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
  }
  return rows;
}

/** How many bytes differ (a count rather than a deep diff, which is slow on image-sized arrays). */
function differingBytes(actual: Uint8Array, expected: Uint8Array): number {
  let count = Math.abs(actual.length - expected.length);
  for (let i = 0; i < Math.min(actual.length, expected.length); i++) if (actual[i] !== expected[i]) count++;
  return count;
}

function invert(rows: Uint8Array): Uint8Array {
  return rows.map((byte) => byte ^ 0xff);
}

/** The rows with the padding bits past `width` cleared: decoders fill them as they like (MuPDF: white). */
function withoutPadding(rows: Uint8Array, width: number, height: number): Uint8Array {
  const rowBytes = Math.ceil(width / 8);
  const cleared = Uint8Array.from(rows);
  if (width % 8 === 0) return cleared;
  const keep = (0xff00 >> (width % 8)) & 0xff;
  for (let y = 0; y < height; y++) cleared[y * rowBytes + rowBytes - 1]! &= keep;
  return cleared;
}

describe('encodeCcittG4', () => {
  it('codes text-like strokes that MuPDF decodes back bit for bit, in far fewer bytes than the rows', () => {
    const width = 613;
    const height = 240;
    // Letters as slanted strokes and bars that shift from row to row: vertical, pass and horizontal modes.
    const ink = (x: number, y: number) =>
      (y % 40 > 8 && y % 40 < 30 && (x + (y >> 2)) % 23 < 3) || (y % 40 === 31 && x % 97 > 20) || x === width - 1;
    const image = { width, height, rows: rowsOf(width, height, ink), blackIs1: false };
    const encoded = encodeCcittG4(image);
    const decoded = decodeWithMupdf(encoded, image);
    expect(differingBytes(withoutPadding(decoded, width, height), withoutPadding(image.rows, width, height))).toBe(0);
    expect(encoded.length).toBeLessThan(image.rows.length / 4);
  });

  it('codes every run length of either colour, past the longest make-up code (2560)', () => {
    const random = randomSource(11);
    const width = 5400;
    const height = 24;
    // Each row alternates runs of random length: short ones (terminating codes), up to 2560 and beyond.
    const runs: boolean[][] = [];
    for (let y = 0; y < height; y++) {
      const row: boolean[] = [];
      let black = random() < 0.5;
      while (row.length < width) {
        const kind = random();
        const length =
          kind < 0.5
            ? 1 + Math.floor(random() * 64)
            : kind < 0.9
              ? Math.floor(random() * 2700)
              : 2600 + Math.floor(random() * 2800);
        for (let i = 0; i < length && row.length < width; i++) row.push(black);
        black = !black;
      }
      runs.push(row);
    }
    const image = { width, height, rows: rowsOf(width, height, (x, y) => runs[y]![x]!), blackIs1: false };
    expect(differingBytes(decodeWithMupdf(encodeCcittG4(image), image), image.rows)).toBe(0);
  });

  it('codes noise, blank rows and all-black rows', () => {
    const random = randomSource(5);
    const width = 131;
    const height = 90;
    const noise = Array.from({ length: width * height }, () => random() < 0.5);
    const ink = (x: number, y: number) => (y < 30 ? noise[y * width + x]! : y < 60 ? y % 2 === 0 : false);
    const image = { width, height, rows: rowsOf(width, height, ink), blackIs1: false };
    const decoded = decodeWithMupdf(encodeCcittG4(image), image);
    expect(differingBytes(withoutPadding(decoded, width, height), withoutPadding(image.rows, width, height))).toBe(0);
  });

  it('writes /BlackIs1 when 1 is black, so the decoded samples equal the stored ones', () => {
    const width = 64;
    const height = 32;
    const whiteIs1 = rowsOf(width, height, (x, y) => (x - 32) ** 2 + (y - 16) ** 2 < 120);
    const image = { width, height, rows: invert(whiteIs1), blackIs1: true };
    expect(ccittG4DecodeParms(image)).toEqual({ K: -1, Columns: width, Rows: height, BlackIs1: true });
    const encoded = encodeCcittG4(image);
    expect(differingBytes(decodeWithMupdf(encoded, image), image.rows)).toBe(0);
    // Same picture, same code: only the stored convention differs.
    expect(encoded).toEqual(encodeCcittG4({ width, height, rows: whiteIs1, blackIs1: false }));
  });

  it('refuses rows shorter than the size says', () => {
    expect(() => encodeCcittG4({ width: 16, height: 4, rows: new Uint8Array(7), blackIs1: false })).toThrow(
      /1-bit rows/,
    );
  });
});
