/**
 * The part of a JPEG that `qpdf --check` can fail on, read without decoding it: the markers and tables libjpeg reads
 * before and between scans (its fatal errors: "Bogus Huffman table definition", a bad length, a scan that names a
 * component or table that is not there). A flipped byte in the entropy-coded data only makes libjpeg warn, and the
 * check passes (40 of 40 tries on a corpus photo). Conservative: anything this reader does not expect of a plain
 * baseline or progressive JPEG is a problem, and the job goes the repair way, whose full check decides.
 */
import { EOI, SOS, jpegSegments } from './jpeg-segments.js';

const SOF_BASELINE = 0xc0;
const SOF_EXTENDED = 0xc1;
const SOF_PROGRESSIVE = 0xc2;
const DHT = 0xc4;
const DQT = 0xdb;
const DRI = 0xdd;
const COM = 0xfe;

const MAX_BLOCKS_IN_UNIT = 10;

interface Frame {
  progressive: boolean;
  /** Component id -> its quantisation table and its blocks in a scan's unit (horizontal x vertical sampling). */
  components: Map<number, { table: number; blocks: number }>;
}

/** The first thing in a JPEG's markers and tables that libjpeg would refuse (or this reader doubts), or `undefined`. */
export function jpegStructureProblem(data: Uint8Array): string | undefined {
  const dcTables = new Set<number>();
  const acTables = new Set<number>();
  const quantTables = new Set<number>();
  let frame: Frame | undefined;
  let scans = 0;
  const segments = jpegSegments(data);
  for (let next = segments.next(); ; next = segments.next()) {
    if (next.done) return next.value;
    const { marker, body } = next.value;
    let problem: string | undefined;
    if (marker === EOI) return scans > 0 ? undefined : 'no scan';
    if (marker === SOF_BASELINE || marker === SOF_EXTENDED || marker === SOF_PROGRESSIVE) {
      if (frame) return 'a second frame header';
      const read = readFrame(body, marker === SOF_PROGRESSIVE);
      if (typeof read === 'string') return read;
      frame = read;
    } else if (marker === DHT) {
      problem = readHuffmanTables(body, dcTables, acTables);
    } else if (marker === DQT) {
      problem = readQuantTables(body, quantTables);
    } else if (marker === DRI) {
      if (body.length !== 2) problem = 'a restart interval of the wrong length';
    } else if (marker === SOS) {
      if (!frame) return 'a scan before the frame header';
      problem = readScanHeader(body, frame, dcTables, acTables, quantTables);
      scans++;
    } else if (!((marker >= 0xe0 && marker <= 0xef) || marker === COM)) {
      problem = `marker 0x${marker.toString(16)}`;
    }
    if (problem) return problem;
  }
}

function readFrame(body: Uint8Array, progressive: boolean): Frame | string {
  if (body.length < 6) return 'a frame header cut short';
  const [precision, heightHigh, heightLow, widthHigh, widthLow, count] = body as unknown as number[];
  if (precision !== 8) return 'a sample precision other than 8';
  if (((heightHigh! << 8) | heightLow!) === 0 || ((widthHigh! << 8) | widthLow!) === 0) return 'an empty image';
  if (count !== 1 && count !== 3 && count !== 4) return 'an unusual number of components';
  if (body.length !== 6 + 3 * count) return 'a frame header of the wrong length';
  const components: Frame['components'] = new Map();
  for (let index = 0; index < count; index++) {
    const id = body[6 + 3 * index]!;
    const sampling = body[7 + 3 * index]!;
    const table = body[8 + 3 * index]!;
    const [h, v] = [sampling >> 4, sampling & 15];
    if (h < 1 || h > 4 || v < 1 || v > 4) return 'a sampling factor out of range';
    if (table > 3 || components.has(id)) return 'a bad component';
    components.set(id, { table, blocks: h * v });
  }
  return { progressive, components };
}

/** Huffman tables as libjpeg reads them, and builds them when a scan uses them (counts, symbols, codes). */
function readHuffmanTables(body: Uint8Array, dc: Set<number>, ac: Set<number>): string | undefined {
  let at = 0;
  while (at < body.length) {
    if (at + 17 > body.length) return 'a Huffman table cut short';
    const kind = body[at]! >> 4;
    const id = body[at]! & 15;
    if (kind > 1 || id > 3) return 'a bad Huffman table index';
    const counts = body.subarray(at + 1, at + 17);
    const total = counts.reduce((sum, count) => sum + count, 0);
    if (total > 256 || at + 17 + total > body.length) return 'a bogus Huffman table';
    const symbols = body.subarray(at + 17, at + 17 + total);
    if (kind === 0 && symbols.some((symbol) => symbol > 15)) return 'a bogus Huffman table';
    let code = 0;
    let started = false;
    for (let bits = 1; bits <= 16; bits++) {
      const count = counts[bits - 1]!;
      if (count > 0) started = true;
      if (!started) continue;
      code += count;
      if (code >= 1 << bits) return 'a bogus Huffman table';
      code <<= 1;
    }
    (kind === 0 ? dc : ac).add(id);
    at += 17 + total;
  }
  return undefined;
}

function readQuantTables(body: Uint8Array, tables: Set<number>): string | undefined {
  let at = 0;
  while (at < body.length) {
    const precision = body[at]! >> 4;
    const id = body[at]! & 15;
    if (precision > 1 || id > 3) return 'a bad quantisation table index';
    const size = precision === 0 ? 64 : 128;
    if (at + 1 + size > body.length) return 'a quantisation table cut short';
    tables.add(id);
    at += 1 + size;
  }
  return undefined;
}

function readScanHeader(
  body: Uint8Array,
  frame: Frame,
  dc: Set<number>,
  ac: Set<number>,
  quant: Set<number>,
): string | undefined {
  const count = body[0] ?? 0;
  if (count < 1 || count > 4 || body.length !== 4 + 2 * count) return 'a bad scan header';
  const [start, end, approximation] = [body[1 + 2 * count]!, body[2 + 2 * count]!, body[3 + 2 * count]!];
  const [high, low] = [approximation >> 4, approximation & 15];
  if (frame.progressive) {
    if (
      start > end ||
      end > 63 ||
      (start === 0 && end !== 0) ||
      (start > 0 && count !== 1) ||
      low > 13 ||
      (high !== 0 && low !== high - 1)
    ) {
      return 'bad progression parameters';
    }
  } else if (start !== 0 || end !== 63 || approximation !== 0) {
    return 'a sequential scan with progression parameters';
  }
  const seen = new Set<number>();
  let blocks = 0;
  for (let index = 0; index < count; index++) {
    const id = body[1 + 2 * index]!;
    const tables = body[2 + 2 * index]!;
    const component = frame.components.get(id);
    if (component === undefined || seen.has(id)) return 'a scan of a component the frame does not have';
    seen.add(id);
    blocks += component.blocks;
    if (!quant.has(component.table)) return 'a quantisation table that is not defined';
    const [dcTable, acTable] = [tables >> 4, tables & 15];
    if (dcTable > 3 || acTable > 3) return 'a bad Huffman table index';
    if (start === 0 && high === 0 && !dc.has(dcTable)) return 'a Huffman table that is not defined';
    if (end > 0 && !ac.has(acTable)) return 'a Huffman table that is not defined';
  }
  // libjpeg decodes at most ten blocks per unit of an interleaved scan.
  if (count > 1 && blocks > MAX_BLOCKS_IN_UNIT) return 'too many blocks in a unit';
  return undefined;
}
