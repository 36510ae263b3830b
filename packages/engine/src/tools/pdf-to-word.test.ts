import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { closeLibreOffice, convertWithLibreOffice } from '../programs/libreoffice.js';
import { closeMupdfPool, mupdfPoolStats } from '../mupdf/pool.js';
import { corpusDir, corpusPresent } from '../testing/corpus.js';
import { layoutFixture, layoutPdf } from '../testing/layout-fixtures.js';
import { ASTRAL_TEXT, astralLettersPdf } from '../testing/astral-letters.js';
import { makePdf } from '../testing/make-pdf.js';
import { scanWords, scannedPdf } from '../testing/ocr-fixtures.js';
import { textWidth } from '../testing/table-fixtures.js';
import { assertValidPdf, pdfPageCount, pdfPageTexts } from '../testing/pdf-assertions.js';
import { jobPerTest, toolErrorCode, LIBREOFFICE_TEST_MS } from '../testing/test-job.js';
import { pictureFixture, picturesAndScanPdf } from '../testing/word-fixtures.js';
import { pdfToWord } from './pdf-to-word.js';
import type { ToolProgress } from '../jobs/tool-runner.js';

const job = jobPerTest();
afterAll(async () => {
  await Promise.all([closeMupdfPool(), closeLibreOffice()]);
});

const options = parseToolOptions('pdf-to-word', {});

/** A JPEG whose top half is red and bottom half blue, to see that pictures keep their orientation. */
async function redOverBlue(): Promise<Buffer> {
  const width = 80;
  const height = 40;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) pixels.set(y < height / 2 ? [220, 20, 20] : [20, 20, 220], (y * width + x) * 3);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

async function reportPdf(): Promise<Buffer> {
  const line = (text: string, y: number) => ({ text, x: 72, y });
  return makePdf({
    pages: [
      {
        runs: [
          { text: 'Quarterly Report', x: 72, y: 720, size: 20, style: 'bold' },
          line('The first paragraph of the report runs over several', 690),
          line('lines of the page, and its words flow together again', 675),
          line('in Word, where the report covers the inter-', 660),
          line('national market too.', 645),
          line('A second paragraph starts after a blank line.', 615),
          { text: 'Bold statement.', x: 72, y: 580, style: 'bold' },
          { text: 'Italic remark.', x: 72, y: 550, style: 'italic' },
          { text: 'Red warning.', x: 72, y: 520, rgb: [0.8, 0, 0] },
          { text: 'Large print.', x: 72, y: 485, size: 18 },
        ],
        image: { jpeg: await redOverBlue(), pixelWidth: 80, pixelHeight: 40, x: 72, y: 250, width: 200, height: 100 },
      },
      { runs: [line('Second page text.', 720)] },
      { width: 792, height: 612, runs: [line('Landscape page text.', 540)] },
    ],
  });
}

interface Docx {
  files: Record<string, Uint8Array>;
  xml: string;
  /** Each `<w:p>` element of the body, in order. */
  paragraphs: string[];
}

async function readDocx(path: string): Promise<Docx> {
  const files = unzipSync(await readFile(path));
  const xml = strFromU8(files['word/document.xml']!);
  return { files, xml, paragraphs: xml.match(/<w:p>.*?<\/w:p>|<w:p\s.*?<\/w:p>/g) ?? [] };
}

const paragraphText = (paragraph: string) =>
  [...paragraph.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((match) => match[1]).join('');

/** The media file a drawing shows, with its pixels as RGBA read at fractions of its width and height. */
async function pictureIn(docx: Docx, drawing: string) {
  const embed = drawing.match(/r:embed="([^"]+)"/)![1];
  const relations = strFromU8(docx.files['word/_rels/document.xml.rels']!);
  const target = relations.match(new RegExp(`Id="${embed}"[^>]*Target="([^"]+)"`))![1]!;
  const bytes = docx.files[`word/${target}`]!;
  const { format } = await sharp(bytes).metadata();
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixel = (fx: number, fy: number) => {
    const at = (Math.floor(fy * info.height) * info.width + Math.floor(fx * info.width)) * 4;
    return [...data.subarray(at, at + 4)];
  };
  return { format, pixel };
}

