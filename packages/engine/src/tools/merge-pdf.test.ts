import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makePdf } from '../testing/make-pdf.js';
import { assertValidPdf, pdfPageTexts } from '../testing/pdf-assertions.js';
import { jobPerTest, makeTestJob, toolErrorCode } from '../testing/test-job.js';
import { mergePdf } from './merge-pdf.js';

const job = jobPerTest();

interface Outline {
  title: string;
  destpageposfrom1: number | null;
  kids: Outline[];
}

function outlines(path: string): Outline[] {
  const json = spawnSync('qpdf', ['--json=2', '--json-key=outlines', path], { encoding: 'utf8' }).stdout;
  return (JSON.parse(json) as { outlines: Outline[] }).outlines;
}

function formFieldCount(path: string): number {
  const json = spawnSync('qpdf', ['--json=2', '--json-key=acroform', path], { encoding: 'utf8' }).stdout;
  return (JSON.parse(json) as { acroform: { fields: unknown[] } }).acroform.fields.length;
}

function linkCount(path: string): number {
  const qdf = spawnSync('qpdf', ['--qdf', '--object-streams=disable', path, '-'], { maxBuffer: 256 * 1024 * 1024 });
  return qdf.stdout.toString('latin1').split('/Subtype /Link').length - 1;
}

const corpusPdf = fileURLToPath(new URL('../../../../../shared/corpus/pdf/', import.meta.url));

const doc = (name: string, count: number, outline = false) =>
  makePdf({ pages: Array.from({ length: count }, (_, i) => ({ text: [`${name}-${i + 1}`] })), outline });

describe('merge-pdf', () => {
  it('joins the files in the order given', async () => {
    const a = await job.input('a.pdf', doc('A', 2));
    const b = await job.input('b.pdf', doc('B', 1));
    const c = await job.input('c.pdf', doc('C', 3));
    const result = await mergePdf([c, a, b], {}, job.context);
    assertValidPdf(result.path);
    expect(pdfPageTexts(result.path)).toEqual(['C-1', 'C-2', 'C-3', 'A-1', 'A-2', 'B-1']);
    expect(result.download.name).toBe('merged-document.pdf');
  });

  it('keeps the bookmarks of every file, pointing at the right merged pages', async () => {
    const a = await job.input('a.pdf', doc('A', 2, true));
    const b = await job.input('b.pdf', doc('B', 1));
    const c = await job.input('c.pdf', doc('C', 2, true));
    const result = await mergePdf([a, b, c], {}, job.context);
    assertValidPdf(result.path);
    expect(outlines(result.path).map((o) => [o.title, o.destpageposfrom1])).toEqual([
      ['Page 1', 1],
      ['Page 2', 2],
      ['Page 1', 4],
      ['Page 2', 5],
    ]);
  });

  it('needs at least two files and refuses non-PDFs', async () => {
    const a = await job.input('a.pdf', doc('A', 1));
    const fake = await job.input('b.pdf', Buffer.from('GIF89a'));
    expect(await toolErrorCode(mergePdf([a], {}, job.context))).toBe('not_enough_files');
    expect(await toolErrorCode(mergePdf([a, fake], {}, job.context))).toBe('unsupported_file_type');
  });

  it('keeps the merged document within the page limit', async () => {
    const limited = await makeTestJob({ maxPages: 4 });
    try {
      const a = await limited.input('a.pdf', doc('A', 3));
      const b = await limited.input('b.pdf', doc('B', 2));
      expect(await toolErrorCode(mergePdf([a, b], {}, limited.context))).toBe('too_many_pages');
    } finally {
      await limited.cleanup();
    }
  });

  it.skipIf(!existsSync(corpusPdf))('keeps the form fields and links of real documents', async () => {
    const form = await job.input('form.pdf', await readFile(`${corpusPdf}sf-libreoffice-form.pdf`));
    const cerfa = await job.input('cerfa.pdf', await readFile(`${corpusPdf}pdfjs-issue6127-cerfa-form.pdf`));
    const linked = await job.input('outline.pdf', await readFile(`${corpusPdf}sf-pdflatex-outline.pdf`));
    const result = await mergePdf([form, cerfa, linked], {}, job.context);
    assertValidPdf(result.path);
    expect(formFieldCount(result.path)).toBe(formFieldCount(form.path) + formFieldCount(cerfa.path));
    expect(linkCount(result.path)).toBe(linkCount(form.path) + linkCount(cerfa.path) + linkCount(linked.path));
    expect(outlines(result.path).length).toBe(outlines(linked.path).length);
  });
});
