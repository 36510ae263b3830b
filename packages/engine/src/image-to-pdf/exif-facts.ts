/** Pixels per inch across and down. */
export interface Resolution {
  x: number;
  y: number;
}

export interface ExifFacts {
  /** The EXIF orientation, 1 to 8 (1: as stored). */
  orientation: number;
  resolution?: Resolution;
}

const ORIENTATION = 0x0112;
const X_RESOLUTION = 0x011a;
const Y_RESOLUTION = 0x011b;
const RESOLUTION_UNIT = 0x0128;

/** Reads orientation and resolution from the first directory of EXIF data (a TIFF structure). */
export function exifFacts(tiff: Buffer): ExifFacts {
  const facts: ExifFacts = { orientation: 1 };
  if (tiff.length < 8) return facts;
  const order = tiff.subarray(0, 2).toString('latin1');
  if (order !== 'II' && order !== 'MM') return facts;
  const little = order === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const directory = u32(4);
  if (directory + 2 > tiff.length) return facts;
  const count = u16(directory);
  let x: number | undefined;
  let y: number | undefined;
  let unit = 2;
  const rational = (entry: number) => {
    const offset = u32(entry + 8);
    if (offset + 8 > tiff.length) return undefined;
    const denominator = u32(offset + 4);
    return denominator === 0 ? undefined : u32(offset) / denominator;
  };
  for (let index = 0; index < count; index++) {
    const entry = directory + 2 + index * 12;
    if (entry + 12 > tiff.length) break;
    const tag = u16(entry);
    if (tag === ORIENTATION) {
      const value = u16(entry + 8);
      if (value >= 1 && value <= 8) facts.orientation = value;
    } else if (tag === X_RESOLUTION) x = rational(entry);
    else if (tag === Y_RESOLUTION) y = rational(entry);
    else if (tag === RESOLUTION_UNIT) unit = u16(entry + 8);
  }
  if (x && y && (unit === 2 || unit === 3)) {
    const perInch = unit === 3 ? 2.54 : 1;
    facts.resolution = { x: x * perInch, y: y * perInch };
  }
  return facts;
}
