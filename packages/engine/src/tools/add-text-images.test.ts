import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { closeMupdfPool } from '../mupdf/pool.js';
import { makePdf } from '../testing/make-pdf.js';
import { assertValidPdf, bluePixelsIn, pdfPageTexts } from '../testing/pdf-assertions.js';
import { signaturePng } from '../testing/signature-fixtures.js';
import { jobPerTest, toolErrorCode } from '../testing/test-job.js';
import { addTextImages } from './add-text-images.js';

const job = jobPerTest();
afterAll(() => closeMupdfPool());

const LETTER = { width: 612, height: 792 };

const run = async (pdf: Uint8Array, items: unknown[], pictures: Uint8Array[] = []) => {
  const files = [await job.input('doc.pdf', pdf)];
  for (const [index, picture] of pictures.entries()) files.push(await job.input(`picture-${index}.png`, picture));
  const result = await addTextImages(files, parseToolOptions('add-text-images', { items }), job.context);
  assertValidPdf(result.path);
  return result.path;
};

interface Word {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** The words of one page with their boxes, in points from the top-left corner of the page as shown. */
function pageWords(path: string, page: number): Word[] {
  const html = spawnSync('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), path, '-'], {
    encoding: 'utf8',
  }).stdout;
  return [
    ...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g),
  ].map((match) => ({
    text: match[5]!,
    xMin: Number(match[1]),
    yMin: Number(match[2]),
    xMax: Number(match[3]),
    yMax: Number(match[4]),
  }));
}

/** The words whose middle lies in the box, with each end inside it give or take `slack` points. */
const wordsIn = (words: Word[], box: { x0: number; y0: number; x1: number; y1: number }, slack = 2) =>
  words.filter((word) => {
    const middle = (word.yMin + word.yMax) / 2;
    return word.xMin >= box.x0 - slack && word.xMax <= box.x1 + slack && middle >= box.y0 && middle <= box.y1;
  });

const box = { x: 0.1, y: 0.1, width: 0.5, height: 0.25 };
const inPoints = (page: { width: number; height: number }, b: typeof box) => ({
  x0: b.x * page.width,
  y0: b.y * page.height,
  x1: (b.x + b.width) * page.width,
  y1: (b.y + b.height) * page.height,
});

