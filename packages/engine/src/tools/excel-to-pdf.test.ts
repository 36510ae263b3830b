import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { zipPackage } from '@paperknife/catalog/testing/container-fixtures';
import {
  closeLibreOffice,
  libreOfficeHelperProcessId,
  libreOfficeProcessId,
  warmLibreOffice,
} from '../programs/libreoffice.js';
import { makePdf } from '../testing/make-pdf.js';
import { csvTable, encryptedOpenDocument, workbookSheetsXlsx, workbookXlsx } from '../testing/office-fixtures.js';
import { assertValidPdf, pdfPageCount, pdfPageTexts } from '../testing/pdf-assertions.js';
import { jobPerTest, toolErrorCode, LIBREOFFICE_TEST_MS } from '../testing/test-job.js';
import { excelToPdf } from './excel-to-pdf.js';

const job = jobPerTest();
afterAll(async () => {
  await closeLibreOffice();
});

const corpus = fileURLToPath(new URL('../../../../../shared/corpus/', import.meta.url));
const corpusOffice = `${corpus}office/`;

/** A PDF's bookmarks, each title with the page it opens (from 1), from qpdf's JSON. */
function bookmarkPages(path: string): { title: string; page: number }[] {
  const json = JSON.parse(execFileSync('qpdf', ['--json=2', '--json-key=outlines', path], { encoding: 'utf8' })) as {
    outlines: { title: string; destpageposfrom1: number }[];
  };
  return json.outlines.map((item) => ({ title: item.title, page: item.destpageposfrom1 }));
}

/** Page sizes in points, from pdfinfo. */
function pageWidths(path: string): number[] {
  const info = execFileSync('pdfinfo', ['-l', '1000', path], { encoding: 'utf8' });
  return [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x/gm)].map((match) => Number(match[1]));
}

