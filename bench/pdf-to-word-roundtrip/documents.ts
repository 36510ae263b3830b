import {
  AlignmentType,
  BorderStyle,
  ColumnBreak,
  Document,
  FootnoteReferenceRun,
  Footer,
  Header,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  Packer,
  PageNumber,
  SectionType,
  ShadingType,
  Paragraph,
  Table,
  TableBorders,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import sharp from 'sharp';

/**
 * Word documents of the shapes PDF to Word must get back: two columns, a table with merged cells, a running
 * header and footer, headers that alternate between odd and even pages under a first page of its own, a list, a
 * picture, footnotes (one going on over the page), a framed box under a shaded title, a page that is all table under
 * the running header. Each comes with what the round trip should find in it.
 */
export interface RoundTripDocument {
  name: string;
  docx: Buffer;
  /** Tables in the document, as rows x columns of their grid. */
  tables: { rows: number; columns: number }[];
  /** Sentences that start each column, in reading order (for the "columns in order" check). */
  columnStarts: string[];
  images: number;
}

const WORDS = (
  'the quick survey of regional markets shows steady demand for durable goods while services grew faster than ' +
  'expected in most provinces and the outlook for next year depends on prices of energy and on wages that rose ' +
  'modestly across all sectors of the economy during the second half of the year'
).split(' ');

/** Deterministic prose: `count` words starting at `seed`, capitalised, ending with a full stop. */
function prose(seed: number, count: number): string {
  const words = Array.from({ length: count }, (_, index) => WORDS[(seed * 7 + index) % WORDS.length]!);
  const text = words.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

async function chartPng(): Promise<Buffer> {
  const width = 240;
  const height = 120;
  const pixels = Buffer.alloc(width * height * 3, 255);
  for (let x = 0; x < width; x++) {
    const bar = Math.floor(x / 40);
    const top = height - 20 - bar * 15;
    for (let y = top; y < height; y++) pixels.set([30 + bar * 30, 90, 200 - bar * 25], (y * width + x) * 3);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

const body = (text: string) => new Paragraph({ children: [new TextRun(text)], spacing: { after: 120 } });

export async function roundTripDocuments(): Promise<RoundTripDocument[]> {
  const header = {
    default: new Header({ children: [new Paragraph({ children: [new TextRun('Regional Economic Review')] })] }),
  };
  const footer = {
    default: new Footer({
      children: [
        new Paragraph({
          alignment: AlignmentType.CENTER,
          children: [new TextRun({ children: ['Page ', PageNumber.CURRENT] })],
        }),
      ],
    }),
  };
  const numbering = {
    config: [
      {
        reference: 'bullets',
        levels: [{ level: 0, format: LevelFormat.BULLET, text: '•', alignment: AlignmentType.LEFT }],
      },
      {
        reference: 'numbers',
        levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.LEFT }],
      },
    ],
  };

  // Two columns under a full-width title, long enough to fill both columns of the first page and more.
  const columnParagraphs = Array.from({ length: 12 }, (_, index) => body(prose(index + 1, 60)));
  const twoColumns = new Document({
    numbering,
    sections: [
      {
        properties: {},
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun('Markets in Two Columns')] }),
          body(prose(0, 40)),
        ],
      },
      {
        properties: { column: { count: 2, space: 708 }, type: SectionType.CONTINUOUS },
        children: columnParagraphs,
      },
    ],
  });

  // Three columns under a full-width title, the first ended early by a column break (a newsletter's or a
  // register's page).
  const threeColumnTexts = Array.from({ length: 14 }, (_, index) => prose(index + 80, 45));
  const threeColumns = new Document({
    sections: [
      {
        properties: {},
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun('Notices in Three Columns')] }),
          body(prose(79, 30)),
        ],
      },
      {
        properties: { column: { count: 3, space: 360 }, type: SectionType.CONTINUOUS },
        children: threeColumnTexts.map((text, index) =>
          index === 2
            ? new Paragraph({ spacing: { after: 120 }, children: [new TextRun(text), new ColumnBreak()] })
            : body(text),
        ),
      },
    ],
  });

  const cell = (text: string, options: { columnSpan?: number; rowSpan?: number } = {}) =>
    new TableCell({ children: [new Paragraph(text)], ...options });
  const tableDocument = new Document({
    numbering,
    sections: [
      {
        headers: header,
        footers: footer,
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun('Results by Region')] }),
          body(prose(3, 50)),
          new Table({
            width: { size: 100, type: WidthType.PERCENTAGE },
            rows: [
              new TableRow({ children: [cell('Region'), cell('Sales', { columnSpan: 2 }), cell('Note')] }),
              new TableRow({ children: [cell('North', { rowSpan: 2 }), cell('2023'), cell('410'), cell('steady')] }),
              new TableRow({ children: [cell('2024'), cell('455'), cell('growing')] }),
              new TableRow({ children: [cell('South'), cell('2024'), cell('390'), cell('flat')] }),
            ],
          }),
          body(prose(5, 50)),
          new Paragraph({ text: prose(6, 8), numbering: { reference: 'bullets', level: 0 } }),
          new Paragraph({ text: prose(7, 9), numbering: { reference: 'bullets', level: 0 } }),
          new Paragraph({ text: prose(8, 7), numbering: { reference: 'numbers', level: 0 } }),
          new Paragraph({ text: prose(9, 8), numbering: { reference: 'numbers', level: 0 } }),
          new Paragraph({
            children: [
              new ImageRun({ type: 'png', data: await chartPng(), transformation: { width: 240, height: 120 } }),
            ],
          }),
          body(prose(10, 50)),
          ...Array.from({ length: 8 }, (_, index) => body(prose(11 + index, 70))),
        ],
      },
    ],
  });

  // Headers that alternate between odd and even pages, with the page number in the footer on the outer side, and a
  // first page with its own header and no footer (a book's or a report's usual pages).
  const pageFooter = (alignment: (typeof AlignmentType)[keyof typeof AlignmentType]) =>
    new Footer({
      children: [new Paragraph({ alignment, children: [new TextRun({ children: ['Page ', PageNumber.CURRENT] })] })],
    });
  const runningText = (text: string, alignment: (typeof AlignmentType)[keyof typeof AlignmentType]) =>
    new Header({ children: [new Paragraph({ alignment, children: [new TextRun(text)] })] });
  const oddEven = new Document({
    evenAndOddHeaderAndFooters: true,
    sections: [
      {
        properties: { titlePage: true },
        headers: {
          first: runningText('Annual Report of the Regional Council', AlignmentType.LEFT),
          default: runningText('Markets and Prices', AlignmentType.RIGHT),
          even: runningText('Regional Economic Review', AlignmentType.LEFT),
        },
        footers: {
          first: new Footer({ children: [new Paragraph('')] }),
          default: pageFooter(AlignmentType.RIGHT),
          even: pageFooter(AlignmentType.LEFT),
        },
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun('Markets and Prices')] }),
          ...Array.from({ length: 60 }, (_, index) => body(prose(index + 20, 75))),
        ],
      },
    ],
  });

  // Footnotes marked in the text, the longest going on at the foot of the next page; a box of instructions framed
  // by rules under a shaded title bar (a form's frame, no drawing); then a page holding only a table, under the
  // header every page has.
  const frame = { style: BorderStyle.SINGLE, size: 6, color: '000000', space: 4 };
  const framed = (text: string, title = false) =>
    new Paragraph({
      border: { top: frame, bottom: frame, left: frame, right: frame },
      alignment: title ? AlignmentType.CENTER : AlignmentType.LEFT,
      ...(title && { shading: { type: ShadingType.CLEAR, fill: '1F3864', color: 'auto' } }),
      children: [new TextRun({ text, bold: title, color: title ? 'FFFFFF' : '000000' })],
    });
  const longNote = Array.from({ length: 14 }, (_, index) => prose(index + 40, 30)).join(' ');
  const noted = (seed: number, count: number, note: number) =>
    new Paragraph({
      spacing: { after: 120 },
      children: [new TextRun(prose(seed, count).slice(0, -1)), new FootnoteReferenceRun(note), new TextRun('.')],
    });
  const protocolRows = Array.from(
    { length: 18 },
    (_, index) =>
      new TableRow({
        children: [cell(`Objective ${index + 1}`), new TableCell({ children: [new Paragraph(prose(index + 60, 24))] })],
      }),
  );
  const footnotes = new Document({
    footnotes: {
      1: { children: [new Paragraph(prose(30, 18))] },
      2: { children: [new Paragraph(prose(31, 12))] },
      3: { children: [new Paragraph(longNote)] },
      4: { children: [new Paragraph(prose(33, 14))] },
    },
    sections: [
      {
        headers: {
          default: new Header({ children: [new Paragraph({ children: [new TextRun('Study Protocol Summary')] })] }),
        },
        footers: footer,
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun('Design of the Study')] }),
          noted(1, 60, 1),
          body(prose(2, 70)),
          noted(3, 55, 2),
          framed('INSTRUCTIONS', true),
          ...[4, 5, 6, 7].map((seed) => framed(prose(seed, 16))),
          body(prose(8, 60)),
          noted(9, 40, 3),
          ...Array.from({ length: 6 }, (_, index) => body(prose(index + 10, 60))),
          noted(16, 50, 4),
          new Paragraph({ pageBreakBefore: true, children: [new TextRun('Objectives and endpoints')] }),
          new Table({ width: { size: 100, type: WidthType.PERCENTAGE }, rows: protocolRows }),
        ],
      },
    ],
  });

  // A job announcement: label and value pairs in two-column tables without borders (values that wrap), a table of
  // grades with its header, between headings, paragraphs and a bulleted list with a hanging indent.
  const plain = (text: string) => new TableCell({ children: [new Paragraph(text)] });
  const borderless = (rows: string[][], widths: number[]) =>
    new Table({
      borders: TableBorders.NONE,
      columnWidths: widths,
      rows: rows.map((cells) => new TableRow({ children: cells.map(plain) })),
    });
  const labelled = (seed: number): string[][] => [
    ['Position', `Regional ${WORDS[seed % WORDS.length]} officer`],
    ['Closing date', `${(seed % 27) + 1} March 2025`],
    ['Duties', prose(seed, 28 + (seed % 3) * 6)],
    ['Location', 'Northern province, field office'],
  ];
  const grades = [
    ['Grade', 'Salary', 'Openings'],
    ['GS-07', '$51,332', '3'],
    ['GS-09', '$62,788', '2'],
    ['GS-11', '$75,969', '1'],
  ];
  const announcementParts = Array.from({ length: 4 }, (_, index) => [
    new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(`Vacancy ${index + 1}`)] }),
    body(prose(index + 30, 45)),
    borderless(labelled(index + 3), [2200, 6800]),
    body(prose(index + 40, 30)),
    new Paragraph({ text: prose(index + 50, 14), numbering: { reference: 'bullets', level: 0 } }),
    new Paragraph({ text: prose(index + 51, 16), numbering: { reference: 'bullets', level: 0 } }),
    borderless(grades, [3000, 3000, 3000]),
  ]);
  const announcement = new Document({
    numbering,
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun('Job Announcement')] }),
          ...announcementParts.flat(),
        ],
      },
    ],
  });

  return [
    {
      name: 'generated-footnotes-frames',
      docx: await Packer.toBuffer(footnotes),
      tables: [{ rows: 18, columns: 2 }],
      columnStarts: [],
      images: 0,
    },
    {
      name: 'generated-borderless-tables',
      docx: await Packer.toBuffer(announcement),
      tables: Array.from({ length: 4 }, () => [
        { rows: 4, columns: 2 },
        { rows: 4, columns: 3 },
      ]).flat(),
      columnStarts: [],
      images: 0,
    },
    {
      name: 'generated-odd-even-headers',
      docx: await Packer.toBuffer(oddEven),
      tables: [],
      columnStarts: [],
      images: 0,
    },
    {
      name: 'generated-two-columns',
      docx: await Packer.toBuffer(twoColumns),
      tables: [],
      columnStarts: Array.from({ length: 12 }, (_, index) => prose(index + 1, 60).slice(0, 50)),
      images: 0,
    },
    {
      name: 'generated-three-columns',
      docx: await Packer.toBuffer(threeColumns),
      tables: [],
      columnStarts: threeColumnTexts.map((text) => text.slice(0, 50)),
      images: 0,
    },
    {
      name: 'generated-table-header-list-image',
      docx: await Packer.toBuffer(tableDocument),
      tables: [{ rows: 4, columns: 4 }],
      columnStarts: [],
      images: 1,
    },
  ];
}
