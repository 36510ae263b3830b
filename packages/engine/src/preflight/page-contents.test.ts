import { readdir } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodedContentsPass, pageContentsPass, storedContentsPass } from './page-contents.js';
import { storedObjects } from './stored-objects.js';
import { runQpdfListingPages } from '../programs/qpdf.js';
import { contentPdf, pageText, unparsableContentPdf, uninflatableContentPdf } from '../testing/content-fixtures.js';
import { makePdf } from '../testing/make-pdf.js';
import { seededRandom } from '../testing/mutations.js';
import { jobPerTest } from '../testing/test-job.js';

const job = jobPerTest();

/**
 * The three ways of reading a PDF's pages: qpdf decoding (two runs), the streams copied out as stored by qpdf (one
 * run), and the streams read from the file's bytes (no run).
 */
async function bothReadings(name: string, pdf: Buffer) {
  const file = await job.input(name, pdf);
  const listed = await runQpdfListingPages(['--with-images', file.path], job.context, { okCodes: [0, 2, 3] });
  const objects = listed.contentObjects!;
  const decoded = await decodedContentsPass(file.path, objects, job.context, undefined, { jpegs: true });
  const copied = await pageContentsPass(file.path, objects, job.context, undefined, { jpegs: true });
  const bytes = await storedObjects(file, job.context.signal);
  const stored = await storedContentsPass(bytes, listed.listedPages!, job.context).finally(() => bytes.close());
  return { decoded, copied, stored };
}

describe('pageContentsPass from the streams as stored', () => {
  it('answers as qpdf decoding does on seeded damage to Flate content (a flip, a cut, a wrong checksum)', async () => {
    const text = Buffer.concat([pageText(1), Buffer.from('0 0 1 rg 72 72 200 200 re f\n'.repeat(30), 'latin1')]);
    const sound = deflateSync(text);
    const random = seededRandom(27);
    const cases = [sound, Buffer.concat([sound, Buffer.from('trailing')]), sound.subarray(0, -4), Buffer.alloc(0)];
    for (let index = 0; index < 18; index++) {
      const data = Buffer.from(sound);
      const at = Math.floor(random() * data.length);
      if (index % 3 === 2) cases.push(data.subarray(0, at));
      else {
        data[at] = Math.floor(random() * 256);
        cases.push(data);
      }
    }
    const answers = [];
    const stores = [];
    for (const [index, data] of cases.entries()) {
      const pdf = contentPdf([{ streams: [data], filter: '/FlateDecode' }, { streams: [pageText(2)] }]);
      const { decoded, copied, stored } = await bothReadings(`flate-${index}.pdf`, pdf);
      expect({ index, copied }).toEqual({ index, copied: decoded });
      // From the bytes: the same answer, or unsure where zlib refuses what qpdf reads (a wrong checksum, no data).
      expect({ index, stored: stored === 'unsure' ? decoded : stored }).toEqual({ index, stored: decoded });
      stores.push(stored);
      answers.push(copied);
    }
    // Both answers occur, and the sound stream passes, from the bytes too.
    expect(answers[0]).toBe(true);
    expect(stores[0]).toBe(true);
    expect(answers).toContain(false);
  });

  it("reads a page's JPEG, and refuses a broken Huffman table", async () => {
    const jpeg = await sharp({ create: { width: 40, height: 24, channels: 3, background: { r: 200, g: 40, b: 90 } } })
      .jpeg({ quality: 80 })
      .toBuffer();
    const image = { jpeg, pixelWidth: 40, pixelHeight: 24, x: 72, y: 400, width: 80, height: 48 };
    const sound = await bothReadings('jpeg.pdf', makePdf({ pages: [{ image }, {}] }));
    expect(sound).toEqual({ decoded: true, copied: true, stored: true });

    const broken = Buffer.from(jpeg);
    broken[broken.indexOf(Buffer.from([0xff, 0xc4])) + 5] = 0xff;
    const refused = await bothReadings('bogus.pdf', makePdf({ pages: [{ image: { ...image, jpeg: broken } }] }));
    expect(refused).toMatchObject({ decoded: false, copied: false, stored: false });

    // The copy of the streams is gone from the job folder.
    expect((await readdir(job.context.workDir)).filter((name) => name.startsWith('page-streams'))).toEqual([]);
  });

  it('reads fixtures from their bytes as qpdf decoding does, unsure only where zlib refuses', async () => {
    const fixtures = {
      sound: makePdf({ pageCount: 3 }),
      unparsable: unparsableContentPdf(),
      uninflatable: uninflatableContentPdf(),
    };
    const answers: Record<string, unknown> = {};
    for (const [name, pdf] of Object.entries(fixtures)) {
      const { decoded, stored } = await bothReadings(`${name}.pdf`, pdf);
      answers[name] = { stored, decoded };
    }
    expect(answers).toEqual({
      sound: { stored: true, decoded: true },
      unparsable: { stored: false, decoded: false },
      // zlib refuses it: qpdf's decoding decides.
      uninflatable: { stored: 'unsure', decoded: false },
    });
  });
});
