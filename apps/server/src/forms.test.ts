import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '@paperknife/catalog/errors';
import { FORM_FIELDS_PATH, formFieldList } from '@paperknife/catalog/pdf-form-fields';
import { functionPath } from '@paperknife/catalog/tools';
import { formValuesOf, widgetCount } from '@paperknife/engine/testing/form-values';
import { makeFormPdf } from '@paperknife/engine/testing/make-form-pdf';
import { makePdf, passwordProtected } from '@paperknife/engine/testing/make-pdf';
import { pdfPageTexts } from '@paperknife/engine/testing/pdf-assertions';
import { type TestApp, type UploadFile, expectTempEmpty, makeTestApp, multipart, savePdf } from './testing/test-app.js';

/** Fill PDF forms and Flatten PDF through the HTTP API: the field listing, filling, bulk rows and refusals. */

let t: TestApp;
let dir: string;
const form = makeFormPdf();

beforeAll(async () => {
  t = await makeTestApp();
  dir = await mkdtemp(join(tmpdir(), 'paperknife-forms-'));
});

afterEach(async () => {
  await expectTempEmpty(t.tempDir);
});

afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const post = (url: string, files: readonly UploadFile[], fields: Record<string, string> = {}) => {
  const { payload, headers } = multipart(files, fields);
  return t.app.inject({ method: 'POST', url, payload, headers });
};
const pdf = (data: Uint8Array, name = 'form.pdf'): UploadFile => ({ name, data });

const expectError = (response: { statusCode: number; json: () => unknown }, code: keyof typeof errorCodes) => {
  expect(response.statusCode).toBe(errorCodes[code].status);
  expect(response.json()).toMatchObject({ error: { code } });
};

describe('form fields and Fill PDF forms over HTTP', () => {
  it('lists the fields of a form as JSON, multipart or base64', async () => {
    const response = await post(FORM_FIELDS_PATH, [pdf(form)]);
    expect(response.statusCode).toBe(200);
    const list = formFieldList.parse(response.json());
    expect(list.fields.map((field) => [field.name, field.type])).toEqual([
      ['name', 'text'],
      ['address', 'multiline'],
      ['zip', 'comb'],
      ['agree', 'checkbox'],
      ['colour', 'radio'],
      ['country', 'list'],
      ['size', 'combo'],
      ['birthday', 'date'],
    ]);
    const json = await t.app.inject({
      method: 'POST',
      url: FORM_FIELDS_PATH,
      payload: { file: { name: 'form.pdf', data: Buffer.from(form).toString('base64') } },
    });
    expect(json.json()).toEqual(response.json());
  });

  it('fills the form from JSON values and flattens on request', async () => {
    const values = JSON.stringify({ name: 'Ada Lovelace', agree: true, size: 'Medium' });
    const filled = await post(functionPath('fill-pdf'), [pdf(form)], { values });
    expect(filled.statusCode).toBe(200);
    expect(filled.headers['content-disposition']).toContain('filled-form.pdf');
    const path = await savePdf(filled.rawPayload);
    expect(formValuesOf(path)).toMatchObject({ name: 'Ada Lovelace', agree: 'Yes', size: 'Medium' });

    const flat = await post(functionPath('fill-pdf'), [pdf(form)], { values, flatten: 'true' });
    const flatPath = await savePdf(flat.rawPayload);
    expect(widgetCount(flatPath)).toBe(0);
    expect(pdfPageTexts(flatPath)[0]).toContain('Ada Lovelace');
  });

  it('fills one PDF per CSV row into a ZIP, through the data field', async () => {
    const rows = 'name,size\nAda Lovelace,Small\nGrace Hopper,Large\n';
    const response = await post(functionPath('fill-pdf'), [
      pdf(form),
      { field: 'data', name: 'rows.csv', data: Buffer.from(rows), type: 'text/csv' },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(response.rawPayload);
    expect(Object.keys(entries)).toEqual(['form-01.pdf', 'form-02.pdf']);
    const second = join(dir, 'second.pdf');
    await writeFile(second, entries['form-02.pdf']!);
    expect(formValuesOf(second)).toMatchObject({ name: 'Grace Hopper', size: 'Large' });
  });

  it('takes values as a JSON object and rows as a base64 data file in a JSON body, merged into one PDF', async () => {
    const rows = JSON.stringify([{ name: 'First' }, { name: 'Second' }]);
    const response = await t.app.inject({
      method: 'POST',
      url: functionPath('fill-pdf'),
      payload: {
        file: { name: 'form.pdf', data: Buffer.from(form).toString('base64') },
        data: { name: 'rows.json', data: Buffer.from(rows).toString('base64') },
        values: { agree: true },
        bulkOutput: 'merged',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const path = await savePdf(response.rawPayload);
    const values = Object.values(formValuesOf(path));
    expect(values).toEqual(expect.arrayContaining(['First', 'Second']));
    expect(values.filter((value) => value === 'Yes')).toHaveLength(2);
  });

  it('refuses a value that does not fit, naming the field', async () => {
    const response = await post(functionPath('fill-pdf'), [pdf(form)], { values: '{"agree": "maybe"}' });
    expectError(response, 'invalid_field_value');
    expect(response.json()).toMatchObject({ error: { message: expect.stringContaining('"agree"') } });
    const choice = await post(functionPath('fill-pdf'), [pdf(form)], { values: '{"country": "Mars"}' });
    expectError(choice, 'invalid_field_value');
    expectError(await post(functionPath('fill-pdf'), [pdf(form)], { values: 'not json' }), 'invalid_option');
  });

  it('refuses a PDF without fields, an XFA-only form, a renamed file, an empty file and a locked PDF', async () => {
    expectError(await post(functionPath('fill-pdf'), [pdf(makePdf())]), 'no_form_fields');
    const xfa = makeFormPdf({ xfaOnly: true });
    expectError(await post(functionPath('fill-pdf'), [pdf(xfa)]), 'xfa_form');
    expectError(await post(FORM_FIELDS_PATH, [pdf(xfa)]), 'xfa_form');
    const renamed = pdf(Buffer.from('MZ\x90\x00 not a pdf at all'), 'form.pdf');
    expectError(await post(functionPath('fill-pdf'), [renamed]), 'unsupported_file_type');
    expectError(await post(functionPath('flatten-pdf'), [renamed]), 'unsupported_file_type');
    const empty = await post(functionPath('flatten-pdf'), [pdf(new Uint8Array(0))]);
    expectError(empty, 'unsupported_file_type');
    expect(empty.json()).toMatchObject({ error: { message: 'Only PDF files are supported for flattening.' } });
    const locked = pdf(passwordProtected(form), 'locked.pdf');
    expectError(await post(functionPath('fill-pdf'), [locked]), 'encrypted_pdf');
    expectError(await post(FORM_FIELDS_PATH, [locked]), 'encrypted_pdf');
    expectError(await post(functionPath('flatten-pdf'), [locked]), 'encrypted_pdf');
  });

  it('flattens a filled form: no fields left, the values in the page text', async () => {
    const filled = await post(functionPath('fill-pdf'), [pdf(form)], { values: '{"name": "Grace Hopper"}' });
    const response = await post(functionPath('flatten-pdf'), [pdf(filled.rawPayload)]);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('flattened-document.pdf');
    const path = await savePdf(response.rawPayload);
    expect(widgetCount(path)).toBe(0);
    expect(pdfPageTexts(path)[0]).toContain('Grace Hopper');
  });
});
