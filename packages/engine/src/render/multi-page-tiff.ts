import { type FileHandle, open } from 'node:fs/promises';
import { promisify } from 'node:util';
import { deflate } from 'node:zlib';
import { ToolError } from '@paperknife/catalog/errors';

/**
 * A multi-page TIFF written a page at a time, each page with its own size and resolution (TIFF 6.0, little-endian,
 * one IFD per page). Pages are added as they are rendered, so a long document never sits in memory whole. Colour
 * pages are 8-bit RGB in Deflate strips with horizontal differencing; black-and-white pages are 1-bit, coded CCITT
 * Group 4 by the caller, white is zero as in fax files. See docs/decisions/161.
 */

export type TiffPage = {
  width: number;
  height: number;
  /** Pixels per inch, stored as XResolution and YResolution. */
  dpi: number;
} & (
  | { kind: 'rgb'; strips: DeflateStrips }
  /** One strip: the whole page coded CCITT Group 4 (T.6) with 1 as black. */
  | { kind: 'bilevel'; g4: Uint8Array }
);

export interface DeflateStrips {
  rowsPerStrip: number;
  strips: Uint8Array[];
}

/** Uncompressed bytes per strip: big enough for Deflate to find repeats, small enough for readers to stream. */
const STRIP_BYTES = 256 * 1024;

const deflateAsync = promisify(deflate);

/**
 * Codes 8-bit RGB rows as TIFF Deflate strips with horizontal differencing (Predictor 2): each sample is stored as
 * its difference from the same sample of the pixel on its left, which turns a page's flat areas and gradients into
 * runs of zeros Deflate codes in a few bits. Strips are deflated on libuv's threads.
 */
export async function deflateRgbStrips(rgb: Uint8Array, width: number, height: number): Promise<DeflateStrips> {
  const rowBytes = width * 3;
  const rowsPerStrip = Math.max(1, Math.min(height, Math.floor(STRIP_BYTES / rowBytes)));
  const pending: Promise<Uint8Array>[] = [];
  for (let top = 0; top < height; top += rowsPerStrip) {
    const strip = rgb.slice(top * rowBytes, Math.min(height, top + rowsPerStrip) * rowBytes);
    for (let row = 0; row < strip.length; row += rowBytes) {
      for (let i = row + rowBytes - 1; i >= row + 3; i--) strip[i] = (strip[i]! - strip[i - 3]!) & 0xff;
    }
    pending.push(deflateAsync(strip, { level: 6 }));
  }
  return { rowsPerStrip, strips: await Promise.all(pending) };
}

/** TIFF field types by their code: SHORT, LONG and RATIONAL (two LONGs). */
const fieldTypes = { short: 3, long: 4, rational: 5 } as const;

interface Field {
  tag: number;
  type: keyof typeof fieldTypes;
  values: readonly number[];
}

/** TIFF's offsets are 32-bit. */
const MAX_OFFSET = 0xffff_ffff;

export class MultiPageTiff {
  private offset = 8;
  /** Where the offset of the next IFD goes: the header's, then each IFD's last four bytes. */
  private nextIfdPointer = 4;
  private pages = 0;

  private constructor(private readonly file: FileHandle) {}

  static async create(path: string): Promise<MultiPageTiff> {
    const file = await open(path, 'w');
    const header = Buffer.alloc(8);
    header.write('II', 0, 'latin1');
    header.writeUInt16LE(42, 2);
    await file.write(header, 0, 8, 0);
    return new MultiPageTiff(file);
  }

  get pageCount(): number {
    return this.pages;
  }

  async addPage(page: TiffPage): Promise<void> {
    const strips = page.kind === 'rgb' ? page.strips.strips : [page.g4];
    const stripOffsets: number[] = [];
    for (const strip of strips) {
      stripOffsets.push(await this.append(strip));
    }
    const resolution = [Math.round(page.dpi * 100), 100];
    const fields: Field[] = [
      { tag: 256, type: 'long', values: [page.width] },
      { tag: 257, type: 'long', values: [page.height] },
      { tag: 258, type: 'short', values: page.kind === 'rgb' ? [8, 8, 8] : [1] },
      // Compression: 8 Adobe Deflate, 4 CCITT T.6.
      { tag: 259, type: 'short', values: [page.kind === 'rgb' ? 8 : 4] },
      // PhotometricInterpretation: 2 RGB, 0 WhiteIsZero.
      { tag: 262, type: 'short', values: [page.kind === 'rgb' ? 2 : 0] },
      { tag: 273, type: 'long', values: stripOffsets },
      { tag: 277, type: 'short', values: [page.kind === 'rgb' ? 3 : 1] },
      { tag: 278, type: 'long', values: [page.kind === 'rgb' ? page.strips.rowsPerStrip : page.height] },
      { tag: 279, type: 'long', values: strips.map((strip) => strip.length) },
      { tag: 282, type: 'rational', values: resolution },
      { tag: 283, type: 'rational', values: resolution },
      // PlanarConfiguration: chunky.
      { tag: 284, type: 'short', values: [1] },
      // T6Options: no uncompressed mode.
      ...(page.kind === 'bilevel' ? [{ tag: 293, type: 'long', values: [0] } satisfies Field] : []),
      // ResolutionUnit: inch.
      { tag: 296, type: 'short', values: [2] },
      // Predictor: horizontal differencing.
      ...(page.kind === 'rgb' ? [{ tag: 317, type: 'short', values: [2] } satisfies Field] : []),
    ];
    await this.writeIfd(fields);
    this.pages++;
  }

  async close(): Promise<void> {
    await this.file.close();
  }

  /** Appends bytes at the next word boundary (TIFF wants IFDs and values there) and returns where they start. */
  private async append(bytes: Uint8Array): Promise<number> {
    if (this.offset % 2 === 1) this.offset++;
    const at = this.offset;
    if (at + bytes.length > MAX_OFFSET) {
      throw new ToolError(
        'too_many_pages',
        'The TIFF would be larger than 4 GB, the most a TIFF file can hold. Choose a lower resolution or split the PDF first.',
      );
    }
    await this.file.write(bytes, 0, bytes.length, at);
    this.offset = at + bytes.length;
    return at;
  }

  /** Writes values that do not fit in their entry first, then the IFD, and links it from the one before. */
  private async writeIfd(fields: readonly Field[]): Promise<void> {
    const entries = Buffer.alloc(2 + fields.length * 12 + 4);
    entries.writeUInt16LE(fields.length, 0);
    for (const [index, field] of fields.entries()) {
      const at = 2 + index * 12;
      const count = field.type === 'rational' ? field.values.length / 2 : field.values.length;
      entries.writeUInt16LE(field.tag, at);
      entries.writeUInt16LE(fieldTypes[field.type], at + 2);
      entries.writeUInt32LE(count, at + 4);
      const value = fieldBytes(field);
      if (value.length <= 4) value.copy(entries, at + 8);
      else entries.writeUInt32LE(await this.append(value), at + 8);
    }
    const ifd = await this.append(entries);
    const pointer = Buffer.alloc(4);
    pointer.writeUInt32LE(ifd, 0);
    await this.file.write(pointer, 0, 4, this.nextIfdPointer);
    this.nextIfdPointer = ifd + entries.length - 4;
  }
}

function fieldBytes(field: Field): Buffer {
  const short = field.type === 'short';
  const bytes = Buffer.alloc(field.values.length * (short ? 2 : 4));
  field.values.forEach((value, index) => {
    if (short) bytes.writeUInt16LE(value, index * 2);
    else bytes.writeUInt32LE(value, index * 4);
  });
  return bytes;
}