describe('add-text-images', () => {
  it('writes Latin text in its box, wrapped to the box and broken at new lines', async () => {
    const text = 'The quick brown fox jumps over the lazy dog and keeps running far away\nSecond paragraph';
    const path = await run(makePdf({ pageCount: 2 }), [{ page: 2, kind: 'text', ...box, text, size: 20 }]);
    const words = pageWords(path, 2);
    const placed = wordsIn(words, inPoints(LETTER, box));
    expect(placed.map((word) => word.text).join(' ')).toBe(text.replace('\n', ' '));
    // Wrapped: several lines, the first starting at the box's left edge and its top.
    const lines = [...new Set(placed.map((word) => Math.round(word.yMin)))];
    expect(lines.length).toBeGreaterThanOrEqual(4);
    expect(placed[0]!.xMin).toBeCloseTo(0.1 * 612, -1);
    // pdftotext's word boxes reach the font's ascent, a little above the letters.
    expect(Math.abs(placed[0]!.yMin - 0.1 * 792)).toBeLessThan(6);
    expect(placed.find((word) => word.text === 'Second')!.xMin).toBeCloseTo(0.1 * 612, -1);
    expect(pdfPageTexts(path)[0]).not.toContain('quick');
  });

  it('writes Arabic, Hebrew and CJK text that extracts in logical order, right-to-left text aligned right', async () => {
    // pdftotext -bbox lists words as drawn; without -bbox it gives them in logical order.
    const arabic = { x: 0.1, y: 0.1, width: 0.8, height: 0.08 };
    const hebrew = { x: 0.1, y: 0.3, width: 0.8, height: 0.08 };
    const cjk = { x: 0.1, y: 0.5, width: 0.8, height: 0.08 };
    const path = await run(makePdf({ pageCount: 1 }), [
      { page: 1, kind: 'text', ...arabic, text: 'مرحبا بالعالم', size: 18 },
      { page: 1, kind: 'text', ...hebrew, text: 'שלום עולם', size: 18, font: 'serif', bold: true },
      { page: 1, kind: 'text', ...cjk, text: '你好世界', size: 18, color: '#cc0000' },
    ]);
    const text = pdfPageTexts(path)[0]!;
    expect(text).toContain('مرحبا بالعالم');
    expect(text).toContain('שלום עולם');
    expect(text).toContain('你好世界');
    const words = pageWords(path, 1);
    const right = 0.9 * 612;
    const arabicWords = wordsIn(words, inPoints(LETTER, arabic));
    expect(arabicWords.length).toBeGreaterThan(0);
    expect(Math.max(...arabicWords.map((word) => word.xMax))).toBeCloseTo(right, -1);
    const hebrewWords = wordsIn(words, inPoints(LETTER, hebrew));
    expect(Math.max(...hebrewWords.map((word) => word.xMax))).toBeCloseTo(right, -1);
    const cjkWords = wordsIn(words, inPoints(LETTER, cjk));
    expect(cjkWords.map((word) => word.text).join('')).toBe('你好世界');
    expect(cjkWords[0]!.xMin).toBeCloseTo(0.1 * 612, -1);
  });

  it('embeds a picture once when it is placed on several pages, drawn inside its box', async () => {
    const picture = { x: 0.5, y: 0.6, width: 0.4, height: 0.2 };
    const path = await run(
      makePdf({ pageCount: 3 }),
      [
        { page: 1, kind: 'image', ...picture, image: 0 },
        { page: 3, kind: 'image', ...picture, image: 0 },
      ],
      [signaturePng()],
    );
    const list = spawnSync('pdfimages', ['-list', path], { encoding: 'utf8' }).stdout.trim().split('\n').slice(2);
    // page num type width height color comp bpc enc interp object ID ...
    const rows = list.map((line) => line.trim().split(/\s+/));
    expect(rows.map((row) => row[0])).toEqual(['1', '3']);
    expect(new Set(rows.map((row) => row[10])).size).toBe(1);
    expect(bluePixelsIn(path, 1, picture)).toBeGreaterThan(100);
    expect(bluePixelsIn(path, 3, picture)).toBeGreaterThan(100);
    expect(bluePixelsIn(path, 2, picture)).toBe(0);
    expect(bluePixelsIn(path, 1, { x: 0.05, y: 0.05, width: 0.4, height: 0.4 })).toBe(0);
  });

  it('puts items where the viewer saw them on a page turned by /Rotate', async () => {
    const pdf = makePdf({ pages: [{ rotate: 90 }] });
    const shown = { width: 792, height: 612 };
    const label = { x: 0.05, y: 0.1, width: 0.4, height: 0.1 };
    const picture = { x: 0.6, y: 0.6, width: 0.3, height: 0.3 };
    const path = await run(
      pdf,
      [
        { page: 1, kind: 'text', ...label, text: 'Upright label', size: 16 },
        { page: 1, kind: 'image', ...picture, image: 0 },
      ],
      [signaturePng()],
    );
    const words = wordsIn(pageWords(path, 1), inPoints(shown, label));
    expect(words.map((word) => word.text)).toEqual(['Upright', 'label']);
    // Upright: the words run left to right on one line.
    expect(words[1]!.xMin).toBeGreaterThan(words[0]!.xMax);
    expect(Math.abs(words[1]!.yMin - words[0]!.yMin)).toBeLessThan(1);
    expect(bluePixelsIn(path, 1, picture)).toBeGreaterThan(100);
    expect(bluePixelsIn(path, 1, { x: 0.05, y: 0.5, width: 0.4, height: 0.4 })).toBe(0);
  });

  it('refuses an empty list, a picture that is not an image, a missing picture and a page past the end', async () => {
    const pdf = makePdf({ pageCount: 1 });
    expect(() => parseToolOptions('add-text-images', { items: [] })).toThrow(/at least one text box or picture/);
    expect(() => parseToolOptions('add-text-images', {})).toThrow(/at least one text box or picture/);
    const notAnImage = new TextEncoder().encode('this is a text file, not a picture');
    const image = [{ page: 1, kind: 'image', ...box, image: 0 }];
    expect(await toolErrorCode(run(pdf, image, [notAnImage]))).toBe('unsupported_file_type');
    expect(await toolErrorCode(run(pdf, image))).toBe('invalid_option');
    expect(await toolErrorCode(run(pdf, [{ page: 2, kind: 'text', ...box, text: 'Hi' }]))).toBe('page_out_of_range');
  });
});
