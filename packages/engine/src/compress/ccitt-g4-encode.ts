/**
 * CCITT Group 4 (ITU-T T.6) encoding of 1-bit images, for PDF's /CCITTFaxDecode with /K -1: each row is coded
 * against the one above it (the first against a white row) by the positions where the colour changes. Scanned text
 * pages are mostly long white runs and strokes that shift little from row to row, which this codes in a few bits
 * per change; Flate of the same rows is usually 1.5-3x larger. Follows T.6 section 2.2 (the pass, vertical and
 * horizontal modes) and T.4's run-length tables; no byte alignment, no EOLs, ended by EOFB, which is what every
 * PDF reader decodes with the default /DecodeParms.
 */

export interface BilevelRows {
  width: number;
  height: number;
  /** Rows top to bottom, 1 bit per pixel, most significant bit first, each row padded to a whole byte. */
  rows: Uint8Array;
  /** Which bit value is black in `rows`; written as /BlackIs1, so the decoded samples equal `rows` bit for bit. */
  blackIs1: boolean;
}

/** Encodes the rows; the decoder needs /K -1, /Columns width, /Rows height and /BlackIs1 as in `image`. */
export function encodeCcittG4(image: BilevelRows): Uint8Array {
  const { width, height, rows, blackIs1 } = image;
  const rowBytes = Math.ceil(width / 8);
  if (width < 1 || height < 1 || rows.length < rowBytes * height) {
    throw new Error(`1-bit rows are ${rows.length} bytes, expected ${width}x${height} (${rowBytes * height})`);
  }
  const writer = new BitWriter(Math.max(1024, (rowBytes * height) >> 4));
  // Changing elements (positions where the colour differs from the pixel before, the first pixel compared with
  // white), each list ending with `width` three times so b1, b2 and a2 always exist.
  let reference = new Int32Array(width + 4);
  let current = new Int32Array(width + 4);
  reference.fill(width, 0, 3);
  for (let y = 0; y < height; y++) {
    changingElements(rows, y * rowBytes, width, blackIs1 ? 0 : 0xff, current);
    encodeRow(current, reference, width, writer);
    [reference, current] = [current, reference];
  }
  // EOFB: two EOLs.
  writer.write(1, 12);
  writer.write(1, 12);
  return writer.finish();
}

/** PDF /DecodeParms for a stream from encodeCcittG4 (BlackIs1 only when it is not the default false). */
export function ccittG4DecodeParms(image: Pick<BilevelRows, 'width' | 'height' | 'blackIs1'>) {
  return {
    K: -1,
    Columns: image.width,
    Rows: image.height,
    ...(image.blackIs1 ? { BlackIs1: true } : {}),
  };
}

/**
 * Whether 1 is black in these rows, taken as the colour most pixels do not have: T.4's white codes are the short
 * ones for long runs, so the paper should be coded as white. Padding bits are counted too; they are too few to
 * matter.
 */
export function blackIs1ByMajority(rows: Uint8Array): boolean {
  let ones = 0;
  for (let i = 0; i < rows.length; i++) ones += BITS_SET[rows[i]!]!;
  return ones * 2 < rows.length * 8;
}

const BITS_SET = Uint8Array.from({ length: 256 }, (_, byte) => {
  let count = 0;
  for (let bits = byte; bits; bits &= bits - 1) count++;
  return count;
});

/**
 * Fills `changes` with the row's changing elements and three `width` sentinels. `whiteByte` is a byte of eight
 * white pixels as stored (0xff when 1 is white), so runs of whole white or black bytes are skipped a byte at a time.
 */
function changingElements(
  rows: Uint8Array,
  offset: number,
  width: number,
  whiteByte: number,
  changes: Int32Array,
): void {
  let count = 0;
  // The colour of the previous pixel, as a byte of eight such pixels in the stored convention.
  let previous = whiteByte;
  const wholeBytes = width >> 3;
  for (let byteIndex = 0; byteIndex < wholeBytes; byteIndex++) {
    const byte = rows[offset + byteIndex]!;
    if (byte === previous) continue;
    for (let bit = 0; bit < 8; bit++) {
      const pixel = (byte >> (7 - bit)) & 1 ? 0xff : 0;
      if (pixel !== previous) {
        changes[count++] = (byteIndex << 3) + bit;
        previous = pixel;
      }
    }
  }
  for (let x = wholeBytes << 3; x < width; x++) {
    const pixel = (rows[offset + (x >> 3)]! >> (7 - (x & 7))) & 1 ? 0xff : 0;
    if (pixel !== previous) {
      changes[count++] = x;
      previous = pixel;
    }
  }
  changes[count] = width;
  changes[count + 1] = width;
  changes[count + 2] = width;
}

