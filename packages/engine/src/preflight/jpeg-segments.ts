/** A JPEG's marker segments, walked as libjpeg walks them: the one reader of JPEG markers in the engine. */

export const SOI = 0xd8;
export const EOI = 0xd9;
export const SOS = 0xda;

/** One marker and, for a marker with a length, its segment's body. */
export interface JpegSegment {
  marker: number;
  body: Uint8Array;
  /** Where the segment ends in the data (for a scan: after its header, before its entropy-coded data). */
  end: number;
}

const EMPTY = new Uint8Array(0);

/**
 * The segments after the start-of-image marker, in order: fill bytes skipped, markers without a length (TEM, RSTn)
 * given with an empty body, each scan's entropy-coded data (stuffed zeros and restart markers included) skipped
 * after its header, and the end-of-image marker last. Returns why the walk stopped before that marker, if it did.
 */
export function* jpegSegments(data: Uint8Array): Generator<JpegSegment, string | undefined> {
  if (data[0] !== 0xff || data[1] !== SOI) return 'no start of image';
  let pos = 2;
  for (;;) {
    if (pos + 1 >= data.length) return 'ends without an end-of-image marker';
    if (data[pos] !== 0xff) return 'data where a marker should be';
    while (data[pos + 1] === 0xff) pos++;
    const marker = data[pos + 1]!;
    pos += 2;
    if (marker === EOI || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      yield { marker, body: EMPTY, end: pos };
      if (marker === EOI) return undefined;
      continue;
    }
    if (pos + 2 > data.length) return 'a segment cut short';
    const length = (data[pos]! << 8) | data[pos + 1]!;
    const end = pos + length;
    if (length < 2 || end > data.length) return 'a segment length past the data';
    yield { marker, body: data.subarray(pos + 2, end), end };
    if (marker !== SOS) {
      pos = end;
      continue;
    }
    const next = endOfEntropyData(data, end);
    if (next === undefined) return 'scan data without an end';
    pos = next;
  }
}

/** Where the marker after a scan's entropy-coded data starts (stuffed zeros and restart markers belong to it). */
function endOfEntropyData(data: Uint8Array, from: number): number | undefined {
  for (let at = data.indexOf(0xff, from); at >= 0 && at + 1 < data.length; at = data.indexOf(0xff, at + 1)) {
    const next = data[at + 1]!;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) continue;
    return at;
  }
  return undefined;
}
