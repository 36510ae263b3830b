import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import * as mupdf from 'mupdf';
import { afterAll, describe, expect, it } from 'vitest';
import {
  COMPARE_ATTACHMENT,
  type CompareDifferences,
  parseCompareDifferences,
} from '@paperknife/catalog/compare-differences';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { closeMupdfPool } from '../mupdf/pool.js';
import { comparePair, comparePairEdits } from '../testing/compare-fixtures.js';
import { makePdf } from '../testing/make-pdf.js';
import { assertValidPdf, pdfPageTexts } from '../testing/pdf-assertions.js';
import { jobPerTest, toolErrorCode } from '../testing/test-job.js';
import { comparePdf } from './compare-pdf.js';

const job = jobPerTest();
const asJson = parseToolOptions('compare-pdf', { format: 'json' });
const asPdf = parseToolOptions('compare-pdf', {});
afterAll(async () => {
  await closeMupdfPool();
});

async function compare(original: Buffer, changed: Buffer): Promise<CompareDifferences> {
  const files = [await job.input('original.pdf', original), await job.input('changed.pdf', changed)];
  const result = await comparePdf(files, asJson, job.context);
  expect(result.download).toEqual({ name: 'differences.json', contentType: 'application/json' });
  const differences = parseCompareDifferences(await readFile(result.path, 'utf8'));
  expect(differences).toBeDefined();
  return differences!;
}

const overlaps = (a: readonly number[], b: readonly number[]) =>
  a[0]! < b[2]! && b[0]! < a[2]! && a[1]! < b[3]! && b[1]! < a[3]!;

