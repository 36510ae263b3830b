import { describe, expect, it } from 'vitest';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { makePdf } from '../testing/make-pdf.js';
import { assertValidPdf, pdfEncryption, pdfPageTexts } from '../testing/pdf-assertions.js';
import { jobPerTest } from '../testing/test-job.js';
import { protectPdf } from './protect-pdf.js';

const job = jobPerTest();

describe('protect-pdf', () => {
  it('encrypts with AES-256 and everything allowed by default', async () => {
    const file = await job.input('a.pdf', makePdf({ pageCount: 2 }));
    const result = await protectPdf(
      [file],
      parseToolOptions('protect-pdf', { userPassword: 'pässwort 1' }),
      job.context,
    );
    assertValidPdf(result.path, 'pässwort 1');
    const info = pdfEncryption(result.path, 'pässwort 1');
    expect(info).toMatchObject({ encrypted: true, revision: 6, fileMethod: 'AESv3' });
    expect(info.permissions['print high resolution']).toBe(true);
    expect(info.permissions['extract for any purpose']).toBe(true);
    expect(info.permissions['modify anything']).toBe(true);
    expect(pdfPageTexts(result.path, 'pässwort 1')).toEqual(['Page 1', 'Page 2']);
    expect(() => pdfPageTexts(result.path)).toThrow();
    expect(result.download.name).toBe('protected-document.pdf');
  });

  it('takes passwords that look like options', async () => {
    const file = await job.input('a.pdf', makePdf());
    const options = parseToolOptions('protect-pdf', { userPassword: '--print=none', ownerPassword: '-owner' });
    const result = await protectPdf([file], options, job.context);
    assertValidPdf(result.path, '--print=none');
    expect(pdfEncryption(result.path, '-owner').encrypted).toBe(true);
  });

  it('sets the chosen restrictions, which the owner password lifts', async () => {
    const file = await job.input('a.pdf', makePdf());
    const options = parseToolOptions('protect-pdf', {
      userPassword: 'reader1',
      ownerPassword: 'owner-secret',
      allowPrinting: 'false',
      allowCopying: false,
      allowEditing: 'false',
    });
    const result = await protectPdf([file], options, job.context);
    assertValidPdf(result.path, 'reader1');
    const asUser = pdfEncryption(result.path, 'reader1');
    expect(asUser.permissions).toMatchObject({
      'print low resolution': false,
      'print high resolution': false,
      'extract for any purpose': false,
      'modify anything': false,
      'modify forms': false,
      'modify annotations': false,
      'modify document assembly': false,
    });
    expect(pdfEncryption(result.path, 'owner-secret').encrypted).toBe(true);
  });
});
