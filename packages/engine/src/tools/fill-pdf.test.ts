import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { listFormFieldsOf } from '../forms/list-form-fields.js';
import { closeMupdfPool } from '../mupdf/pool.js';
import { formValuesOf } from '../testing/form-values.js';
import { SIDE_FIELD_RECT, formFixtureFields, makeFormPdf } from '../testing/make-form-pdf.js';
import { makePdf } from '../testing/make-pdf.js';
import { assertValidPdf, pdfPageCount, pdfPageTexts } from '../testing/pdf-assertions.js';
import { jobPerTest, toolErrorCode } from '../testing/test-job.js';
import { fillPdf } from './fill-pdf.js';

const job = jobPerTest();
afterAll(async () => {
  await closeMupdfPool();
});

const form = makeFormPdf();
const filled = {
  name: 'Ada Lovelace',
  address: '12 St James Square\nLondon',
  zip: '10115',
  agree: true,
  colour: 'blue',
  country: 'Germany',
  size: 'Large',
  birthday: '1815-12-10',
};

async function fill(raw: Record<string, unknown>, rows?: string, rowsName = 'rows.csv') {
  const files = [await job.input('form.pdf', form)];
  if (rows !== undefined) files.push(await job.input(rowsName, Buffer.from(rows)));
  return fillPdf(files, parseToolOptions('fill-pdf', raw), job.context);
}

/** The text pdftotext finds inside a rectangle (PDF units, origin bottom left) of page 1. */
function textIn(path: string, rect: readonly number[]): string {
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = rect;
  const args = ['-f', '1', '-l', '1', '-x', `${x0}`, '-y', `${792 - y1}`, '-W', `${x1 - x0}`, '-H', `${y1 - y0}`];
  return spawnSync('pdftotext', ['-r', '72', ...args, path, '-'], { encoding: 'utf8' }).stdout.trim();
}

