import { EOI, SOS, jpegSegments } from '../preflight/jpeg-segments.js';
import { type Resolution, exifFacts } from './exif-facts.js';

/** What a PDF needs to carry a JPEG's data as it is (/DCTDecode), read from its markers. */
export interface JpegHeader {
  width: number;
  height: number;
  /** 1 gray, 3 YCbCr/RGB, 4 CMYK/YCCK. */
  components: number;
  /** Whether a PDF reader can decode it: baseline, extended or progressive Huffman (not lossless or arithmetic). */
  pdfDecodable: boolean;
  /** An Adobe APP14 marker: Adobe's CMYK JPEGs store inverted values, which the PDF's /Decode turns back. */
  adobe: boolean;
  orientation: number;
  resolution?: Resolution;
  icc?: Buffer;
}

const SOF_DCT = new Set([0xc0, 0xc1, 0xc2]);
const SOF_OTHER = new Set([0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
const ICC_TAG = 'ICC_PROFILE\0';

/** Reads a JPEG's markers up to its first frame header; undefined if the data is not a readable JPEG. */
export function readJpegHeader(data: Buffer): JpegHeader | undefined {
  let adobe = false;
  let orientation = 1;
  let resolution: Resolution | undefined;
  const iccChunks: { index: number; bytes: Buffer }[] = [];
  for (const { marker, body: bytes } of jpegSegments(data)) {
    const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (marker === 0xe0 && body.subarray(0, 5).toString('latin1') === 'JFIF\0' && body.length >= 12) {
      resolution ??= jfifResolution(body);
    } else if (marker === 0xe1 && body.subarray(0, 6).toString('latin1') === 'Exif\0\0') {
      const facts = exifFacts(body.subarray(6));
      orientation = facts.orientation;
      resolution ??= facts.resolution;
    } else if (marker === 0xe2 && body.subarray(0, 12).toString('latin1') === ICC_TAG && body.length > 14) {
      iccChunks.push({ index: body[12]!, bytes: body.subarray(14) });
    } else if (marker === 0xee && body.subarray(0, 5).toString('latin1') === 'Adobe') {
      adobe = true;
    } else if (SOF_DCT.has(marker) || SOF_OTHER.has(marker)) {
      if (body.length < 6) return undefined;
      const height = body.readUInt16BE(1);
      const width = body.readUInt16BE(3);
      const components = body[5]!;
      if (width === 0 || height === 0 || ![1, 3, 4].includes(components)) return undefined;
      const icc = iccChunks.length
        ? Buffer.concat(iccChunks.sort((a, b) => a.index - b.index).map((c) => c.bytes))
        : undefined;
      return {
        width,
        height,
        components,
        pdfDecodable: SOF_DCT.has(marker) && body[0] === 8,
        adobe,
        orientation,
        resolution,
        icc,
      };
    } else if (marker === SOS || marker === EOI) {
      return undefined; // scan data or the end before any frame header
    }
  }
  return undefined;
}

/**
 * Whether a JPEG's data runs to its end-of-image marker after its first scan: an upload cut off mid-photo does not,
 * and would draw as a photo with its lower part gray. Walks the marker segments to the first scan, so an EXIF
 * thumbnail's own markers do not count; scan data holds no 0xFFD9 (its 0xFF bytes are followed by zero).
 */
export function reachesEndOfImage(data: Buffer): boolean {
  for (const { marker, end } of jpegSegments(data)) {
    if (marker === SOS) return data.indexOf(END_OF_IMAGE, end) > 0;
  }
  return false;
}

const END_OF_IMAGE = Buffer.from([0xff, 0xd9]);

function jfifResolution(body: Buffer): Resolution | undefined {
  const units = body[7];
  const x = body.readUInt16BE(8);
  const y = body.readUInt16BE(10);
  if (x === 0 || y === 0) return undefined;
  if (units === 1) return { x, y };
  if (units === 2) return { x: x * 2.54, y: y * 2.54 };
  return undefined; // 0: an aspect ratio only
}