describe('excel-to-pdf', { timeout: LIBREOFFICE_TEST_MS }, () => {
  it('converts a semicolon CSV with its cells and accents, whatever the upload is called', async () => {
    const csv = Buffer.from('City;Price\r\nZürich;12,50\r\nКиев;7\r\n');
    const result = await excelToPdf([await job.input('prices.bin', csv)], { onePagePerSheet: false }, job.context);
    assertValidPdf(result.path);
    expect(result.download.name).toBe('converted-spreadsheet.pdf');
    const [text] = pdfPageTexts(result.path);
    expect(text).toContain('Zürich');
    expect(text).toContain('Киев');
    // Split on the semicolon: the price is its own cell, not "Zürich;12,50".
    expect(text).not.toContain(';');
  });

  it('converts an .xlsx workbook with its cells', async () => {
    const xlsx = workbookXlsx('Budget', [
      ['Item', 'Cost'],
      ['Rent & heating', '950'],
      ['Train pass', '84'],
    ]);
    const result = await excelToPdf([await job.input('budget.xlsx', xlsx)], { onePagePerSheet: true }, job.context);
    assertValidPdf(result.path);
    expect(pdfPageCount(result.path)).toBe(1);
    const [text] = pdfPageTexts(result.path);
    expect(text).toContain('Rent & heating');
    expect(text).toContain('84');
  });

  it('puts a wide sheet on one page sized to it with onePagePerSheet, on several printed pages without', async () => {
    const wide = csvTable(40, 30);
    const printed = await excelToPdf([await job.input('wide.csv', wide)], { onePagePerSheet: false }, job.context);
    const fitted = await excelToPdf([await job.input('wide.csv', wide)], { onePagePerSheet: true }, job.context);
    expect(pdfPageCount(printed.path)).toBeGreaterThan(2);
    expect(pdfPageCount(fitted.path)).toBe(1);
    const [width] = pageWidths(fitted.path);
    expect(width).toBeGreaterThan(Math.max(...pageWidths(printed.path)));
    const [text] = pdfPageTexts(fitted.path);
    expect(text).toContain('r1c1');
    expect(text).toContain('r40c30');
  });

  it('exports a long workbook in two parts side by side when two cores are lent, pages and bookmarks whole', async () => {
    await warmLibreOffice({ helper: true });
    // Three sheets of 200 rows: some 12 printed pages, over the 8 a spreadsheet is parted from, each sheet marked by
    // a bookmark where it starts.
    const rows = (sheet: string) =>
      Array.from({ length: 200 }, (_, row) => [`${sheet} ${row + 1}`, 'a cell', 'another']);
    const workbook = workbookSheetsXlsx(['North', 'South', 'West'].map((name) => ({ name, rows: rows(name) })));
    const alone = await excelToPdf([await job.input('alone.xlsx', workbook)], { onePagePerSheet: false }, job.context);
    const parted = await excelToPdf(
      [await job.input('parted.xlsx', workbook)],
      { onePagePerSheet: false },
      { ...job.context, cores: 2 },
    );
    assertValidPdf(parted.path);
    // The helper exported the second part; the answer holds every page once, in order, as one instance writes them.
    expect(
      readdirSync(job.context.workDir, { recursive: true }).some((name) => /part-2\.pdf$/.test(String(name))),
    ).toBe(true);
    expect(pdfPageCount(parted.path)).toBeGreaterThanOrEqual(8);
    expect(pdfPageTexts(parted.path)).toEqual(pdfPageTexts(alone.path));
    const marks = bookmarkPages(alone.path);
    expect(marks.map(({ title }) => title)).toEqual(['North', 'South', 'West']);
    expect(bookmarkPages(parted.path)).toEqual(marks);
    expect(libreOfficeHelperProcessId()).toBeDefined();
  });

  it('exports the whole sheet on the instance when the helper is gone, no page short', async () => {
    await warmLibreOffice({ helper: true });
    const long = csvTable(600, 3);
    const alone = await excelToPdf([await job.input('alone.csv', long)], { onePagePerSheet: false }, job.context);
    // The helper killed as the job starts: its part never comes.
    process.kill(-libreOfficeHelperProcessId()!, 'SIGKILL');
    const result = await excelToPdf(
      [await job.input('helperless.csv', long)],
      { onePagePerSheet: false },
      { ...job.context, cores: 2 },
    );
    assertValidPdf(result.path);
    expect(pdfPageTexts(result.path)).toEqual(pdfPageTexts(alone.path));
  });

  it('refuses files that are not spreadsheets by their content', async () => {
    const pdf = await job.input('report.xlsx', makePdf());
    expect(await toolErrorCode(excelToPdf([pdf], { onePagePerSheet: false }, job.context))).toBe(
      'unsupported_file_type',
    );
    const prose = await job.input('notes.csv', Buffer.from('Just a sentence, with a comma.\nAnd another line.\n'));
    expect(await toolErrorCode(excelToPdf([prose], { onePagePerSheet: false }, job.context))).toBe(
      'unsupported_file_type',
    );
  });

  it('answers damaged_document for a spreadsheet LibreOffice cannot read, and goes on with the next', async () => {
    // An OpenDocument package by its content, whose content.xml breaks off mid-element.
    const broken = zipPackage([
      ['mimetype', 'application/vnd.oasis.opendocument.spreadsheet'],
      ['content.xml', '<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:'],
    ]);
    const error = await excelToPdf(
      [await job.input('broken.ods', Buffer.from(broken))],
      { onePagePerSheet: false },
      job.context,
    ).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'damaged_document', message: expect.stringContaining('spreadsheet') });
    const instance = libreOfficeProcessId();
    const next = workbookXlsx('Next', [['Still converting']]);
    const result = await excelToPdf([await job.input('next.xlsx', next)], { onePagePerSheet: false }, job.context);
    expect(pdfPageTexts(result.path).join('\n')).toContain('Still converting');
    expect(libreOfficeProcessId()).toBe(instance);
  });

  it.skipIf(!existsSync(corpusOffice))('converts every sheet of a workbook, .xlsx, .xls and .ods', async () => {
    const budget = await job.input('budget.xlsx', await readFile(`${corpusOffice}poi-simple-monthly-budget.xlsx`));
    const result = await excelToPdf([budget], { onePagePerSheet: true }, job.context);
    assertValidPdf(result.path);
    expect(pdfPageTexts(result.path).join('\n')).toMatch(/budget/i);
    for (const name of ['poi-maldives-prices-cyrillic.xls', 'poi-sampless.ods']) {
      const file = await job.input(name, await readFile(`${corpusOffice}${name}`));
      const converted = await excelToPdf([file], { onePagePerSheet: false }, job.context);
      expect(pdfPageCount(converted.path)).toBeGreaterThan(0);
    }
  });

  it('asks to remove the password of an encrypted OpenDocument spreadsheet, not to repair it', async () => {
    const ods = encryptedOpenDocument('application/vnd.oasis.opendocument.spreadsheet');
    const file = await job.input('locked.ods', ods);
    const error = await excelToPdf([file], { onePagePerSheet: false }, job.context).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'encrypted_document', message: expect.stringContaining('password') });
  });

  it.skipIf(!existsSync(`${corpus}word/`))('asks to remove the password of an encrypted Office file', async () => {
    // An encrypted .xlsx is the same compound file as an encrypted .docx: only the password tells them apart.
    const file = await job.input('locked.xlsx', await readFile(`${corpus}word/poi-encrypted-password-is-pass.docx`));
    const error = await excelToPdf([file], { onePagePerSheet: false }, job.context).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'encrypted_document', message: expect.stringContaining('Excel') });
  });
});
