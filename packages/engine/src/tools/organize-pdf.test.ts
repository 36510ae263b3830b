import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ToolError } from '@paperknife/catalog/errors';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { makePdf } from '../testing/make-pdf.js';
import { assertValidPdf, pdfPageTexts, pdfRotations } from '../testing/pdf-assertions.js';
import { jobPerTest, makeTestJob, toolErrorCode } from '../testing/test-job.js';
import { organizePdf } from './organize-pdf.js';

const job = jobPerTest();
const corpusPdf = fileURLToPath(new URL('../../../../../shared/corpus/pdf/', import.meta.url));

const options = (order: string) => parseToolOptions('organize-pdf', { order });

/** Each page's box as pdfinfo reports it (before /Rotate), rounded: `612x792`. */
function pageSizes(path: string): string[] {
  const { stdout } = spawnSync('pdfinfo', ['-f', '1', '-l', '999', path], { encoding: 'utf8' });
  return [...stdout.matchAll(/^Page\s+\d+\s+size:\s+([\d.]+) x ([\d.]+)/gm)].map(
    (match) => `${Math.round(Number(match[1]))}x${Math.round(Number(match[2]))}`,
  );
}

function formFieldCount(path: string): number {
  const json = spawnSync('qpdf', ['--json=2', '--json-key=acroform', path], { encoding: 'utf8' }).stdout;
  return (JSON.parse(json) as { acroform: { fields: unknown[] } }).acroform.fields.length;
}

function linkCount(path: string): number {
  const qdf = spawnSync('qpdf', ['--qdf', '--object-streams=disable', path, '-']);
  return qdf.stdout.toString('latin1').split('/Subtype /Link').length - 1;
}

/** The top-level bookmarks: title and the page (1-based) they open. */
function outlines(path: string): { title: string; page: number | null }[] {
  const json = spawnSync('qpdf', ['--json=2', '--json-key=outlines', path], { encoding: 'utf8' }).stdout;
  const parsed = JSON.parse(json) as { outlines: { title: string; destpageposfrom1: number | null }[] };
  return parsed.outlines.map((item) => ({ title: item.title, page: item.destpageposfrom1 }));
}

