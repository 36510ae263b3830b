import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { closeMupdfPool } from '../mupdf/pool.js';
import { makePdf } from '../testing/make-pdf.js';
import { assertValidPdf, pdfPageTexts, renderPageRgb } from '../testing/pdf-assertions.js';
import { pdfsigReport, selfSignedP12, signaturePng } from '../testing/signature-fixtures.js';
import { jobPerTest, toolErrorCode } from '../testing/test-job.js';
import { signPdf } from './sign-pdf.js';

const job = jobPerTest();
const certificates = mkdtempSync(join(tmpdir(), 'sign-pdf-test-'));
afterAll(async () => {
  rmSync(certificates, { recursive: true, force: true });
  await closeMupdfPool();
});

const signature = signaturePng().toString('base64');
/** A test certificate per password, made once: generating a key costs more than a signature. */
const p12s = new Map<string, string>();
const certificateFor = (password: string) => {
  if (!p12s.has(password)) p12s.set(password, selfSignedP12(certificates, password).toString('base64'));
  return p12s.get(password)!;
};
const box = { x: '0.5', y: '0.7', width: '0.4', height: '0.15' };

const run = async (pdf: Uint8Array, raw: Record<string, unknown>) => {
  const file = await job.input('doc.pdf', pdf);
  const result = await signPdf([file], parseToolOptions('sign-pdf', raw), job.context);
  assertValidPdf(result.path);
  return result.path;
};

/** Dark pixels (the band's blue) of a rendered page inside a box given as fractions from the top-left corner. */
function inkIn(path: string, page: number, area: { x: number; y: number; width: number; height: number }): number {
  const { width, height, pixels } = renderPageRgb(path, page, 40);
  let dark = 0;
  for (let y = Math.floor(area.y * height); y < Math.ceil((area.y + area.height) * height); y++) {
    for (let x = Math.floor(area.x * width); x < Math.ceil((area.x + area.width) * width); x++) {
      const at = (y * width + x) * 3;
      if (pixels[at]! < 100 && pixels[at + 2]! > pixels[at]!) dark++;
    }
  }
  return dark;
}

const inside = { x: 0.5, y: 0.7, width: 0.4, height: 0.15 };
const elsewhere = { x: 0.05, y: 0.3, width: 0.4, height: 0.3 };

describe('sign-pdf', () => {
  it('draws the signature as page content in its box, white made transparent, on the chosen page only', async () => {
    const path = await run(makePdf({ pageCount: 2 }), {
      signature: `data:image/png;base64,${signature}`,
      page: '2',
      ...box,
    });
    expect(inkIn(path, 2, inside)).toBeGreaterThan(50);
    expect(inkIn(path, 2, elsewhere)).toBe(0);
    expect(inkIn(path, 1, inside)).toBe(0);
    const objects = spawnSync('qpdf', ['--qdf', '--object-streams=disable', path, '-'], { encoding: 'latin1' }).stdout;
    expect(objects).toMatch(/\/SMask \d+ 0 R/);
    expect(pdfPageTexts(path)[1]).toContain('Page 2');
  });

  it('signs every page with initials and writes the date under them', async () => {
    const path = await run(makePdf({ pageCount: 3 }), {
      signature,
      everyPage: 'true',
      date: '27 November 2026',
      ...box,
    });
    for (const page of [1, 2, 3]) expect(inkIn(path, page, inside)).toBeGreaterThan(50);
    for (const text of pdfPageTexts(path)) expect(text).toContain('27 November 2026');
  });

  it('adds a digital signature that pdfsig validates, with the certificate of the request', async () => {
    const certificate = certificateFor('test-pass-1');
    const path = await run(makePdf({ pageCount: 1 }), {
      signature,
      ...box,
      certificate,
      certificatePassword: 'test-pass-1',
    });
    const report = pdfsigReport(path);
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('PaperKnife Test Signer');
    expect(report).toMatch(/ETSI\.CAdES\.detached/);
    expect(report).toContain('Total document signed');
    expect(inkIn(path, 1, inside)).toBeGreaterThan(50);
  });

  it('signs with the certificate alone: an invisible signature field pdfsig validates, nothing drawn', async () => {
    const certificate = certificateFor('test-pass-1');
    const pdf = makePdf({ pageCount: 2 });
    const path = await run(pdf, { appearance: 'invisible', certificate, certificatePassword: 'test-pass-1' });
    const report = pdfsigReport(path);
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Total document signed');
    // An update after the file's own bytes: a field whose widget has a zero rectangle, printable, with no picture.
    const signed = readFileSync(path);
    expect(signed.subarray(0, pdf.length).equals(pdf)).toBe(true);
    const update = signed.subarray(pdf.length).toString('latin1');
    expect(update).toMatch(/\/FT\s*\/Sig/);
    expect(update).toMatch(/\/Rect\s*\[\s*0\s+0\s+0\s+0\s*\]/);
    expect(update).toMatch(/\/F\s+132\b/);
    expect(update).not.toMatch(/\/AP\b/);
    expect(update).not.toMatch(/\/Subtype\s*\/Image/);
  });

  it('signs an already signed document as an incremental update: the earlier signature stays valid', async () => {
    const certificate = certificateFor('test-pass-1');
    const signed = await run(makePdf({ pageCount: 1 }), {
      signature,
      ...box,
      certificate,
      certificatePassword: 'test-pass-1',
    });
    const first = readFileSync(signed);
    const again = await run(first, {
      signature,
      x: '0.1',
      y: '0.1',
      width: '0.4',
      height: '0.15',
      date: '28 November 2026',
      certificate,
      certificatePassword: 'test-pass-1',
    });
    // Every byte of the signed file is kept; the new signature and picture come after it.
    expect(readFileSync(again).subarray(0, first.length).equals(first)).toBe(true);
    const report = pdfsigReport(again);
    expect(report.match(/Signature is Valid/g)).toHaveLength(2);
    expect(inkIn(again, 1, inside)).toBeGreaterThan(50);
    expect(inkIn(again, 1, { x: 0.1, y: 0.1, width: 0.4, height: 0.15 })).toBeGreaterThan(50);
    expect(pdfPageTexts(again)[0]).toContain('28 November 2026');
  });

  it('refuses a wrong certificate password, a malformed certificate and an unreadable picture with their codes', async () => {
    const certificate = certificateFor('test-pass-1');
    const pdf = makePdf({ pageCount: 1 });
    const attempt = async (raw: Record<string, unknown>) =>
      signPdf([await job.input('doc.pdf', pdf)], parseToolOptions('sign-pdf', { signature, ...raw }), job.context);
    expect(await toolErrorCode(attempt({ certificate, certificatePassword: 'wrong-pass' }))).toBe('wrong_password');
    const garbage = Buffer.from('not a certificate at all').toString('base64');
    expect(await toolErrorCode(attempt({ certificate: garbage, certificatePassword: 'x' }))).toBe(
      'invalid_certificate',
    );
    expect(await toolErrorCode(attempt({ signature: Buffer.from('no picture').toString('base64') }))).toBe(
      'damaged_image',
    );
    expect(await toolErrorCode(attempt({ page: '5' }))).toBe('page_out_of_range');
    // A digital signature only needs the certificate, and takes no picture.
    expect(() => parseToolOptions('sign-pdf', { appearance: 'invisible' })).toThrow(/needs your certificate/);
    expect(() => parseToolOptions('sign-pdf', { appearance: 'invisible', signature, certificate })).toThrow(
      /takes no picture/,
    );
  });
});
