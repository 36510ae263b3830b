import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { writePdfObjects } from '../testing/make-pdf.js';
import { assertValidPdf, pdfPageTexts } from '../testing/pdf-assertions.js';
import { jobPerTest, toolErrorCode } from '../testing/test-job.js';
import { checkedOutput } from './output-check.js';

const job = jobPerTest();

const checkCode = (path: string) => spawnSync('qpdf', ['--check', path]).status;

/** One page saying "Kept", with `extra` as object 5 (a resource, and drawn too when it is a stream) and an /ID. */
function onePage(extra: string | Buffer): Buffer {
  const contents = typeof extra === 'string' ? '6 0 R' : '[6 0 R 5 0 R]';
  const content = 'BT /F1 18 Tf 72 700 Td (Kept) Tj ET';
  return writePdfObjects(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> /Properties << /Extra 5 0 R >> >> /Contents ${contents} >>`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      extra,
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    ],
    '/Root 1 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>]',
  );
}

describe('checkedOutput', () => {
  it('answers a file that passes qpdf --check as it is', async () => {
    const file = await job.input('good.pdf', onePage('<< /Kind /Fine >>'));
    expect(await checkedOutput(file.path, job.context)).toBe(file.path);
  });

  it('has qpdf rewrite a file the check warns about, keeping the first /ID string', async () => {
    // What Ghostscript 10.00 writes for `/Params << /Subtype /text#2Fplain >>`: a dictionary that ends early.
    const file = await job.input('warns.pdf', onePage('<< /Params << /Subtype /text/plain >> >>'));
    expect(checkCode(file.path)).toBe(3);
    const output = await checkedOutput(file.path, job.context);
    expect(output).not.toBe(file.path);
    assertValidPdf(output);
    expect(pdfPageTexts(output)).toEqual(['Kept']);
    const trailer = spawnSync('qpdf', ['--show-object=trailer', output], { encoding: 'utf8' }).stdout;
    expect(trailer).toMatch(/\/ID \[ <0123456789abcdef0123456789abcdef> </);
  });

  it('refuses a file that still fails the check after the rewrite', async () => {
    // qpdf copies a Flate stream without decoding it, so the rewrite keeps the broken data.
    const broken = Buffer.from('not deflated at all');
    const stream = Buffer.concat([
      Buffer.from(`<< /Filter /FlateDecode /Length ${broken.length} >>\nstream\n`),
      broken,
      Buffer.from('\nendstream'),
    ]);
    const file = await job.input('broken.pdf', onePage(stream));
    expect(checkCode(file.path)).not.toBe(0);
    expect(await toolErrorCode(checkedOutput(file.path, job.context))).toBe('damaged_pdf');
  });
});
