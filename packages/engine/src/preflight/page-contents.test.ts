import { readdir } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodedContentsPass, pageContentsPass, wholeStreamsRead } from './page-contents.js';
import { runQpdfListingPages } from '../programs/qpdf.js';
import { contentPdf, pageText, unparsableContentPdf, uninflatableContentPdf } from '../testing/content-fixtures.js';
import { makePdf } from '../testing/make-pdf.js';
import { seededRandom } from '../testing/mutations.js';
import { jobPerTest } from '../testing/test-job.js';

const job = jobPerTest();

/** Both ways of reading a PDF's pages: qpdf decoding (two runs), and the streams copied as stored (one run). */
async function bothReadings(name: string, pdf: Buffer) {
  const file = await job.input(name, pdf);
  const listed = await runQpdfListingPages([file.path], job.context, { okCodes: [0, 2, 3] });
  const objects = listed.contentObjects!;
  const decoded = await decodedContentsPass(file.path, objects, job.context, undefined, { jpegs: true });
  const copied = await pageContentsPass(file.path, objects, job.context, undefined, { jpegs: true });
  return { decoded, copied };
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
    for (const [index, data] of cases.entries()) {
      const pdf = contentPdf([{ streams: [data], filter: '/FlateDecode' }, { streams: [pageText(2)] }]);
      const { decoded, copied } = await bothReadings(`flate-${index}.pdf`, pdf);
      expect({ index, copied }).toEqual({ index, copied: decoded });
      answers.push(copied);
    }
    // Both answers occur, and the sound stream passes.
    expect(answers[0]).toBe(true);
    expect(answers).toContain(false);
  });

  it("reads a page's JPEG, and refuses a broken Huffman table", async () => {
    const jpeg = await sharp({ create: { width: 40, height: 24, channels: 3, background: { r: 200, g: 40, b: 90 } } })
      .jpeg({ quality: 80 })
      .toBuffer();
    const image = { jpeg, pixelWidth: 40, pixelHeight: 24, x: 72, y: 400, width: 80, height: 48 };
    const sound = await bothReadings('jpeg.pdf', makePdf({ pages: [{ image }, {}] }));
    expect(sound).toEqual({ decoded: true, copied: true });

    const broken = Buffer.from(jpeg);
    broken[broken.indexOf(Buffer.from([0xff, 0xc4])) + 5] = 0xff;
    const refused = await bothReadings('bogus.pdf', makePdf({ pages: [{ image: { ...image, jpeg: broken } }] }));
    expect(refused).toMatchObject({ decoded: false, copied: false });

    // The copy of the streams is gone from the job folder.
    expect((await readdir(job.context.workDir)).filter((name) => name.startsWith('page-streams'))).toEqual([]);
  });

  it('reads an upload whole, without a listing, as the listed read does', async () => {
    const fixtures = {
      sound: makePdf({ pageCount: 3 }),
      unparsable: unparsableContentPdf(),
      uninflatable: uninflatableContentPdf(),
    };
    const answers: Record<string, unknown> = {};
    for (const [name, pdf] of Object.entries(fixtures)) {
      const file = await job.input(`${name}.pdf`, pdf);
      const whole = (await wholeStreamsRead(file.path, job.context))?.contents;
      const { decoded } = await bothReadings(`${name}-listed.pdf`, pdf);
      answers[name] = { whole, decoded };
    }
    expect(answers).toEqual({
      sound: { whole: true, decoded: true },
      unparsable: { whole: false, decoded: false },
      // zlib refuses it: qpdf's decoding decides, after the listing.
      uninflatable: { whole: 'unsure', decoded: false },
    });
    // Each stream was copied to a file of its own: the folder is gone.
    expect((await readdir(job.context.workDir)).filter((name) => name.startsWith('whole-streams'))).toEqual([]);
  });
});
