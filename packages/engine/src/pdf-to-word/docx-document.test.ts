import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WordPage } from './layout-model.js';
import { writeWordDocument } from './docx-document.js';
import type { Span, WordParagraph, WordTable } from './layout-model.js';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'paperknife-docx-document-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

const span = (text: string, style: Partial<Span> = {}): Span => ({
  text,
  font: 'Arial',
  bold: false,
  italic: false,
  size: 11,
  color: '000000',
  rightToLeft: false,
  ...style,
});

const paragraph = (runs: Span[], more: Partial<WordParagraph> = {}): WordParagraph => ({
  kind: 'paragraph',
  runs,
  alignment: 'left',
  indent: 0,
  firstLineIndent: 0,
  spaceBefore: 0,
  rightToLeft: false,
  ...more,
});

const margins = { top: 72, right: 72, bottom: 72, left: 72 };

async function written(pages: WordPage[]) {
  const output = join(folder, 'out.docx');
  await writeWordDocument(pages, 'Test', output);
  const files = unzipSync(await readFile(output));
  const text = (path: string) => strFromU8(files[path]!);
  return { files, text, body: text('word/document.xml') };
}

describe('writeWordDocument', () => {
  it('ends each section in its last paragraph, with the header, lists and links the body refers to', async () => {
    const page = (items: WordPage['items'], width = 612, height = 792): WordPage => ({
      width,
      height,
      margins,
      items,
      header: { paragraphs: [paragraph([span('Page '), span('1', { pageNumber: true })])], distance: 36 },
    });
    const { text, body } = await written([
      page([
        paragraph([span('Title')], { heading: 1 }),
        paragraph([span('one')], { list: { kind: 'bullet', level: 0, instance: 0 } }),
      ]),
      page([
        paragraph([span('see '), span('the section', { link: 'https://example.com/page#part' }), span(' & "more"')]),
      ]),
      page([paragraph([span('שלום', { rightToLeft: true })], { rightToLeft: true, alignment: 'right' })], 792, 612),
    ]);
    const sections = body.match(/<w:sectPr>.*?<\/w:sectPr>/g)!;
    expect(sections).toHaveLength(2);
    // The first section's properties sit in the pPr of its last paragraph, the link's; the last is the body's own.
    expect(body).toMatch(/<w:p><w:pPr><w:pageBreakBefore\/>[^]*?<w:sectPr>[^]*?<\/w:pPr><w:r>[^]*?see /);
    expect(body).toMatch(/<\/w:p><w:sectPr>.*w:orient="landscape".*<\/w:sectPr><\/w:body>/);
    expect(body).toContain('<w:pStyle w:val="Heading1"/>');
    expect(body).toContain('&amp; &quot;more&quot;');
    // Right-to-left: Word reads right as the paragraph's start.
    expect(body).toMatch(/<w:bidi\/><w:spacing [^>]*\/><w:jc w:val="left"\/>/);

    const numId = body.match(/<w:numId w:val="(\d+)"\/>/)![1];
    expect(text('word/numbering.xml')).toContain(`<w:num w:numId="${numId}">`);

    const link = body.match(/<w:hyperlink w:history="1" w:anchor="part" r:id="([^"]+)">/)![1];
    expect(text('word/_rels/document.xml.rels')).toContain(
      `Id="${link}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.com/page" TargetMode="External"`,
    );
    const headers = Object.keys(unzipSync(await readFile(join(folder, 'out.docx')))).filter((path) =>
      /^word\/header\d+\.xml$/.test(path),
    );
    expect(headers.length).toBeGreaterThan(0);
    for (const header of headers) {
      expect(text(header)).toContain('<w:instrText xml:space="preserve">PAGE</w:instrText>');
      expect(text(header)).not.toContain('PAPERKNIFE');
    }
    expect(body).not.toContain('PAPERKNIFE');
  });

  it('stores a picture drawn twice once, and gives merged table cells the cells that go on below them', async () => {
    const pixel = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
      'base64',
    );
    const other = Buffer.concat([pixel, Buffer.from([0])]);
    for (const [name, bytes] of [
      ['a.png', pixel],
      ['b.png', pixel],
      ['c.png', other],
    ] as const) {
      await writeFile(join(folder, name), bytes);
    }
    const picture = (name: string) =>
      ({
        kind: 'picture',
        file: join(folder, name),
        format: 'png',
        width: 10,
        height: 10,
        alignment: 'left',
        spaceBefore: 0,
      }) as const;
    const cell = (text: string, column: number, rowSpan = 1, columnSpan = 1) => ({
      column,
      rowSpan,
      columnSpan,
      paragraphs: [paragraph([span(text)], { alignment: 'center' })],
    });
    const table: WordTable = {
      kind: 'table',
      columnWidths: [50, 50, 50],
      spaceBefore: 0,
      // A cell two rows high and two columns wide at the left, then a row under it.
      rows: [
        { cells: [cell('merged', 0, 2, 2), cell('right', 2)] },
        { cells: [cell('below', 2)] },
        { cells: [cell('x', 0), cell('y', 1), cell('z', 2)] },
      ],
    };
    const { files, text, body } = await written([
      { width: 612, height: 792, margins, items: [picture('a.png'), table, picture('b.png'), picture('c.png')] },
    ]);
    const media = Object.keys(files).filter((path) => path.startsWith('word/media/'));
    expect(media).toHaveLength(2);
    const embeds = [...body.matchAll(/r:embed="([^"]+)"/g)].map((match) => match[1]);
    expect(embeds).toHaveLength(3);
    expect(embeds[0]).toBe(embeds[1]);
    expect(embeds[2]).not.toBe(embeds[0]);
    const relationships = text('word/_rels/document.xml.rels');
    for (const id of new Set(embeds)) expect(relationships).toMatch(new RegExp(`Id="${id}"[^>]*Target="media/`));

    const rows = body.match(/<w:tr>.*?<\/w:tr>/g)!;
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain('<w:gridSpan w:val="2"/><w:vMerge w:val="restart"/>');
    // The second row: the merged cell going on (its width, its span, an empty paragraph aligned as its text), then
    // the row's own cell.
    expect(rows[1]).toMatch(
      /^<w:tr><w:tc><w:tcPr><w:tcW w:type="dxa" w:w="2000"\/><w:gridSpan w:val="2"\/><w:vMerge w:val="continue"\/><\/w:tcPr><w:p><w:pPr><w:jc w:val="center"\/><\/w:pPr><\/w:p><\/w:tc><w:tc>.*below/,
    );
    expect(rows[2]).not.toContain('vMerge');
    // A merged cell's parts, each its row's, leave the edge between them undrawn as the page did.
    const parts: WordTable = {
      ...table,
      rows: [
        { cells: [{ ...cell('item', 0), open: { above: false, below: true } }, cell('a', 1, 1, 2)] },
        { cells: [{ ...cell('index', 0), open: { above: true, below: false } }, cell('b', 1, 1, 2)] },
      ],
    };
    const edges = (await written([{ width: 612, height: 792, margins, items: [parts] }])).body.match(
      /<w:tcBorders>.*?<\/w:tcBorders>/g,
    );
    expect(edges).toEqual([
      '<w:tcBorders><w:bottom w:val="nil"/></w:tcBorders>',
      '<w:tcBorders><w:top w:val="nil"/></w:tcBorders>',
    ]);
    // A table the page draws without rules (read from text in columns) has no borders; a ruled one has them.
    const tables = (
      await written([{ width: 612, height: 792, margins, items: [{ ...table, unruled: true }, table] }])
    ).body.match(/<w:tblPr>.*?<\/w:tblPr>/g)!;
    expect(tables[0]).not.toContain('tblBorders');
    expect(tables[1]).toContain('<w:insideH w:val="single"');
    // Paragraphs in a frame on the page get borders on all four sides, which Word draws as one box around them.
    const framed = (
      await written([
        {
          width: 612,
          height: 792,
          margins,
          items: [paragraph([span('In a box')], { framed: true }), paragraph([span('Outside')])],
        },
      ])
    ).body.match(/<w:p>.*?<\/w:p>/g)!;
    expect(framed[0]).toMatch(
      /<w:pBdr><w:top w:val="single"[^>]*\/><w:left [^>]*\/><w:bottom [^>]*\/><w:right [^>]*\/><\/w:pBdr>/,
    );
    expect(framed[1]).not.toContain('pBdr');
  });

  it('writes footnotes as Word footnotes, numbered in the order the body marks them', async () => {
    const note = (text: string) => ({ parts: [], paragraphs: [paragraph([span(text, { size: 10 })])] });
    const first = note('As the law requires.');
    const second = note('Unless agreed otherwise.');
    const { text, body } = await written([
      {
        width: 612,
        height: 792,
        margins,
        items: [
          paragraph([
            span('Fixed'),
            span('1', { size: 7, footnote: first }),
            span(' and paid'),
            span('2', { footnote: second }),
          ]),
        ],
      },
    ]);
    expect(body).toContain(
      'Fixed</w:t></w:r><w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteReference w:id="1"/></w:r>',
    );
    expect(body).toContain('<w:footnoteReference w:id="2"/>');
    const notes = text('word/footnotes.xml');
    expect(notes).toMatch(/<w:footnote w:id="1"><w:p><w:pPr><w:pStyle w:val="FootnoteText"\/>.*?<w:footnoteRef\/>/);
    expect(notes.indexOf('As the law requires.')).toBeLessThan(notes.indexOf('Unless agreed otherwise.'));
    expect(notes).toContain('w:type="separator"');
  });

  it('fails, rather than the thread, when a picture cannot go into the zip', async () => {
    // A folder where the picture file should be: yazl cannot read it.
    const picture = join(folder, 'not-a-file.png');
    await mkdir(picture);
    const page: WordPage = {
      width: 612,
      height: 792,
      margins,
      items: [
        { kind: 'picture', file: picture, format: 'png', width: 10, height: 10, alignment: 'left', spaceBefore: 0 },
      ],
    };
    await expect(writeWordDocument([page], 'Test', join(folder, 'out.docx'))).rejects.toThrow(/not a file/);
  });
});
