import { errorCodeList } from '@paperknife/catalog/errors';
import { defaultLimits } from '@paperknife/catalog/limits';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { toolIds, tools } from '@paperknife/catalog/tools';
import { describe, expect, it } from 'vitest';
import { apiErrorCodes, apiFunctions, curlExample } from './api-reference';

const functions = apiFunctions('https://pdf.example', defaultLimits);
const byTool = (id: string) => functions.find((fn) => fn.toolId === id)!;

describe('API reference', () => {
  it('documents every tool of the catalogue, at its function path', () => {
    expect(functions.map((fn) => fn.toolId)).toEqual(toolIds);
    for (const fn of functions) expect(fn.path).toBe(`/functions/v1/${tools[fn.toolId].functionName}`);
  });

  it('has curl examples whose options the tools accept', () => {
    for (const id of toolIds) {
      expect(() => parseToolOptions(id, tools[id].apiExample), id).not.toThrow();
    }
  });

  it('names the file field as the server reads it, with the configured limits', () => {
    expect(byTool('merge-pdf').fields[0]).toMatchObject({ name: 'files', type: 'file, repeated', required: true });
    expect(byTool('merge-pdf').fields[0]?.description).toContain(`2 to ${defaultLimits.maxFiles}`);
    expect(byTool('rotate-pdf').fields[0]).toMatchObject({ name: 'file', required: true });
    expect(byTool('word-to-pdf').fields[0]?.description).toContain('.doc, .docx');
  });

  it('marks the fields the schemas insist on as required, and describes the others with their defaults', () => {
    const required = (id: string) =>
      byTool(id)
        .fields.filter((field) => field.required)
        .map((field) => field.name);
    expect(required('watermark-pdf')).toEqual(['file', 'text']);
    expect(required('protect-pdf')).toEqual(['file', 'userPassword']);
    expect(required('extract-pages')).toEqual(['file', 'pages']);
    expect(required('compress-pdf')).toEqual(['file']);
    const level = byTool('compress-pdf').fields.find((field) => field.name === 'level');
    expect(level).toMatchObject({ type: 'one of low, medium, high' });
    expect(level?.description).toContain('Default medium');
    const types = Object.fromEntries(byTool('protect-pdf').fields.map((field) => [field.name, field.type]));
    expect(types['allowPrinting']).toBe('true or false');
    expect(Object.fromEntries(byTool('watermark-pdf').fields.map((f) => [f.name, f.type]))).toMatchObject({
      opacity: 'number',
      color: 'colour, #rrggbb',
      text: 'text, up to 200 characters',
    });
  });

  it('writes curl calls that send the files, the example options and save the download name', () => {
    expect(curlExample('merge-pdf', 'https://pdf.example')).toBe(
      [
        'curl https://pdf.example/functions/v1/merge-pdf',
        '-F files=@first.pdf',
        '-F files=@second.pdf',
        '-o merged-document.pdf',
      ].join(' \\\n  '),
    );
    expect(curlExample('page-numbers', 'https://pdf.example')).toContain(`-F 'format=Page {n} of {total}'`);
    expect(curlExample('word-to-pdf', 'https://pdf.example')).toContain('-F file=@report.docx');
    expect(curlExample('jpg-to-pdf', 'https://pdf.example')).toContain('-F files=@photo.jpg \\\n  -F files=@scan.png');
  });

  it('lists both downloads of PDF to JPG and the report headers of compress', () => {
    expect(byTool('pdf-to-jpg').downloads.map((d) => d.name)).toEqual(['pdf-pages-jpg.zip', 'page-1.jpg']);
    expect(byTool('compress-pdf').extraHeaders.map((h) => h.name)).toEqual([
      'X-Original-Size',
      'X-Output-Size',
      'X-Images-Recompressed',
      'X-Compress-Result',
    ]);
  });

  it('lists every error code of the catalogue, by status', () => {
    const errors = apiErrorCodes();
    expect(errors.map((error) => error.code).sort()).toEqual([...errorCodeList].sort());
    const statuses = errors.map((error) => error.status);
    expect(statuses).toEqual([...statuses].sort((a, b) => a - b));
  });
});
