/**
 * Seeded damage for fuzz tests: the same seed gives the same mutated bytes on every run, so a failing case is
 * reproduced by its seed alone. The kinds are the damage real files carry: flipped bytes (also inside a stream,
 * where an image's data lives), a file cut short, a chunk written twice, and cross-reference offsets that point
 * nowhere.
 */

export const mutationKinds = ['flip', 'flip-in-stream', 'truncate', 'duplicate-chunk', 'break-xref'] as const;
export type MutationKind = (typeof mutationKinds)[number];

/** A generator of numbers in [0, 1) from a 32-bit seed (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number in [min, max). */
function between(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * Math.max(1, max - min));
}

function flip(bytes: Buffer, random: () => number, from = 0, to = bytes.length): Buffer {
  const out = Buffer.from(bytes);
  const count = between(random, 1, 9);
  for (let i = 0; i < count; i++) out[between(random, from, to)] = between(random, 0, 256);
  return out;
}

/** Where each stream's data lies: after `stream` and its end of line, up to `endstream`. */
function streamBodies(bytes: Buffer): { start: number; end: number }[] {
  const bodies: { start: number; end: number }[] = [];
  let at = 0;
  for (;;) {
    const keyword = bytes.indexOf('stream', at, 'latin1');
    if (keyword < 0) break;
    const end = bytes.indexOf('endstream', keyword + 6, 'latin1');
    if (end < 0) break;
    let start = keyword + 6;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] === 0x0a) start++;
    // `endstream` itself contains `stream`: only a keyword not preceded by `end` opens a body.
    if (bytes.subarray(keyword - 3, keyword).toString('latin1') !== 'end' && end > start) bodies.push({ start, end });
    at = end + 9;
  }
  return bodies;
}

function breakXref(bytes: Buffer, random: () => number): Buffer {
  const text = bytes.toString('latin1');
  const startxref = text.lastIndexOf('startxref');
  const offsets = [...text.matchAll(/(\d{10}) (\d{5}) n/g)];
  if (offsets.length > 0 && (startxref < 0 || random() < 0.5)) {
    // Some entries of the table point elsewhere.
    const out = Buffer.from(bytes);
    const count = between(random, 1, Math.min(offsets.length, 6) + 1);
    for (let i = 0; i < count; i++) {
      const entry = offsets[between(random, 0, offsets.length)]!;
      const wrong = String(between(random, 0, bytes.length * 2))
        .padStart(10, '0')
        .slice(-10);
      out.write(wrong, entry.index!, 'latin1');
    }
    return out;
  }
  if (startxref < 0) return flip(bytes, random);
  const digits = /\d+/.exec(text.slice(startxref + 9));
  if (!digits) return flip(bytes, random);
  const at = startxref + 9 + digits.index;
  const wrong = String(between(random, 0, bytes.length * 2));
  return Buffer.concat([bytes.subarray(0, at), Buffer.from(wrong, 'latin1'), bytes.subarray(at + digits[0].length)]);
}

/** The bytes damaged in the given way, the same way for the same seed. */
export function mutate(bytes: Buffer, kind: MutationKind, seed: number): Buffer {
  const random = seededRandom(seed);
  switch (kind) {
    case 'flip':
      return flip(bytes, random);
    case 'flip-in-stream': {
      const bodies = streamBodies(bytes);
      if (bodies.length === 0) return flip(bytes, random);
      const body = bodies[between(random, 0, bodies.length)]!;
      return flip(bytes, random, body.start, body.end);
    }
    case 'truncate':
      return bytes.subarray(0, between(random, Math.floor(bytes.length * 0.1), Math.floor(bytes.length * 0.98)));
    case 'duplicate-chunk': {
      const length = between(random, 16, Math.min(4096, Math.max(17, bytes.length / 4)));
      const from = between(random, 0, Math.max(1, bytes.length - length));
      const to = between(random, 0, bytes.length);
      const chunk = bytes.subarray(from, from + length);
      return Buffer.concat([bytes.subarray(0, to), chunk, bytes.subarray(to)]);
    }
    case 'break-xref':
      return breakXref(bytes, random);
  }
}