/** The `<w:r>` holding `text`. */
function runWith(docx: Docx, text: string): string {
  const run = docx.xml.match(/<w:r>.*?<\/w:r>/g)?.find((candidate) => paragraphText(candidate) === text);
  if (!run) throw new Error(`no run with the text ${JSON.stringify(text)}`);
  return run;
}

describe('pdf-to-word', () => {
  it('joins the lines of a paragraph into one flowing paragraph and keeps real paragraph breaks', async () => {
    const input = await job.input('report.pdf', await reportPdf());
    const updates: ToolProgress[] = [];
    const result = await pdfToWord([input], options, { ...job.context, progress: (update) => updates.push(update) });
    expect(result.download).toMatchObject({ name: 'converted-document.docx' });
    // Progress for the job API: page i of n while reading, then the writing stage.
    expect(updates.map(({ stage, done, total }) => `${stage} ${done}/${total}`)).toEqual([
      'Reading the pages 1/3',
      'Reading the pages 2/3',
      'Reading the pages 3/3',
      'Writing the Word file 3/3',
    ]);
    const texts = (await readDocx(result.path)).paragraphs.map(paragraphText).filter(Boolean);
    expect(texts).toEqual([
      'Quarterly Report',
      'The first paragraph of the report runs over several lines of the page, and its words flow together again in ' +
        'Word, where the report covers the international market too.',
      'A second paragraph starts after a blank line.',
      'Bold statement.',
      'Italic remark.',
      'Red warning.',
      'Large print.',
      'Second page text.',
      'Landscape page text.',
    ]);
  });

  it('reads letter-spaced text as whole words (decision 217)', async () => {
    // 0.21 em between letters, past the 0.15 em at which MuPDF would put a space. The first line draws its spaces;
    // the second places its words 4 pt further apart than its letters, with no space drawn.
    const letterSpacing = 2.5;
    let x = 72;
    const placed = ['placed', 'words', 'apart'].map((text) => {
      const run = { text, x, y: 650, letterSpacing };
      x += textWidth(text, 12) + text.length * letterSpacing + 4;
      return run;
    });
    const runs = [{ text: 'the secret document stays', x: 72, y: 700, letterSpacing }, ...placed];
    const result = await pdfToWord(
      [await job.input('spaced.pdf', makePdf({ pages: [{ runs }] }))],
      options,
      job.context,
    );
    const texts = (await readDocx(result.path)).paragraphs.map(paragraphText).filter(Boolean);
    expect(texts).toEqual(['the secret document stays', 'placed words apart']);
  });

  it('keeps letters past the first 65,536 code points (Gothic, mathematical letters) whole', async () => {
    const result = await pdfToWord([await job.input('astral.pdf', astralLettersPdf())], options, job.context);
    const texts = (await readDocx(result.path)).paragraphs.map(paragraphText).filter(Boolean);
    expect(texts).toEqual([ASTRAL_TEXT]);
  });

  it('keeps bold, italic, sizes and colours of the text', async () => {
    const input = await job.input('report.pdf', await reportPdf());
    const docx = await readDocx((await pdfToWord([input], options, job.context)).path);
    const heading = runWith(docx, 'Quarterly Report');
    expect(heading).toContain('<w:b/>');
    expect(heading).toContain('<w:sz w:val="40"/>');
    expect(runWith(docx, 'Bold statement.')).toContain('<w:b/>');
    expect(runWith(docx, 'Bold statement.')).not.toContain('<w:i/>');
    expect(runWith(docx, 'Italic remark.')).toContain('<w:i/>');
    expect(runWith(docx, 'Italic remark.')).not.toContain('<w:b/>');
    expect(runWith(docx, 'Red warning.')).toContain('<w:color w:val="CC0000"/>');
    expect(runWith(docx, 'Large print.')).toContain('<w:sz w:val="36"/>');
    expect(runWith(docx, 'A second paragraph starts after a blank line.')).toContain('<w:sz w:val="24"/>');
    expect(runWith(docx, 'A second paragraph starts after a blank line.')).toContain('w:ascii="Arial"');
  });

  it('places the picture after the text above it, upright, and starts each PDF page on a new Word page', async () => {
    const input = await job.input('report.pdf', await reportPdf());
    const docx = await readDocx((await pdfToWord([input], options, job.context)).path);
    const media = Object.keys(docx.files).filter((name) => name.startsWith('word/media/'));
    expect(media).toHaveLength(1);
    const pictureIndex = docx.paragraphs.findIndex((paragraph) => paragraph.includes('<w:drawing>'));
    const texts = docx.paragraphs.map(paragraphText);
    expect(pictureIndex).toBeGreaterThan(texts.indexOf('Large print.'));
    expect(pictureIndex).toBeLessThan(texts.indexOf('Second page text.'));
    // The drawing points at the file in word/media through the document's relationships.
    const embed = docx.paragraphs[pictureIndex]!.match(/r:embed="([^"]+)"/)![1];
    const relations = strFromU8(docx.files['word/_rels/document.xml.rels']!);
    expect(relations).toMatch(new RegExp(`Id="${embed}"[^>]*Target="media/${media[0]!.split('/').pop()}"`));
    // 200 x 100 pt on the page: 2540000 x 1270000 EMU in Word (sized in whole pixels at 96 dpi).
    const [, cx, cy] = docx.paragraphs[pictureIndex]!.match(/<wp:extent cx="(\d+)" cy="(\d+)"/)!;
    expect(Number(cx) / 2540000).toBeCloseTo(1, 2);
    expect(Number(cy) / 1270000).toBeCloseTo(1, 2);
    const { data, info } = await sharp(docx.files[media[0]!]).raw().toBuffer({ resolveWithObject: true });
    const pixel = (y: number) => [...data.subarray(y * info.width * info.channels, y * info.width * info.channels + 3)];
    expect(pixel(2)[0]).toBeGreaterThan(150); // red on top
    expect(pixel(info.height - 3)[2]).toBeGreaterThan(150); // blue below

    expect(docx.paragraphs.find((paragraph) => paragraphText(paragraph) === 'Second page text.')).toContain(
      '<w:pageBreakBefore/>',
    );
    // The landscape page is its own section, 11 x 8.5 inches.
    const sections = docx.xml.match(/<w:sectPr>.*?<\/w:sectPr>/g) ?? [];
    expect(sections).toHaveLength(2);
    expect(sections[0]).toContain('w:w="12240" w:h="15840" w:orient="portrait"');
    expect(sections[1]).toContain('w:w="15840" w:h="12240" w:orient="landscape"');
  });

  it('keeps soft masks and stencil masks as transparency, and a scanned page as its picture alone', async () => {
    const input = await job.input('scan.pdf', picturesAndScanPdf());
    // Without OCR: the scan stays the picture it is.
    const withoutOcr = parseToolOptions('pdf-to-word', { ocr: 'never' });
    const docx = await readDocx((await pdfToWord([input], withoutOcr, job.context)).path);
    const drawings = docx.paragraphs.filter((paragraph) => paragraph.includes('<w:drawing>'));
    expect(drawings).toHaveLength(3);
    const [masked, stencil, scan] = await Promise.all(drawings.map((drawing) => pictureIn(docx, drawing)));
    // Green where the soft mask is opaque (left half), transparent where it is not.
    expect(masked!.format).toBe('png');
    expect(masked!.pixel(0.25, 0.5)).toEqual([...pictureFixture.masked.rgb, 255]);
    expect(masked!.pixel(0.75, 0.5)[3]).toBe(0);
    // The stencil paints its top half only, in black (the fill colour is not known to the structured text).
    expect(stencil!.format).toBe('png');
    expect(stencil!.pixel(0.5, 0.25)).toEqual([0, 0, 0, 255]);
    expect(stencil!.pixel(0.5, 0.75)[3]).toBe(0);
    const texts = docx.paragraphs.map(paragraphText);
    expect(texts.indexOf(pictureFixture.caption)).toBeGreaterThan(docx.paragraphs.indexOf(drawings[1]!));

    // The scan is its own A4 section holding the picture, upright, within the margins, and no text.
    const sections = docx.xml.match(/<w:sectPr>.*?<\/w:sectPr>/g) ?? [];
    expect(sections).toHaveLength(2);
    expect(sections[1]).toContain('w:w="11900" w:h="16840" w:orient="portrait"');
    const scanPage = docx.paragraphs.slice(
      docx.paragraphs.findIndex((paragraph) => paragraph.includes('<w:sectPr>')) + 1,
    );
    expect(scanPage.map(paragraphText).join('')).toBe('');
    expect(scanPage.filter((paragraph) => paragraph.includes('<w:drawing>'))).toEqual([drawings[2]]);
    const [, cx, cy] = drawings[2]!.match(/<wp:extent cx="(\d+)" cy="(\d+)"/)!;
    const [width, height] = [Number(cx) / 12700, Number(cy) / 12700]; // EMU to points
    const margin = Number(sections[1]!.match(/w:top="(\d+)"/)![1]) / 20;
    expect(height).toBeLessThanOrEqual(pictureFixture.scan.height - 2 * margin);
    expect(width / height).toBeCloseTo(pictureFixture.scan.width / pictureFixture.scan.height, 2);
    expect(scan!.pixel(0.5, 0.05)[0]).toBeGreaterThan(220); // white at the top
    expect(scan!.pixel(0.5, 0.95)[0]).toBeLessThan(35); // black at the bottom
  });

  it(
    'writes a document LibreOffice opens, with the text and the pages of the PDF',
    { timeout: LIBREOFFICE_TEST_MS },
    async () => {
      const input = await job.input('report.pdf', await reportPdf());
      const result = await pdfToWord([input], options, job.context);
      const pdf = await convertWithLibreOffice(result.path, join(job.context.workDir, 'check'), job.context);
      assertValidPdf(pdf);
      expect(pdfPageCount(pdf)).toBe(3);
      const pages = pdfPageTexts(pdf).map((text) => text.replace(/\s+/g, ' '));
      expect(pages[0]).toContain('Quarterly Report');
      expect(pages[0]).toContain('covers the international market too.');
      expect(pages[1]).toContain('Second page text.');
      expect(pages[2]).toContain('Landscape page text.');
    },
  );

  it("reads columns in order, puts running headers and footers in Word's, and writes ruled tables and lists", async () => {
    const input = await job.input('layout.pdf', layoutPdf());
    const docx = await readDocx((await pdfToWord([input], options, job.context)).path);
    const { title, left, right, footnote, header, bullets, scanText } = layoutFixture;
    const texts = docx.paragraphs.map(paragraphText).filter(Boolean);
    // The title, then each column whole (its lines one paragraph), then the footnote below both.
    expect(texts.slice(0, 4)).toEqual([title, left.join(' '), right.join(' '), footnote]);
    expect(docx.paragraphs.find((paragraph) => paragraphText(paragraph) === title)).toContain(
      '<w:pStyle w:val="Heading1"/>',
    );
    // The footnote's link to a web page is a Word hyperlink.
    const linked = docx.paragraphs.find((paragraph) => paragraphText(paragraph) === footnote)!;
    const hyperlink = linked.match(/<w:hyperlink[^>]*r:id="([^"]+)"/);
    expect(hyperlink).not.toBeNull();
    expect(strFromU8(docx.files['word/_rels/document.xml.rels']!)).toMatch(
      new RegExp(`Id="${hyperlink![1]}"[^>]*Target="${layoutFixture.link}"[^>]*TargetMode="External"`),
    );
    // Header and footer in Word's header and footer, the page number as a field, and not in the body.
    expect(texts.join('\n')).not.toContain(header);
    expect(texts.join('\n')).not.toMatch(/Page \d/);
    const part = (name: string) => strFromU8(docx.files[name]!);
    expect(paragraphText(part('word/header1.xml'))).toBe(header);
    expect(part('word/footer1.xml')).toMatch(/<w:instrText[^>]*>PAGE<\/w:instrText>/);
    // The scan's A4 section has none: empty ones, or Word would show the letter pages' there too.
    const sections = docx.xml.match(/<w:sectPr>.*?<\/w:sectPr>/g) ?? [];
    expect(sections).toHaveLength(2);
    const relations = strFromU8(docx.files['word/_rels/document.xml.rels']!);
    const partOf = (section: string, kind: 'header' | 'footer') => {
      const id = section.match(new RegExp(`<w:${kind}Reference w:type="default" r:id="([^"]+)"`))![1];
      return part(`word/${relations.match(new RegExp(`Id="${id}"[^>]*Target="([^"]+)"`))![1]}`);
    };
    expect(paragraphText(partOf(sections[1]!, 'header'))).toBe('');
    expect(partOf(sections[1]!, 'footer')).not.toContain('PAGE');

    // The ruled table: 3 rows of 3 grid columns, the merged cells spanning.
    const tables = docx.xml.match(/<w:tbl>.*?<\/w:tbl>/g) ?? [];
    expect(tables).toHaveLength(1);
    expect(tables[0]!.match(/<w:gridCol /g)).toHaveLength(3);
    const rows = tables[0]!.match(/<w:tr>.*?<\/w:tr>/g)!;
    expect(rows).toHaveLength(3);
    const cells = rows.map((row) => row.match(/<w:tc>.*?<\/w:tc>/g)!);
    expect(cells.map((row) => row.map(paragraphText))).toEqual([
      ['Region', 'Members'],
      ['North', '120', '+5'],
      ['', '80', '-2'],
    ]);
    expect(cells[0]![1]).toContain('<w:gridSpan w:val="2"/>');
    expect(cells[1]![0]).toContain('<w:vMerge w:val="restart"/>');
    expect(cells[2]![0]).toContain('<w:vMerge w:val="continue"/>');
    // Its text only in its cells.
    const outsideTables = docx.xml.replace(/<w:tbl>.*?<\/w:tbl>/g, '');
    expect((outsideTables.match(/<w:p[ >].*?<\/w:p>/g) ?? []).map(paragraphText).join('\n')).not.toContain('North');

    // The bullets are a Word list, the bullet character left to Word.
    const items = docx.paragraphs.filter((paragraph) => paragraph.includes('<w:numPr>'));
    expect(items.map(paragraphText)).toEqual(bullets);

    // The chart is a picture after the list, its label in it rather than in the text.
    const drawings = docx.paragraphs.filter((paragraph) => paragraph.includes('<w:drawing>'));
    expect(drawings).toHaveLength(1);
    expect(docx.paragraphs.indexOf(drawings[0]!)).toBeGreaterThan(docx.paragraphs.indexOf(items.at(-1)!));
    expect(texts.join('\n')).not.toContain(layoutFixture.chartLabel);
    const chart = await pictureIn(docx, drawings[0]!);
    expect(chart.format).toBe('png');
    expect(chart.pixel(0.1, 0.5)[2]).toBeGreaterThan(150); // the first bar, blue

    // The OCR'd scan: its invisible text is the page's text, and the scan is not put under it.
    expect(texts.at(-1)).toBe(scanText.join(' '));
  });

  it('recognises scanned pages (OCR) into editable paragraphs without the scan under them, and says how many', async () => {
    const input = await job.input('scan.pdf', scannedPdf());
    const never = await pdfToWord([input], parseToolOptions('pdf-to-word', { ocr: 'never' }), job.context);
    expect(never.headers).toEqual({ 'X-Recognised-Pages': '0' });
    expect((await readDocx(never.path)).paragraphs.map(paragraphText).join('').trim()).toBe('');

    const result = await pdfToWord([input], options, job.context);
    expect(result.headers).toEqual({ 'X-Recognised-Pages': '2' });
    const docx = await readDocx(result.path);
    const words = docx.paragraphs
      .map(paragraphText)
      .join(' ')
      .toLowerCase()
      .split(/[^\p{L}]+/u);
    for (const page of [0, 1]) {
      const expected = scanWords(page);
      const found = expected.filter((word) => words.includes(word));
      expect(found.length / expected.length).toBeGreaterThanOrEqual(0.9);
    }
    expect(docx.paragraphs.filter((paragraph) => paragraph.includes('<w:drawing>'))).toEqual([]);
  }, 60_000);

  it('reads a long document on both MuPDF workers, the pages in order and page progress one by one', async () => {
    const pageCount = 24;
    const pages = Array.from({ length: pageCount }, (_, index) => ({
      runs: [
        { text: 'Shared reading', x: 72, y: 750, size: 9 },
        { text: `Text of page ${index + 1} reads in order.`, x: 72, y: 400 },
        { text: String(index + 1), x: 300, y: 40, size: 9 },
      ],
    }));
    const input = await job.input('long.pdf', makePdf({ pages }));
    const updates: ToolProgress[] = [];
    const completed = mupdfPoolStats().completed;
    const result = await pdfToWord([input], options, { ...job.context, progress: (update) => updates.push(update) });
    // The task and its helper on the pool's other worker (which reads however many pages it gets to).
    expect(mupdfPoolStats().completed - completed).toBe(2);
    expect(updates.map(({ stage, done, total }) => `${stage} ${done}/${total}`)).toEqual([
      ...pages.map((_, index) => `Reading the pages ${index + 1}/${pageCount}`),
      `Writing the Word file ${pageCount}/${pageCount}`,
    ]);
    const docx = await readDocx(result.path);
    expect(docx.paragraphs.map(paragraphText).filter(Boolean)).toEqual(
      pages.map((_, index) => `Text of page ${index + 1} reads in order.`),
    );
    // The running header and the page numbers, found across the pages both workers read.
    const header = Object.entries(docx.files).find(([name]) => /^word\/header\d+\.xml$/.test(name));
    expect(strFromU8(header![1])).toContain('Shared reading');
    const footer = Object.entries(docx.files).find(([name]) => /^word\/footer\d+\.xml$/.test(name));
    expect(strFromU8(footer![1])).toContain('PAGE');
  });

  it('answers a coded error for a file that is not a PDF', async () => {
    const input = await job.input('notes.pdf', Buffer.from('just some text, not a PDF'));
    expect(await toolErrorCode(pdfToWord([input], options, job.context))).toBe('unsupported_file_type');
  });
});