describe('fill-pdf', () => {
  it('lists every kind of field with its type, options and place', async () => {
    const list = await listFormFieldsOf(await job.input('form.pdf', form), job.context);
    expect(list.pages).toBe(1);
    const byName = Object.fromEntries(list.fields.map((field) => [field.name, field]));
    for (const [name, expected] of Object.entries(formFixtureFields)) {
      expect(byName[name]?.type, name).toBe(expected.type);
      expect(byName[name]?.label, name).toBe(expected.label);
    }
    expect(byName['colour']?.options).toEqual(['red', 'blue']);
    expect(byName['colour']?.widgets).toHaveLength(2);
    expect(byName['size']?.options).toEqual(['Small', 'Medium', 'Large']);
    expect(byName['zip']?.maxLength).toBe(5);
    expect(byName['birthday']?.format).toBe('dd/mm/yyyy');
    // Top-left origin: the name field's box 700-720 from the bottom of a 792 pt page.
    expect(byName['name']?.widgets[0]).toEqual({ page: 1, rect: [72, 72, 300, 92] });
  });

  it('leaves out a hidden field, which keeps its value when the form is filled', async () => {
    const withHidden = makeFormPdf({ hiddenField: true });
    const list = await listFormFieldsOf(await job.input('hidden.pdf', withHidden), job.context);
    expect(list.fields.map((field) => field.name)).not.toContain('minus1');
    expect(list.fields).toHaveLength(Object.keys(formFixtureFields).length);
    const files = [await job.input('hidden.pdf', withHidden)];
    const result = await fillPdf(files, parseToolOptions('fill-pdf', { values: '{"name":"Ada"}' }), job.context);
    expect(formValuesOf(result.path)).toMatchObject({ name: 'Ada', minus1: '-1' });
  });

  it('draws a field turned by its old appearance the same way round, not level and clipped', async () => {
    const files = [await job.input('turned.pdf', makeFormPdf({ turnedField: true }))];
    const values = JSON.stringify({ side: 'Written up the side' });
    const result = await fillPdf(files, parseToolOptions('fill-pdf', { values }), job.context);
    expect(textIn(result.path, SIDE_FIELD_RECT).replace(/\s+/g, ' ')).toBe('Written up the side');
  });

  it('fills every kind of field, reads the values back, and draws them in the field boxes', async () => {
    const result = await fill({ values: JSON.stringify(filled) });
    assertValidPdf(result.path);
    expect(formValuesOf(result.path)).toMatchObject({
      name: 'Ada Lovelace',
      address: '12 St James Square\nLondon',
      zip: '10115',
      agree: 'Yes',
      colour: 'blue',
      country: 'Germany',
      size: 'Large',
      birthday: '10/12/1815',
    });
    expect(textIn(result.path, formFixtureFields.name.rect)).toBe('Ada Lovelace');
    expect(textIn(result.path, formFixtureFields.size.rect)).toBe('Large');
    expect(textIn(result.path, formFixtureFields.birthday.rect)).toBe('10/12/1815');
    // A comb field spaces its characters out, one per cell.
    expect(textIn(result.path, formFixtureFields.zip.rect).replace(/\s/g, '')).toBe('10115');
  });

  it('flattens on request: the values become page text and no field is left', async () => {
    const result = await fill({ values: JSON.stringify(filled), flatten: 'true' });
    assertValidPdf(result.path);
    expect(formValuesOf(result.path)).toEqual({});
    expect(pdfPageTexts(result.path)[0]).toContain('Ada Lovelace');
    expect(textIn(result.path, formFixtureFields.country.rect)).toContain('Germany');
  });

  it('refuses a value that does not fit its field, naming the field', async () => {
    const refusal = (values: object) =>
      fill({ values: JSON.stringify(values) }).then(
        () => 'filled',
        (error: Error) => error.message,
      );
    expect(await refusal({ agree: 'maybe' })).toMatch(/"agree".*checkbox/);
    expect(await refusal({ size: 'Huge' })).toMatch(/"size" takes one of "Small", "Medium", "Large"/);
    expect(await refusal({ colour: 'green' })).toMatch(/"colour"/);
    expect(await refusal({ zip: '1234567' })).toMatch(/"zip" holds at most 5 characters/);
    expect(await refusal({ nickname: 'Ada' })).toMatch(/no field named "nickname"/);
    expect(await toolErrorCode(fill({ values: JSON.stringify({ agree: 'maybe' }) }))).toBe('invalid_field_value');
  });

  it('fills one copy per CSV row, named by a column, into a ZIP', async () => {
    const csv = 'file,name,agree,colour\r\n"Lovelace, Ada",Ada Lovelace,yes,red\r\nBabbage,Charles Babbage,no,blue\r\n';
    const result = await fill({ nameColumn: 'file', values: '{"size": "Small"}' }, csv);
    expect(result.download.name).toBe('filled-forms.zip');
    const entries = unzipSync(readFileSync(result.path));
    expect(Object.keys(entries).sort()).toEqual(['Babbage.pdf', 'Lovelace, Ada.pdf']);
    const copy = join(job.context.workDir, 'copy.pdf');
    writeFileSync(copy, entries['Babbage.pdf']!);
    expect(formValuesOf(copy)).toMatchObject({ name: 'Charles Babbage', agree: 'Off', colour: 'blue', size: 'Small' });
  });

  it('fills JSON rows into one merged PDF, each copy keeping its own values', async () => {
    const rows = JSON.stringify([{ name: 'First' }, { name: 'Second' }, { name: 'Third' }]);
    const result = await fill({ bulkOutput: 'merged' }, rows, 'rows.json');
    assertValidPdf(result.path);
    expect(pdfPageCount(result.path)).toBe(3);
    expect(Object.values(formValuesOf(result.path))).toEqual(expect.arrayContaining(['First', 'Second', 'Third']));
    expect(textIn(result.path, formFixtureFields.name.rect)).toBe('First');
  });

  it('names the row of a bad value in a bulk fill', async () => {
    const error = await fill({}, 'name,agree\nAda,yes\nCharles,maybe\n').catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/^Row 2: The field "agree"/);
  });

  it('refuses a PDF without fields, an XFA-only form and a password-protected PDF', async () => {
    const plain = await job.input('plain.pdf', makePdf());
    expect(await toolErrorCode(fillPdf([plain], parseToolOptions('fill-pdf', {}), job.context))).toBe('no_form_fields');
    const xfa = await job.input('xfa.pdf', makeFormPdf({ xfaOnly: true }));
    expect(await toolErrorCode(fillPdf([xfa], parseToolOptions('fill-pdf', {}), job.context))).toBe('xfa_form');
    expect(await toolErrorCode(listFormFieldsOf(xfa, job.context))).toBe('xfa_form');
    const lockedPath = join(job.context.workDir, 'locked.pdf');
    const source = join(job.context.workDir, 'source.pdf');
    writeFileSync(source, form);
    spawnSync('qpdf', ['--encrypt', 'secret1', 'secret1', '256', '--', source, lockedPath]);
    const locked = await job.input('locked.pdf', readFileSync(lockedPath));
    expect(await toolErrorCode(fillPdf([locked], parseToolOptions('fill-pdf', {}), job.context))).toBe('encrypted_pdf');
  });
});