describe('organize-pdf', () => {
  it('writes exactly the requested sequence: reordered, turned, deleted, copied and blank pages', async () => {
    const file = await job.input('report.pdf', makePdf({ pageCount: 7 }));
    const result = await organizePdf([file], options('3,1-2,4r90,blank,5-6,2r180'), job.context);
    assertValidPdf(result.path);
    expect(pdfPageTexts(result.path)).toEqual([
      'Page 3',
      'Page 1',
      'Page 2',
      'Page 4',
      '',
      'Page 5',
      'Page 6',
      'Page 2',
    ]);
    expect(pdfRotations(result.path)).toEqual([0, 0, 0, 90, 0, 0, 0, 180]);
    expect(result.download.name).toBe('organized-document.pdf');
  });

  it('adds the turn to the rotation a page already has', async () => {
    const file = await job.input('turned.pdf', makePdf({ pages: [{ rotate: 90 }, { rotate: 270 }] }));
    const result = await organizePdf([file], options('1r90,2r180,1'), job.context);
    expect(pdfPageTexts(result.path)).toEqual(['Page 1', 'Page 2', 'Page 1']);
    expect(pdfRotations(result.path)).toEqual([180, 90, 90]);
  });

  it('makes blank pages the size their neighbour shows, the page after it when first', async () => {
    const file = await job.input(
      'sizes.pdf',
      makePdf({ pages: [{}, { width: 300, height: 500, rotate: 90 }, { width: 842, height: 595 }] }),
    );
    const result = await organizePdf([file], options('blank,3,blank,blankr90,2,blank,1r90,blank'), job.context);
    assertValidPdf(result.path);
    expect(pdfPageTexts(result.path)).toEqual(['', 'Page 3', '', '', 'Page 2', '', 'Page 1', '']);
    // Page 2 is 300x500 shown turned (500x300); page 1 turned by the spec shows 792x612.
    expect(pageSizes(result.path)).toEqual([
      '842x595',
      '842x595',
      '842x595',
      '842x595',
      '300x500',
      '500x300',
      '612x792',
      '792x612',
    ]);
    expect(pdfRotations(result.path)).toEqual([0, 0, 0, 90, 90, 0, 90, 0]);
  });

  it('keeps only the pages listed, none of the others', async () => {
    const file = await job.input('report.pdf', makePdf({ pageCount: 4, outline: true }));
    const result = await organizePdf([file], options('4,2'), job.context);
    assertValidPdf(result.path);
    expect(pdfPageTexts(result.path)).toEqual(['Page 4', 'Page 2']);
    const qdf = spawnSync('qpdf', ['--qdf', '--object-streams=disable', result.path, '-']).stdout.toString('latin1');
    expect(qdf).not.toContain('(Page 1)');
    expect(qdf).not.toContain('(Page 3)');
  });

  it('moves bookmarks with their pages and drops those of deleted pages', async () => {
    const file = await job.input('book.pdf', makePdf({ pageCount: 5, outline: true }));
    const result = await organizePdf([file], options('4,1,blank,2r90,1'), job.context);
    assertValidPdf(result.path);
    expect(outlines(result.path)).toEqual([
      { title: 'Page 1', page: 2 },
      { title: 'Page 2', page: 4 },
      { title: 'Page 4', page: 1 },
    ]);
  });

  it('names the missing page, and needs one page of the PDF', async () => {
    const file = await job.input('report.pdf', makePdf({ pageCount: 10 }));
    const error = await organizePdf([file], options('1,12r90'), job.context).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).code).toBe('page_out_of_range');
    expect((error as ToolError).message).toBe('Page 12 does not exist: this PDF has 10 pages.');
    expect(await toolErrorCode(organizePdf([file], options('blank,blank'), job.context))).toBe('no_pages_left');
    expect(() => options('1,2x')).toThrow(expect.objectContaining({ code: 'invalid_page_range' }));
    expect(() => parseToolOptions('organize-pdf', {})).toThrow(expect.objectContaining({ code: 'invalid_page_range' }));
  });

  it('keeps the result within the page limit', async () => {
    const limited = await makeTestJob({ maxPages: 4 });
    try {
      const file = await limited.input('a.pdf', makePdf({ pageCount: 3 }));
      expect(await toolErrorCode(organizePdf([file], options('1-,1-'), limited.context))).toBe('too_many_pages');
    } finally {
      await limited.cleanup();
    }
  });

  it('refuses a password-protected PDF and a non-PDF', async () => {
    const file = await job.input('a.pdf', makePdf({ pageCount: 2 }));
    const { protectPdf } = await import('./protect-pdf.js');
    const locked = await protectPdf([file], parseToolOptions('protect-pdf', { userPassword: 'secret1' }), job.context);
    const input = { path: locked.path, name: 'locked.pdf', size: 0 };
    expect(await toolErrorCode(organizePdf([input], options('2,1'), job.context))).toBe('encrypted_pdf');
    const text = await job.input('a.pdf', Buffer.from('just some text'));
    expect(await toolErrorCode(organizePdf([text], options('1'), job.context))).toBe('unsupported_file_type');
  });

  it.skipIf(!existsSync(corpusPdf))('keeps the form fields and links of the kept pages', async () => {
    const cerfa = await job.input('cerfa.pdf', await readFile(`${corpusPdf}pdfjs-issue6127-cerfa-form.pdf`));
    const reordered = await organizePdf([cerfa], options('3,2,1r90'), job.context);
    assertValidPdf(reordered.path);
    expect(formFieldCount(reordered.path)).toBe(formFieldCount(cerfa.path));
    const linked = await job.input('outline.pdf', await readFile(`${corpusPdf}sf-pdflatex-outline.pdf`));
    const turned = await organizePdf([linked], options('4,3,2,1r90'), job.context);
    expect(linkCount(turned.path)).toBe(linkCount(linked.path));
  });
});