/** One row coded against the reference row (T.6 2.2.3). Both lists as changingElements leaves them. */
function encodeRow(current: Int32Array, reference: Int32Array, width: number, writer: BitWriter): void {
  // a0 starts on an imaginary white pixel before the row; colour 0 = white, 1 = black.
  let a0 = -1;
  let colour = 0;
  // Index of a1 in `current`: the first change right of a0 (changes alternate colour, so it is a0's opposite).
  let a1Index = 0;
  // Index of the first reference change right of a0; b1 is it or the next one, whichever has the right colour.
  let referenceIndex = 0;
  while (a0 < width) {
    while (current[a1Index]! <= a0) a1Index++;
    const a1 = current[a1Index]!;
    while (reference[referenceIndex]! <= a0 && reference[referenceIndex]! < width) referenceIndex++;
    // A change at an even index turns to black; b1 must turn to the colour opposite a0's.
    let b1Index = referenceIndex;
    if ((b1Index & 1) !== colour) b1Index++;
    const b1 = reference[b1Index]!;
    const b2 = reference[b1Index + 1]!;
    if (b2 < a1) {
      writer.write(0b0001, 4); // pass
      a0 = b2;
      continue;
    }
    const offset = a1 - b1;
    if (offset >= -3 && offset <= 3) {
      const code = VERTICAL_CODES[offset + 3]!;
      writer.write(code[0], code[1]);
      a0 = a1;
      colour ^= 1;
      continue;
    }
    const a2 = current[a1Index + 1]!;
    writer.write(0b001, 3); // horizontal
    writeRun(writer, a1 - Math.max(a0, 0), colour === 0 ? WHITE_CODES : BLACK_CODES);
    writeRun(writer, a2 - a1, colour === 0 ? BLACK_CODES : WHITE_CODES);
    a0 = a2;
  }
}

interface RunCodes {
  /** [code, length] for runs 0-63. */
  terminating: readonly (readonly [number, number])[];
  /** [code, length] for runs of 64, 128, ... 2560. */
  makeUp: readonly (readonly [number, number])[];
}

function writeRun(writer: BitWriter, run: number, codes: RunCodes): void {
  while (run >= 2560 + 64) {
    const code = codes.makeUp[39]!;
    writer.write(code[0], code[1]);
    run -= 2560;
  }
  if (run >= 64) {
    const code = codes.makeUp[(run >> 6) - 1]!;
    writer.write(code[0], code[1]);
    run &= 63;
  }
  const code = codes.terminating[run]!;
  writer.write(code[0], code[1]);
}

/** Vertical mode codes for a1 - b1 = -3 ... 3 (VL3 ... V0 ... VR3): [code, length]. */
const VERTICAL_CODES = [
  [0b0000010, 7],
  [0b000010, 6],
  [0b010, 3],
  [0b1, 1],
  [0b011, 3],
  [0b000011, 6],
  [0b0000011, 7],
] as const;

/** Make-up codes from 1792 to 2560, the same for both colours (T.4 table 3/T.4, extended). */
const EXTENDED_MAKE_UP = [
  [0x8, 11],
  [0xc, 11],
  [0xd, 11],
  [0x12, 12],
  [0x13, 12],
  [0x14, 12],
  [0x15, 12],
  [0x16, 12],
  [0x17, 12],
  [0x1c, 12],
  [0x1d, 12],
  [0x1e, 12],
  [0x1f, 12],
] as const;

