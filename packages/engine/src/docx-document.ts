import { readFileSync } from 'node:fs';
import { AlignmentType, Document, ImageRun, type ISectionOptions, PageOrientation, Paragraph, TextRun } from 'docx';
import type { Margins, WordItem, WordParagraph, WordPicture } from './word-layout.js';

/** One PDF page as Word content: its size, its margins and what it holds. */
export interface WordPage {
  width: number;
  height: number;
  margins: Margins;
  items: WordItem[];
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

function textParagraph(item: WordParagraph, pageBreakBefore: boolean): Paragraph {
  return new Paragraph({
    pageBreakBefore,
    alignment: ALIGNMENT[item.alignment],
    bidirectional: item.rightToLeft || undefined,
    indent:
      item.indent > 0 || item.firstLineIndent > 0
        ? { left: twips(item.indent), firstLine: twips(item.firstLineIndent) }
        : undefined,
    spacing: { before: twips(item.spaceBefore), after: 0 },
    children: item.runs.map(
      (run) =>
        new TextRun({
          text: run.text,
          bold: run.bold || undefined,
          italics: run.italic || undefined,
          size: Math.round(run.size * 2), // half-points
          color: run.color === '000000' ? undefined : run.color,
          font: run.font || undefined,
          rightToLeft: run.rightToLeft || undefined,
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

function pageParagraphs(page: WordPage, startsNewPage: boolean): Paragraph[] {
  // An empty page stays a page: a lone empty paragraph carries the break.
  if (page.items.length === 0) return [new Paragraph({ pageBreakBefore: startsNewPage })];
  return page.items.map((item, index) => {
    const pageBreakBefore = startsNewPage && index === 0;
    return item.kind === 'paragraph' ? textParagraph(item, pageBreakBefore) : pictureParagraph(item, pageBreakBefore);
  });
}

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
  let current: { first: WordPage; children: Paragraph[] } | undefined;
  const close = () => {
    if (!current) return;
    const { first, children } = current;
    const landscape = first.width > first.height;
    sections.push({
      properties: {
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
            header: 0,
            footer: 0,
          },
        },
      },
      children,
    });
  };
  for (const page of pages) {
    if (!current || !sameGeometry(current.first, page)) {
      close();
      current = { first: page, children: pageParagraphs(page, false) };
    } else {
      current.children.push(...pageParagraphs(page, true));
    }
  }
  close();
  if (sections.length === 0) sections.push({ children: [new Paragraph({})] });
  return new Document({ title, creator: 'PaperKnife', sections });
}
