import { readFileSync } from 'node:fs';
import {
  AlignmentType,
  Document,
  ExternalHyperlink,
  Footer,
  Header,
  HeadingLevel,
  ImageRun,
  type ISectionOptions,
  LevelFormat,
  PageNumber,
  PageOrientation,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import type { Margins, Span, WordItem, WordParagraph, WordPicture, WordTable } from './word-layout.js';

/** Paragraphs running at the top or the bottom of a page, and how far from the page's edge they start. */
export interface WordRunning {
  paragraphs: WordParagraph[];
  /** Points from the page's top edge (header) or bottom edge (footer). */
  distance: number;
}

/** One PDF page as Word content: its size, its margins and what it holds. */
export interface WordPage {
  width: number;
  height: number;
  margins: Margins;
  items: WordItem[];
  header?: WordRunning;
  footer?: WordRunning;
}

const TWIPS_PER_POINT = 20;
/** docx sizes images in pixels at 96 per inch. */
const PIXELS_PER_POINT = 96 / 72;

const twips = (points: number) => Math.round(points * TWIPS_PER_POINT);

const ALIGNMENT = {
  left: AlignmentType.LEFT,
  center: AlignmentType.CENTER,
  right: AlignmentType.RIGHT,
} as const;

const HEADINGS = { 1: HeadingLevel.HEADING_1, 2: HeadingLevel.HEADING_2, 3: HeadingLevel.HEADING_3 } as const;
const LISTS = {
  bullet: 'pdf-bullets',
  number: 'pdf-numbers',
  lowerLetter: 'pdf-lower-letters',
  upperLetter: 'pdf-upper-letters',
} as const;

function textRun(run: Span, heading: boolean): TextRun {
  const style = {
    bold: run.bold || (heading ? false : undefined),
    italics: run.italic || (heading ? false : undefined),
    size: Math.round(run.size * 2), // half-points
    // Headings say their colour: Word's heading styles have one of their own.
    color: run.color === '000000' && !heading ? undefined : run.color,
    font: run.font || undefined,
    rightToLeft: run.rightToLeft || undefined,
  };
  if (run.pageNumber) return new TextRun({ ...style, children: [PageNumber.CURRENT] });
  return new TextRun({ ...style, text: run.text });
}

function textParagraph(item: WordParagraph, pageBreakBefore: boolean): Paragraph {
  return new Paragraph({
    pageBreakBefore,
    heading: item.heading ? HEADINGS[item.heading] : undefined,
    numbering: item.list
      ? { reference: LISTS[item.list.kind], level: item.list.level, instance: item.list.instance }
      : undefined,
    alignment: ALIGNMENT[item.alignment],
    bidirectional: item.rightToLeft || undefined,
    indent:
      item.indent > 0 || item.firstLineIndent > 0
        ? { left: twips(item.indent), firstLine: twips(item.firstLineIndent) }
        : undefined,
    spacing: { before: twips(item.spaceBefore), after: 0 },
    children: linkedRuns(item),
  });
}

/** The runs of a paragraph, those under one link together in a hyperlink to it. */
function linkedRuns(item: WordParagraph): (TextRun | ExternalHyperlink)[] {
  const children: (TextRun | ExternalHyperlink)[] = [];
  const heading = item.heading !== undefined;
  for (let index = 0; index < item.runs.length;) {
    const link = item.runs[index]!.link;
    if (!link) {
      children.push(textRun(item.runs[index]!, heading));
      index++;
      continue;
    }
    let end = index;
    while (end < item.runs.length && item.runs[end]!.link === link) end++;
    const runs = item.runs.slice(index, end).map((run) => textRun(run, heading));
    children.push(new ExternalHyperlink({ link, children: runs }));
    index = end;
  }
  return children;
}

/** A Word table on the grid of the PDF's table, merged cells spanning their rows and columns. */
function table(item: WordTable): Table {
  return new Table({
    columnWidths: item.columnWidths.map(twips),
    width: { size: twips(item.columnWidths.reduce((sum, width) => sum + width, 0)), type: WidthType.DXA },
    rows: item.rows.map(
      (row) =>
        new TableRow({
          children: row.cells.map(
            (cell) =>
              new TableCell({
                rowSpan: cell.rowSpan > 1 ? cell.rowSpan : undefined,
                columnSpan: cell.columnSpan > 1 ? cell.columnSpan : undefined,
                width: {
                  size: twips(
                    item.columnWidths
                      .slice(cell.column, cell.column + cell.columnSpan)
                      .reduce((sum, width) => sum + width, 0),
                  ),
                  type: WidthType.DXA,
                },
                // A Word cell holds at least one paragraph.
                children:
                  cell.paragraphs.length > 0
                    ? cell.paragraphs.map((paragraph) => textParagraph(paragraph, false))
                    : [new Paragraph({})],
              }),
          ),
        }),
    ),
  });
}

function pictureParagraph(item: WordPicture, pageBreakBefore: boolean): Paragraph {
  return new Paragraph({
    pageBreakBefore,
    alignment: ALIGNMENT[item.alignment],
    spacing: { before: twips(item.spaceBefore), after: 0 },
    children: [
      new ImageRun({
        type: item.format,
        data: readFileSync(item.file),
        transformation: {
          width: Math.max(1, Math.round(item.width * PIXELS_PER_POINT)),
          height: Math.max(1, Math.round(item.height * PIXELS_PER_POINT)),
        },
      }),
    ],
  });
}

function pageParagraphs(page: WordPage, startsNewPage: boolean): (Paragraph | Table)[] {
  // An empty page stays a page, and a page starting with a table gets its break from an empty paragraph.
  const children: (Paragraph | Table)[] =
    page.items.length === 0 || page.items[0]!.kind === 'table'
      ? [new Paragraph({ pageBreakBefore: startsNewPage })]
      : [];
  page.items.forEach((item, index) => {
    const pageBreakBefore = startsNewPage && index === 0;
    if (item.kind === 'paragraph') children.push(textParagraph(item, pageBreakBefore));
    else if (item.kind === 'picture') children.push(pictureParagraph(item, pageBreakBefore));
    else {
      children.push(table(item));
      // Two tables in a row would become one in Word: a paragraph keeps them apart, as it does after a table.
      if (page.items[index + 1]?.kind !== 'paragraph') children.push(new Paragraph({}));
    }
  });
  return children;
}

const running = (content: WordRunning | undefined) =>
  content?.paragraphs.map((paragraph) => textParagraph(paragraph, false)) ?? [];

const sameGeometry = (a: WordPage, b: WordPage) =>
  a.width === b.width &&
  a.height === b.height &&
  a.margins.top === b.margins.top &&
  a.margins.right === b.margins.right &&
  a.margins.bottom === b.margins.bottom &&
  a.margins.left === b.margins.left;

/**
 * A Word document with one section per run of pages that share a size and margins (a section break starts a new
 * page) and a page break before each other page, so the document pages like the PDF.
 */
export function wordDocument(pages: readonly WordPage[], title: string): Document {
  const sections: ISectionOptions[] = [];
  // A section without a header of its own would show the one before it: it gets an empty one.
  const anyHeader = pages.some((page) => page.header);
  const anyFooter = pages.some((page) => page.footer);
  let current: { first: WordPage; pages: WordPage[]; children: (Paragraph | Table)[] } | undefined;
  const close = () => {
    if (!current) return;
    const { first, children } = current;
    const landscape = first.width > first.height;
    // The section's header and footer are those of its first page that has one; a first page without them while
    // later pages have them is Word's "different first page".
    const header = current.pages.find((page) => page.header)?.header;
    const footer = current.pages.find((page) => page.footer)?.footer;
    const titlePage = (header !== undefined && !first.header) || (footer !== undefined && !first.footer);
    sections.push({
      headers: header
        ? {
            default: new Header({ children: running(header) }),
            first: titlePage ? new Header({ children: running(first.header) }) : undefined,
          }
        : anyHeader
          ? { default: new Header({ children: [] }) }
          : undefined,
      footers: footer
        ? {
            default: new Footer({ children: running(footer) }),
            first: titlePage ? new Footer({ children: running(first.footer) }) : undefined,
          }
        : anyFooter
          ? { default: new Footer({ children: [] }) }
          : undefined,
      properties: {
        titlePage: titlePage || undefined,
        page: {
          // docx swaps width and height back for landscape: give them as portrait.
          size: {
            width: twips(Math.min(first.width, first.height)),
            height: twips(Math.max(first.width, first.height)),
            orientation: landscape ? PageOrientation.LANDSCAPE : PageOrientation.PORTRAIT,
          },
          margin: {
            top: twips(first.margins.top),
            right: twips(first.margins.right),
            bottom: twips(first.margins.bottom),
            left: twips(first.margins.left),
            header: twips(header?.distance ?? 0),
            footer: twips(footer?.distance ?? 0),
          },
        },
      },
      children,
    });
  };
  for (const page of pages) {
    if (!current || !sameGeometry(current.first, page)) {
      close();
      current = { first: page, pages: [page], children: pageParagraphs(page, false) };
    } else {
      current.pages.push(page);
      current.children.push(...pageParagraphs(page, true));
    }
  }
  close();
  if (sections.length === 0) sections.push({ children: [new Paragraph({})] });
  const level = (format: (typeof LevelFormat)[keyof typeof LevelFormat], text: (depth: number) => string) =>
    [0, 1, 2].map((depth) => ({
      level: depth,
      format,
      text: text(depth),
      alignment: AlignmentType.LEFT,
      style: { paragraph: { indent: { left: twips(18 * (depth + 1)), hanging: twips(18) } } },
    }));
  return new Document({
    title,
    creator: 'PaperKnife',
    numbering: {
      config: [
        { reference: LISTS.bullet, levels: level(LevelFormat.BULLET, (depth) => ['•', '◦', '▪'][depth]!) },
        { reference: LISTS.number, levels: level(LevelFormat.DECIMAL, (depth) => `%${depth + 1}.`) },
        { reference: LISTS.lowerLetter, levels: level(LevelFormat.LOWER_LETTER, (depth) => `%${depth + 1}.`) },
        { reference: LISTS.upperLetter, levels: level(LevelFormat.UPPER_LETTER, (depth) => `%${depth + 1}.`) },
      ],
    },
    sections,
  });
}