// prettier-ignore
const WHITE_CODES: RunCodes = {
  terminating: [
    [0x35, 8], [0x7, 6], [0x7, 4], [0x8, 4], [0xb, 4], [0xc, 4], [0xe, 4], [0xf, 4],
    [0x13, 5], [0x14, 5], [0x7, 5], [0x8, 5], [0x8, 6], [0x3, 6], [0x34, 6], [0x35, 6],
    [0x2a, 6], [0x2b, 6], [0x27, 7], [0xc, 7], [0x8, 7], [0x17, 7], [0x3, 7], [0x4, 7],
    [0x28, 7], [0x2b, 7], [0x13, 7], [0x24, 7], [0x18, 7], [0x2, 8], [0x3, 8], [0x1a, 8],
    [0x1b, 8], [0x12, 8], [0x13, 8], [0x14, 8], [0x15, 8], [0x16, 8], [0x17, 8], [0x28, 8],
    [0x29, 8], [0x2a, 8], [0x2b, 8], [0x2c, 8], [0x2d, 8], [0x4, 8], [0x5, 8], [0xa, 8],
    [0xb, 8], [0x52, 8], [0x53, 8], [0x54, 8], [0x55, 8], [0x24, 8], [0x25, 8], [0x58, 8],
    [0x59, 8], [0x5a, 8], [0x5b, 8], [0x4a, 8], [0x4b, 8], [0x32, 8], [0x33, 8], [0x34, 8],
  ],
  makeUp: [
    [0x1b, 5], [0x12, 5], [0x17, 6], [0x37, 7], [0x36, 8], [0x37, 8], [0x64, 8], [0x65, 8],
    [0x68, 8], [0x67, 8], [0xcc, 9], [0xcd, 9], [0xd2, 9], [0xd3, 9], [0xd4, 9], [0xd5, 9],
    [0xd6, 9], [0xd7, 9], [0xd8, 9], [0xd9, 9], [0xda, 9], [0xdb, 9], [0x98, 9], [0x99, 9],
    [0x9a, 9], [0x18, 6], [0x9b, 9],
    ...EXTENDED_MAKE_UP,
  ],
};

// prettier-ignore
const BLACK_CODES: RunCodes = {
  terminating: [
    [0x37, 10], [0x2, 3], [0x3, 2], [0x2, 2], [0x3, 3], [0x3, 4], [0x2, 4], [0x3, 5],
    [0x5, 6], [0x4, 6], [0x4, 7], [0x5, 7], [0x7, 7], [0x4, 8], [0x7, 8], [0x18, 9],
    [0x17, 10], [0x18, 10], [0x8, 10], [0x67, 11], [0x68, 11], [0x6c, 11], [0x37, 11], [0x28, 11],
    [0x17, 11], [0x18, 11], [0xca, 12], [0xcb, 12], [0xcc, 12], [0xcd, 12], [0x68, 12], [0x69, 12],
    [0x6a, 12], [0x6b, 12], [0xd2, 12], [0xd3, 12], [0xd4, 12], [0xd5, 12], [0xd6, 12], [0xd7, 12],
    [0x6c, 12], [0x6d, 12], [0xda, 12], [0xdb, 12], [0x54, 12], [0x55, 12], [0x56, 12], [0x57, 12],
    [0x64, 12], [0x65, 12], [0x52, 12], [0x53, 12], [0x24, 12], [0x37, 12], [0x38, 12], [0x27, 12],
    [0x28, 12], [0x58, 12], [0x59, 12], [0x2b, 12], [0x2c, 12], [0x5a, 12], [0x66, 12], [0x67, 12],
  ],
  makeUp: [
    [0xf, 10], [0xc8, 12], [0xc9, 12], [0x5b, 12], [0x33, 12], [0x34, 12], [0x35, 12], [0x6c, 13],
    [0x6d, 13], [0x4a, 13], [0x4b, 13], [0x4c, 13], [0x4d, 13], [0x72, 13], [0x73, 13], [0x74, 13],
    [0x75, 13], [0x76, 13], [0x77, 13], [0x52, 13], [0x53, 13], [0x54, 13], [0x55, 13], [0x5a, 13],
    [0x5b, 13], [0x64, 13], [0x65, 13],
    ...EXTENDED_MAKE_UP,
  ],
};

/** Codes written most significant bit first into a growing buffer. */
class BitWriter {
  private bytes: Uint8Array;
  private length = 0;
  /** Bits not yet written out, right-aligned, and how many. */
  private pending = 0;
  private pendingBits = 0;

  constructor(initialBytes: number) {
    this.bytes = new Uint8Array(initialBytes);
  }

  /** Writes the low `bits` bits of `code` (at most 24). */
  write(code: number, bits: number): void {
    this.pending = ((this.pending << bits) | code) >>> 0;
    this.pendingBits += bits;
    while (this.pendingBits >= 8) {
      this.pendingBits -= 8;
      this.push((this.pending >>> this.pendingBits) & 0xff);
    }
    this.pending &= (1 << this.pendingBits) - 1;
  }

  /** The bytes written, the last one padded with zero bits. */
  finish(): Uint8Array {
    if (this.pendingBits > 0) this.push((this.pending << (8 - this.pendingBits)) & 0xff);
    this.pendingBits = 0;
    return this.bytes.subarray(0, this.length);
  }

  private push(byte: number): void {
    if (this.length === this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes[this.length++] = byte;
  }
}
