import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { closeLibreOffice } from '../programs/libreoffice.js';
import {
  csvTable,
  encryptedOpenDocument,
  pictureOdp,
  presentationOdp,
  presentationPptx,
} from '../testing/office-fixtures.js';
import { assertValidPdf, pdfPageCount, pdfPageTexts } from '../testing/pdf-assertions.js';
import { jobPerTest, toolErrorCode, LIBREOFFICE_TEST_MS } from '../testing/test-job.js';
import { powerpointToPdf } from './powerpoint-to-pdf.js';

const job = jobPerTest();
afterAll(async () => {
  await closeLibreOffice();
});

const corpusOffice = fileURLToPath(new URL('../../../../../shared/corpus/office/', import.meta.url));

describe('powerpoint-to-pdf', { timeout: LIBREOFFICE_TEST_MS }, () => {
  it('gives one page per slide with its text, whatever the upload is called', async () => {
    const slides = ['Opening slide', 'Результаты: 日本語', 'Questions?'];
    const file = await job.input('deck.bin', presentationOdp(slides));
    const result = await powerpointToPdf([file], {}, job.context);
    assertValidPdf(result.path);
    expect(result.download.name).toBe('converted-presentation.pdf');
    const pages = pdfPageTexts(result.path);
    expect(pages).toHaveLength(3);
    slides.forEach((text, index) => expect(pages[index]).toContain(text));
  });

  it('converts a .pptx slide by slide', async () => {
    const result = await powerpointToPdf(
      [await job.input('deck.pptx', presentationPptx(['Agenda', 'Q&A']))],
      {},
      job.context,
    );
    assertValidPdf(result.path);
    expect(pdfPageTexts(result.path)).toEqual([expect.stringContaining('Agenda'), expect.stringContaining('Q&A')]);
  });

  it('keeps a picture at the resolution the presentation holds it, its JPEG as it is', async () => {
    // 1600 px across 4 cm is ~10,000 dpi: LibreOffice's default export would downsample it to 300 dpi (~470 px).
    const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#2a6' } })
      .jpeg({ quality: 80 })
      .toBuffer();
    const result = await powerpointToPdf([await job.input('photo.odp', pictureOdp(jpeg, 4, 3))], {}, job.context);
    // pdfimages -list: two header lines, then one row per image (page num type width height color comp bpc enc ...).
    const rows = execFileSync('pdfimages', ['-list', result.path], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter((line) => line.trim() !== '')
      .map((line) => line.trim().split(/\s+/));
    expect(rows.map((row) => [row[2], row[3], row[4], row[8]])).toEqual([['image', '1600', '1200', 'jpeg']]);
  });

  it('refuses a spreadsheet or a truncated presentation by its content', async () => {
    const csv = await job.input('table.pptx', csvTable(3, 3));
    expect(await toolErrorCode(powerpointToPdf([csv], {}, job.context))).toBe('unsupported_file_type');
    const odp = presentationOdp(['One']);
    const cut = await job.input('cut.odp', odp.subarray(0, 300));
    expect(await toolErrorCode(powerpointToPdf([cut], {}, job.context))).toBe('damaged_document');
  });

  it('asks to remove the password of an encrypted OpenDocument presentation, not to repair it', async () => {
    const odp = encryptedOpenDocument('application/vnd.oasis.opendocument.presentation');
    const error = await powerpointToPdf([await job.input('locked.odp', odp)], {}, job.context).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ code: 'encrypted_document', message: expect.stringContaining('PowerPoint') });
  });

  it.skipIf(!existsSync(corpusOffice))('converts .pptx and .ppt slide decks from the corpus', async () => {
    for (const [name, slides] of [
      ['poi-table-merged-vertical-16x9.pptx', 1],
      ['poi-counter-talk-2003.ppt', undefined],
    ] as const) {
      const file = await job.input(name, await readFile(`${corpusOffice}${name}`));
      const result = await powerpointToPdf([file], {}, job.context);
      assertValidPdf(result.path);
      if (slides) expect(pdfPageCount(result.path)).toBe(slides);
      else expect(pdfPageCount(result.path)).toBeGreaterThan(1);
    }
  });
});