describe('compare-pdf', () => {
  it('finds inserted, deleted and changed words, a moved page and a changed picture', async () => {
    const { original, changed } = await comparePair();
    const differences = await compare(original, changed);
    expect(differences.identical).toBe(false);
    expect(differences.pages.map((pair) => [pair.original, pair.changed, pair.moved])).toEqual([
      [1, 1, false],
      [4, 2, true],
      [2, 3, false],
      [3, 4, false],
    ]);
    const [first, moved, second, picture] = differences.pages;
    expect(first!.textChanges.map(({ kind, original: a, changed: b }) => [kind, a?.text, b?.text])).toEqual([
      ['inserted', undefined, comparePairEdits.inserted],
      ['changed', comparePairEdits.changed.from, comparePairEdits.changed.to],
    ]);
    // The inserted word's box sits on the first line, after "the".
    const [insertedBox] = first!.textChanges[0]!.changed!.boxes;
    expect(insertedBox![1]).toBeLessThan(100);
    expect(moved!.textChanges).toEqual([]);
    expect(second!.textChanges).toEqual([
      expect.objectContaining({
        kind: 'deleted',
        original: expect.objectContaining({ text: comparePairEdits.deleted }),
      }),
    ]);
    expect(picture!.textChanges).toEqual([]);
    expect(picture!.regions.length).toBeGreaterThanOrEqual(1);
    for (const region of picture!.regions) expect(overlaps(region, comparePairEdits.picture)).toBe(true);
    // Text pushed along a line by an inserted word is no region of its own.
    expect(first!.regions).toEqual([]);
    expect(differences.summary).toEqual({
      inserted: 1,
      deleted: 1,
      changed: 1,
      regions: picture!.regions.length,
      movedPages: 1,
      addedPages: 0,
      removedPages: 0,
    });
  });

  it('reports pages added and removed where they stand', async () => {
    const pages = (...texts: string[]) => makePdf({ pages: texts.map((text) => ({ text: [text] })) });
    const differences = await compare(
      pages('alpha page one', 'beta page two', 'gamma page three'),
      pages('alpha page one', 'gamma page three', 'delta page four'),
    );
    expect(differences.pages.map((pair) => [pair.original, pair.changed])).toEqual([
      [1, 1],
      [2, null],
      [3, 2],
      [null, 3],
    ]);
    expect(differences.summary).toMatchObject({ addedPages: 1, removedPages: 1, movedPages: 0 });
  });

  it('makes no region of a line pushed a hundredth of a point by a word of nearly the same width', async () => {
    // "finance" and "surplus" differ by 0.02 pt in Helvetica: the rest of the line moves a subpixel step.
    const line = (word: string) =>
      makePdf({ pages: [{ text: [`order payment ${word} rebate salary travel market`] }] });
    const differences = await compare(line('finance'), line('surplus'));
    expect(differences.pages[0]!.textChanges.map((change) => change.kind)).toEqual(['changed']);
    expect(differences.pages[0]!.regions).toEqual([]);
  });

  it('finds a picture whose colour changed but not its lightness', async () => {
    const box = (rgb: [number, number, number]) =>
      makePdf({ pages: [{ text: ['Legend'], box: { rgb, x: 100, y: 300, width: 200, height: 100 } }] });
    // A red and a green of nearly the same gray.
    const differences = await compare(box([0.86, 0.16, 0.16]), box([0.16, 0.47, 0.24]));
    expect(differences.pages[0]!.regions).toHaveLength(1);
  });

  it('finds a region on a poster-sized page, rendered at less than the usual resolution', async () => {
    const poster = (rgb: [number, number, number]) =>
      makePdf({
        pages: [
          { width: 14400, height: 14400, text: ['Poster'], box: { rgb, x: 7000, y: 7000, width: 1000, height: 1000 } },
        ],
      });
    const differences = await compare(poster([0, 0, 1]), poster([1, 0, 0]));
    const [region, ...others] = differences.pages[0]!.regions;
    expect(others).toEqual([]);
    // The box in points from the top-left: x 7000-8000, y 14400-8000 = 6400 to 7400; within a few render pixels.
    region!.forEach((value, i) => expect(Math.abs(value - [7000, 6400, 8000, 7400][i]!)).toBeLessThan(60));
  });

  it('finds no difference between a file and its own qpdf rewrite', async () => {
    const { original } = await comparePair();
    const source = await job.input('original.pdf', original);
    const rewritten = `${source.path}-qpdf.pdf`;
    execFileSync('qpdf', ['--object-streams=generate', '--compress-streams=y', source.path, rewritten]);
    const differences = await compare(original, await readFile(rewritten));
    expect(differences.identical).toBe(true);
    expect(differences.pages.every((pair) => pair.regions.length === 0 && pair.textChanges.length === 0)).toBe(true);
  });

  it('writes a PDF report: the summary, then each differing pair side by side, the differences attached', async () => {
    const { original, changed } = await comparePair();
    const files = [await job.input('original.pdf', original), await job.input('changed.pdf', changed)];
    const result = await comparePdf(files, asPdf, job.context);
    expect(result.download).toEqual({ name: 'compare-report.pdf', contentType: 'application/pdf' });
    assertValidPdf(result.path);
    const texts = pdfPageTexts(result.path);
    expect(texts).toHaveLength(5);
    expect(texts[0]).toMatch(/Words inserted: 1/);
    expect(texts[1]).toMatch(/Original page 1 +\/ +changed page 1/);
    // Both pages are drawn on the report's page: the old word and the new one.
    expect(texts[1]).toContain('thirty');
    expect(texts[1]).toContain('sixty');
    const report = mupdf.Document.openDocument(await readFile(result.path), 'application/pdf').asPDF()!;
    const attached = report.getEmbeddedFiles()[COMPARE_ATTACHMENT];
    expect(attached).toBeDefined();
    const json = new TextDecoder().decode(report.getEmbeddedFileContents(attached!)!.asUint8Array());
    expect(parseCompareDifferences(json)?.summary.movedPages).toBe(1);
    report.destroy();
  });

  it('refuses a password-protected PDF and a file that is not a PDF', async () => {
    const plain = await job.input('plain.pdf', makePdf({ pageCount: 1 }));
    const locked = `${plain.path}-locked.pdf`;
    execFileSync('qpdf', ['--encrypt', 'secret', 'secret', '256', '--', plain.path, locked]);
    const lockedFile = await job.input('locked.pdf', await readFile(locked));
    expect(await toolErrorCode(comparePdf([plain, lockedFile], asJson, job.context))).toBe('encrypted_pdf');
    const notPdf = await job.input('fake.pdf', Buffer.from('just some text'));
    expect(await toolErrorCode(comparePdf([notPdf, plain], asJson, job.context))).toBe('unsupported_file_type');
    expect(await toolErrorCode(comparePdf([plain], asJson, job.context))).toBe('not_enough_files');
  });
});
