import { describe, expect, it } from 'vitest';
import { isoFromPdfDate, pdfDateFromIso } from '@paperknife/catalog/document-metadata';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { ToolError } from '@paperknife/catalog/errors';
import { pdfInfo, pdfObjectsText, pdfXmp } from '../testing/document-data-assertions.js';
import { hiddenDataPdf } from '../testing/document-data-fixtures.js';
import { makePdf } from '../testing/make-pdf.js';
import { assertValidPdf, pdfPageTexts } from '../testing/pdf-assertions.js';
import { jobPerTest } from '../testing/test-job.js';
import { editMetadata } from './edit-metadata.js';

const job = jobPerTest();

async function edit(options: Record<string, unknown>, data = hiddenDataPdf()) {
  const file = await job.input('document.pdf', data);
  const result = await editMetadata([file], parseToolOptions('edit-metadata', options), job.context);
  assertValidPdf(result.path);
  return result.path;
}

describe('edit-metadata', () => {
  it('writes the given fields, keeps the others, and brings the XMP packet in line', async () => {
    const path = await edit({
      title: 'Rapport annuel – été',
      keywords: 'budget; 2025',
      modDate: '2025-03-01T09:00:00Z',
    });
    const info = pdfInfo(path);
    expect(info['Title']).toBe('Rapport annuel – été');
    expect(info['Author']).toBe('Jane Roe');
    expect(info['Producer']).toBe('Fixture');
    expect(info['Keywords']).toBe('budget; 2025');
    expect(info['ModDate']).toBe('2025-03-01T09:00:00Z');
    const xmp = pdfXmp(path);
    expect(xmp).toContain('<rdf:li xml:lang="x-default">Rapport annuel – été</rdf:li>');
    expect(xmp).not.toContain('Old title');
    expect(xmp).toContain('<rdf:li>Jane Roe</rdf:li>');
    expect(xmp).toContain('<xmp:ModifyDate>2025-03-01T09:00:00Z</xmp:ModifyDate>');
    expect(xmp).toContain('<rdf:li>budget</rdf:li><rdf:li>2025</rdf:li>');
    // The Info dictionary has no creation date or creator: nor has the packet now. Other schemas stay.
    expect(xmp).not.toContain('CreateDate');
    expect(xmp).not.toContain('Old Tool');
    expect(xmp).toContain('pdfaid:part="2"');
    expect(pdfPageTexts(path)[1]).toBe('Second page');
  });

  it('gives a document without properties its first ones', async () => {
    const path = await edit({ author: 'Grace Hopper', creationDate: '1999-12-31' }, makePdf({ pageCount: 1 }));
    expect(pdfInfo(path)['Author']).toBe('Grace Hopper');
    expect(pdfObjectsText(path)).toContain('/CreationDate (D:19991231000000)');
    expect(pdfXmp(path)).toBe('');
  });

  it('removes the properties listed in clear, from Info and XMP alike', async () => {
    const path = await edit({ clear: 'author, producer', subject: 'Kept and new' });
    const info = pdfInfo(path);
    expect(info['Author']).toBeUndefined();
    expect(info['Producer']).toBeUndefined();
    expect(info['Title']).toBe('Secret title');
    expect(info['Subject']).toBe('Kept and new');
    const xmp = pdfXmp(path);
    expect(xmp).not.toContain('Old Author');
    expect(xmp).not.toContain('dc:creator');
    expect(xmp).toContain('Kept and new');
    expect(() => parseToolOptions('edit-metadata', { clear: 'author, colour' })).toThrow(/among: title/);
  });

  it('removes every property and the XMP packet', async () => {
    const path = await edit({ removeAll: 'true', title: 'ignored' });
    const info = pdfInfo(path);
    expect(info['Title']).toBeUndefined();
    expect(info['Author']).toBeUndefined();
    expect(info['Producer']).toBeUndefined();
    expect(pdfXmp(path)).toBe('');
  });

  it('refuses a date that is not one', () => {
    expect(() => parseToolOptions('edit-metadata', { modDate: '2025-02-30' })).toThrow(ToolError);
    expect(() => parseToolOptions('edit-metadata', { modDate: 'yesterday' })).toThrow(/date such as/);
  });

  it('reads and writes PDF dates both ways', () => {
    expect(pdfDateFromIso('2024-05-31T14:30:00+02:00')).toBe("D:20240531143000+02'00'");
    expect(isoFromPdfDate("D:20240531143000+02'00'")).toBe('2024-05-31T14:30:00+02:00');
    expect(isoFromPdfDate('D:20240531')).toBe('2024-05-31');
    expect(isoFromPdfDate('D:2024053114')).toBe('2024-05-31T14:00:00');
    expect(isoFromPdfDate('garbage')).toBeUndefined();
  });
});