describe.skipIf(!corpusPresent())('pdf-to-word on real documents', () => {
  it('converts a two-column paper into flowing paragraphs', async () => {
    const path = join(corpusDir, 'pdf', 'pdfjs-tracemonkey.pdf');
    const input = await job.input('paper.pdf', await readFile(path));
    const docx = await readDocx((await pdfToWord([input], options, job.context)).path);
    const texts = docx.paragraphs.map(paragraphText).filter(Boolean);
    expect(texts[0]).toContain('Trace-based Just-in-Time Type Specialization');
    // Whole paragraphs, not one per line: the abstract is one paragraph of several sentences.
    expect(texts.find((text) => text.startsWith('Dynamic languages such as JavaScript'))?.length).toBeGreaterThan(600);
    expect(docx.xml.match(/<w:pageBreakBefore\/>/g)).toHaveLength(13);
  });

  it('keeps Cyrillic text as Unicode', async () => {
    const path = join(corpusDir, 'pdf', 'pdfjs-issue20232-cyrillic-drawing.pdf');
    const input = await job.input('drawing.pdf', await readFile(path));
    const docx = await readDocx((await pdfToWord([input], options, job.context)).path);
    expect(docx.paragraphs.map(paragraphText).join(' ')).toContain('Масштаб');
  });

  it('keeps Hebrew as right-to-left paragraphs in reading order', async () => {
    const path = join(corpusDir, 'pdf', 'pdfjs-issue11656-hebrew.pdf');
    const input = await job.input('hebrew.pdf', await readFile(path));
    const docx = await readDocx((await pdfToWord([input], options, job.context)).path);
    const paragraph = docx.paragraphs.find((each) => paragraphText(each).includes('שלום'));
    // The question mark is drawn left of the text; read from the right it ends the sentence.
    expect(paragraphText(paragraph!)).toBe('שלום עולם מה שלום כולם?');
    expect(paragraph).toContain('<w:bidi/>');
    expect(paragraph).toContain('<w:rtl/>');
  });

  it('joins wrapped Japanese lines without spaces', async () => {
    const path = join(corpusDir, 'pdf', 'pdfjs-issue16538-japanese.pdf');
    const input = await job.input('japanese.pdf', await readFile(path));
    const docx = await readDocx((await pdfToWord([input], options, job.context)).path);
    const text = docx.paragraphs.map(paragraphText).join('\n');
    // 「取引できない商品」がマ|クロ経済変数: the line ends inside the word.
    expect(text).toContain('「取引できない商品」がマクロ経済変数などであるモデルを考えることは可能.');
  });
});

if (!corpusPresent()) console.warn(`pdf-to-word corpus tests skipped: no corpus at ${corpusDir}`);
