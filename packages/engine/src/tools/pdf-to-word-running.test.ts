import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AlignmentType, Document, Footer, Header, Packer, PageNumber, Paragraph, TextRun } from 'docx';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { closeLibreOffice, convertWithLibreOffice } from '../programs/libreoffice.js';
import { closeMupdfPool } from '../mupdf/pool.js';
import { jobPerTest, LIBREOFFICE_TEST_MS } from '../testing/test-job.js';
import { pdfToWord } from './pdf-to-word.js';

const job = jobPerTest();
afterAll(async () => {
  await Promise.all([closeMupdfPool(), closeLibreOffice()]);
});

const options = parseToolOptions('pdf-to-word', {});

const VOCABULARY = (
  'river stone harbour lantern meadow copper orchard signal winter garden market bridge valley timber ' +
  'beacon thunder silver forest candle ladder marble pepper saddle velvet anchor basket cotton falcon'
).split(' ');

/** `count` paragraphs of made-up sentences, no two lines alike. */
function paragraphs(count: number): Paragraph[] {
  let seed = 7;
  const word = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return VOCABULARY[seed % VOCABULARY.length]!;
  };
  return Array.from({ length: count }, () => {
    const words = Array.from({ length: 90 }, word).join(' ');
    return new Paragraph({ children: [new TextRun(`${words.charAt(0).toUpperCase()}${words.slice(1)}.`)] });
  });
}

const headerOf = (text: string) => new Header({ children: [new Paragraph({ children: [new TextRun(text)] })] });
const footerOf = (alignment: (typeof AlignmentType)[keyof typeof AlignmentType]) =>
  new Footer({
    children: [new Paragraph({ alignment, children: [new TextRun({ children: ['Page ', PageNumber.CURRENT] })] })],
  });

/** The Word file through Word to PDF (LibreOffice), then through PDF to Word: the .docx's parts. */
async function roundTrip(document: Document, name: string): Promise<Record<string, string>> {
  const original = join(job.context.workDir, `${name}.docx`);
  await writeFile(original, await Packer.toBuffer(document));
  const pdf = await convertWithLibreOffice(original, join(job.context.workDir, `${name}-pdf`), job.context);
  const input = await job.input(`${name}.pdf`, await readFile(pdf));
  const files = unzipSync(await readFile((await pdfToWord([input], options, job.context)).path));
  return Object.fromEntries(Object.entries(files).map(([path, bytes]) => [path, strFromU8(bytes)]));
}

const textOf = (xml: string) => [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((match) => match[1]).join('');

/** The text of the header or footer part each of the first section's references of `kind` names, by type. */
function referenced(parts: Record<string, string>, kind: 'header' | 'footer'): Record<string, string> {
  const section = /<w:sectPr>.*?<\/w:sectPr>/.exec(parts['word/document.xml']!)![0];
  const relations = parts['word/_rels/document.xml.rels']!;
  const result: Record<string, string> = {};
  for (const [, type, id] of section.matchAll(new RegExp(`<w:${kind}Reference w:type="(\\w+)" r:id="([^"]+)"`, 'g'))) {
    const target = new RegExp(`Id="${id}"[^>]*Target="([^"]+)"`).exec(relations)![1]!;
    const xml = parts[`word/${target}`]!;
    result[type!] = textOf(xml) + (xml.includes('>PAGE<') ? '{PAGE}' : '');
  }
  return result;
}

// Each test is a Word to PDF and back: about 25 s for the longest here, twice that on a busy machine.
describe('pdf-to-word running headers and footers', { timeout: LIBREOFFICE_TEST_MS }, () => {
  it('writes headers that alternate between odd and even pages as Word odd and even headers, under another first page', async () => {
    const document = new Document({
      evenAndOddHeaderAndFooters: true,
      sections: [
        {
          properties: { titlePage: true },
          headers: {
            first: headerOf('Annual Report of the Council'),
            default: headerOf('Markets and Prices'),
            even: headerOf('Regional Economic Review'),
          },
          footers: {
            first: new Footer({ children: [new Paragraph('')] }),
            default: footerOf(AlignmentType.RIGHT),
            even: footerOf(AlignmentType.LEFT),
          },
          children: paragraphs(24),
        },
      ],
    });
    const parts = await roundTrip(document, 'odd-even');
    const body = textOf(parts['word/document.xml']!);
    for (const text of ['Annual Report', 'Markets and Prices', 'Regional Economic Review', 'Page ']) {
      expect(body).not.toContain(text);
    }
    expect(parts['word/settings.xml']).toContain('<w:evenAndOddHeaders/>');
    expect(parts['word/document.xml']).toContain('<w:titlePg/>');
    expect(referenced(parts, 'header')).toEqual({
      default: 'Markets and Prices',
      even: 'Regional Economic Review',
      first: 'Annual Report of the Council',
    });
    expect(referenced(parts, 'footer')).toEqual({ default: 'Page {PAGE}', even: 'Page {PAGE}', first: '' });
  });

  it("numbers the pages from the number the PDF's first page prints, as Word's page number field", async () => {
    const document = new Document({
      sections: [
        {
          properties: { page: { pageNumbers: { start: 7 } } },
          footers: { default: footerOf(AlignmentType.CENTER) },
          children: paragraphs(14),
        },
      ],
    });
    const parts = await roundTrip(document, 'numbered');
    expect(textOf(parts['word/document.xml']!)).not.toMatch(/Page \d/);
    expect(parts['word/document.xml']).toContain('<w:pgNumType w:start="7"/>');
    expect(referenced(parts, 'footer')).toEqual({ default: 'Page {PAGE}' });
  });

  it('takes the headers of two pages, each its own, out of the body', async () => {
    const document = new Document({
      evenAndOddHeaderAndFooters: true,
      sections: [
        {
          headers: { default: headerOf('Odd page header.'), even: headerOf('Even page header.') },
          children: [
            new Paragraph('First Page.'),
            new Paragraph({ pageBreakBefore: true, children: [new TextRun('Second Page.')] }),
          ],
        },
      ],
    });
    const parts = await roundTrip(document, 'two-pages');
    expect(textOf(parts['word/document.xml']!)).toBe('First Page.Second Page.');
    const headers = referenced(parts, 'header');
    // Two pages could have odd and even headers or a first page of its own: Word shows them either way.
    expect([headers.first, headers.default]).toEqual(['Odd page header.', 'Even page header.']);
  });
});
