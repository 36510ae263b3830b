import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegStructureProblem } from './jpeg-structure.js';
import { makePdf } from '../testing/make-pdf.js';
import { seededRandom } from '../testing/mutations.js';

const dir = mkdtempSync(join(tmpdir(), 'paperknife-jpeg-structure-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** JPEGs of the kinds PDFs hold: baseline colour (subsampled or not), gray, progressive. */
const jpegs: Buffer[] = [];

beforeAll(async () => {
  const noise = (width: number, height: number, channels: 1 | 3) =>
    sharp(Buffer.from(Array.from({ length: width * height * channels }, (_, i) => (i * 37 + (i >> 5)) & 255)), {
      raw: { width, height, channels },
    });
  jpegs.push(
    await noise(48, 32, 3).jpeg({ quality: 80 }).toBuffer(),
    await noise(64, 40, 3).jpeg({ quality: 90, chromaSubsampling: '4:4:4' }).toBuffer(),
    await noise(40, 40, 1).jpeg({ quality: 75 }).toBuffer(),
    await noise(64, 48, 3).jpeg({ quality: 85, progressive: true }).toBuffer(),
  );
});

/** Whether `qpdf --check` fails a PDF that draws this JPEG (it decodes JPEG data whole). */
function qpdfFails(jpeg: Buffer, name: string): boolean {
  const path = join(dir, name);
  const image = { jpeg, pixelWidth: 48, pixelHeight: 32, x: 72, y: 400, width: 96, height: 64 };
  writeFileSync(path, makePdf({ pages: [{ image }] }));
  return spawnSync('qpdf', ['--check', path]).status !== 0;
}

/** A byte changed or inserted where the markers and tables are (mostly), or anywhere. */
function mutated(jpeg: Buffer, random: () => number): Buffer {
  const out = Buffer.from(jpeg);
  const headerEnd = jpeg.lastIndexOf(Buffer.from([0xff, 0xda])) + 14;
  const edits = 1 + Math.floor(random() * 2);
  for (let edit = 0; edit < edits; edit++) {
    const at = Math.floor(random() * (random() < 0.85 ? headerEnd : out.length));
    out[at] = random() < 0.3 ? out[at]! ^ (1 << Math.floor(random() * 8)) : Math.floor(random() * 256);
  }
  return out;
}

describe('jpegStructureProblem', () => {
  it('finds nothing in sound JPEGs', () => {
    for (const [index, jpeg] of jpegs.entries()) {
      expect(qpdfFails(jpeg, `sound-${index}.pdf`)).toBe(false);
      expect(jpegStructureProblem(jpeg)).toBeUndefined();
    }
  });

  it('names a table libjpeg refuses', () => {
    const jpeg = Buffer.from(jpegs[0]!);
    const dht = jpeg.indexOf(Buffer.from([0xff, 0xc4]));
    jpeg[dht + 5] = 0xff; // the first count of the first Huffman table: more codes than its length holds
    expect(qpdfFails(jpeg, 'bogus-huffman.pdf')).toBe(true);
    expect(jpegStructureProblem(jpeg)).toBe('a bogus Huffman table');
  });

  it('flags every mutated JPEG qpdf --check fails (seeded, 300 cases)', () => {
    const random = seededRandom(27);
    const missed: string[] = [];
    let failed = 0;
    let flaggedOnly = 0;
    for (let index = 0; index < 300; index++) {
      const jpeg = mutated(jpegs[index % jpegs.length]!, random);
      const qpdf = qpdfFails(jpeg, `case-${index}.pdf`);
      const ours = jpegStructureProblem(jpeg);
      if (qpdf) failed++;
      if (qpdf && ours === undefined) missed.push(`case ${index}: ${jpeg.toString('base64')}`);
      if (!qpdf && ours !== undefined) flaggedOnly++;
    }
    expect(missed).toEqual([]);
    expect(failed).toBeGreaterThan(100);
    // A flag the check would not raise costs a repair, not a wrong answer; most flips in tables break them.
    expect(flaggedOnly).toBeLessThan(40);
  }, 120_000);
});
