import { createHash } from 'node:crypto';
import { createWriteStream, readFileSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AlignmentType,
  Document,
  Footer,
  Header,
  type ISectionOptions,
  LevelFormat,
  Packer,
  PageOrientation,
  Paragraph,
  TextRun,
} from 'docx';
import yazl from 'yazl';
import type {
  Footnote,
  OpenEdges,
  Span,
  WordItem,
  WordPage,
  WordParagraph,
  WordPicture,
  WordRunning,
  WordTable,
} from './layout-model.js';
import { type RunningVariants, wordSections } from './word-sections.js';

/*
 * The .docx of a converted PDF is made in two parts (docs/decisions/157). docx's object model writes the package
 * around the body: styles, numbering, settings, each section's properties with its header and footer. The body,
 * nearly all of a long document, is written here as XML, page by page, into the zip stream: docx's objects and its
 * compiler took a second and 65 MB of heap on a 352-page book. The XML is the one docx wrote for the same content.
 */

const TWIPS_PER_POINT = 20;
/** Pictures are sized in EMUs: 914400 an inch, as docx gets them from pixels at 96 per inch. */
const EMUS_PER_PIXEL = 9525;
const PIXELS_PER_POINT = 96 / 72;

const twips = (points: number) => Math.round(points * TWIPS_PER_POINT);

/** The style ids Word's heading styles have in docx's styles.xml. */
const HEADING_STYLES = { 1: 'Heading1', 2: 'Heading2', 3: 'Heading3' } as const;
const LISTS = {
  bullet: 'pdf-bullets',
  number: 'pdf-numbers',
  lowerLetter: 'pdf-lower-letters',
  upperLetter: 'pdf-upper-letters',
} as const;
/**
 * A paragraph's `w:jc`. In a right-to-left paragraph Word reads left and right from the paragraph's start, so they
 * are swapped there (as docx writes them) for the paragraph to sit where the PDF has it.
 */
const justification = (alignment: WordParagraph['alignment'], rightToLeft = false) =>
  `<w:jc w:val="${rightToLeft && alignment !== 'center' ? (alignment === 'left' ? 'right' : 'left') : alignment}"/>`;

const ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', "'": '&apos;', '<': '&lt;', '>': '&gt;' };
/** Text and attribute values as docx escapes them; control characters XML does not allow are dropped. */
// eslint-disable-next-line no-control-regex -- the control characters XML 1.0 forbids are what this removes
const escapeXml = (text: string) => text.replace(/[&"'<>\x00-\x08\x0B\x0C\x0E-\x1F]/g, (char) => ESCAPES[char] ?? '');

const RELATIONSHIP_TYPES = {
  image: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image',
  hyperlink: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink',
};

/**
 * A link's address for its relationship, and its fragment for `w:anchor` when that fits Word's 255 characters, as
 * docx splits them.
 */
function linkTarget(link: string): { target: string; anchor?: string } {
  const hash = link.indexOf('#');
  const length = link.length - hash - 1;
  return hash > 0 && length > 0 && length <= 255
    ? { target: link.slice(0, hash), anchor: link.slice(hash + 1) }
    : { target: link };
}

/** A run's properties; a heading's runs say bold, italic and colour even where they are off or black. */
function runProperties(run: Span, heading: boolean): string {
  let xml = '<w:rPr>';
  if (run.font) {
    const font = escapeXml(run.font);
    xml += `<w:rFonts w:ascii="${font}" w:cs="${font}" w:eastAsia="${font}" w:hAnsi="${font}"/>`;
  }
  if (run.bold) xml += '<w:b/><w:bCs/>';
  else if (heading) xml += '<w:b w:val="false"/><w:bCs w:val="false"/>';
  if (run.italic) xml += '<w:i/><w:iCs/>';
  else if (heading) xml += '<w:i w:val="false"/><w:iCs w:val="false"/>';
  // Headings say their colour: Word's heading styles have one of their own.
  if (run.color !== '000000' || heading) xml += `<w:color w:val="${escapeXml(run.color)}"/>`;
  const size = Math.round(run.size * 2); // half-points
  // docx leaves out the complex-script size when it is 0 (a size-0 run, as text hidden in a PDF is drawn).
  xml += size ? `<w:sz w:val="${size}"/><w:szCs w:val="${size}"/>` : '<w:sz w:val="0"/>';
  if (run.rightToLeft) xml += '<w:rtl/>';
  return `${xml}</w:rPr>`;
}

/** A run of text, or Word's PAGE field for a running header's page number. */
function textRun(run: Span, heading: boolean): string {
  const properties = runProperties(run, heading);
  if (run.pageNumber) {
    return (
      `<w:r>${properties}<w:fldChar w:fldCharType="begin"/></w:r>` +
      `<w:r>${properties}<w:instrText xml:space="preserve">PAGE</w:instrText></w:r>` +
      `<w:r>${properties}<w:fldChar w:fldCharType="separate"/></w:r>` +
      `<w:r>${properties}<w:fldChar w:fldCharType="end"/></w:r>`
    );
  }
  return `<w:r>${properties}<w:t xml:space="preserve">${escapeXml(run.text)}</w:t></w:r>`;
}

/**
 * Writes the body of the document: paragraphs, tables and pictures as WordprocessingML. The lists, links and pictures
 * it refers to are gathered first, in the order the body meets them (list numbers, relationships and media files are
 * numbered in that order, and the package's other parts are known before the body is streamed).
 */
class BodyWriter {
  /** Relationships of document.xml for pictures and links, as XML. */
  private readonly relationships: string[] = [];
  /** Picture files by their name in word/media/. */
  readonly media = new Map<string, string>();
  /** Relationship ids of link addresses (one for each address). */
  private readonly links = new Map<string, string>();
  /** Relationship ids of picture files; a picture with the bytes of one before shares its file. */
  private readonly pictureIds = new Map<string, string>();
  private readonly numIds = new Map<string, number>();
  /** Footnotes by their id in footnotes.xml, numbered from 1 in the order the body marks them. */
  private readonly footnotes = new Map<Footnote, number>();
  private pictures = 0;

  /** For the items of one part (the body, a header or a footer), in their order. */
  constructor(items: Iterable<WordItem>, numbering: Document['Numbering']) {
    const paragraphs: WordParagraph[] = [];
    const pictures: WordPicture[] = [];
    for (const item of items) {
      if (item.kind === 'paragraph') paragraphs.push(item);
      else if (item.kind === 'picture') pictures.push(item);
      else for (const row of item.rows) for (const cell of row.cells) paragraphs.push(...cell.paragraphs);
    }
    for (const paragraph of paragraphs) {
      if (paragraph.list)
        numbering.createConcreteNumberingInstance(LISTS[paragraph.list.kind], paragraph.list.instance);
      for (const run of paragraph.runs) {
        if (run.footnote && !this.footnotes.has(run.footnote))
          this.footnotes.set(run.footnote, this.footnotes.size + 1);
        if (run.link && !this.links.has(linkTarget(run.link).target)) {
          const id = `rIdLink${this.links.size + 1}`;
          const { target } = linkTarget(run.link);
          this.links.set(target, id);
          this.relationships.push(
            `<Relationship Id="${id}" Type="${RELATIONSHIP_TYPES.hyperlink}" Target="${escapeXml(target)}" TargetMode="External"/>`,
          );
        }
      }
    }
    for (const list of numbering.ConcreteNumbering) this.numIds.set(`${list.reference}-${list.instance}`, list.numId);
    const contents = new PictureContents(pictures.map((picture) => picture.file));
    for (const picture of pictures) {
      const same = contents.firstWithSameBytes(picture.file);
      if (!this.pictureIds.has(same)) {
        const id = `rIdPicture${this.pictureIds.size + 1}`;
        const name = `image${this.pictureIds.size + 1}.${picture.format}`;
        this.pictureIds.set(same, id);
        this.media.set(name, same);
        this.relationships.push(`<Relationship Id="${id}" Type="${RELATIONSHIP_TYPES.image}" Target="media/${name}"/>`);
      }
      if (same !== picture.file) this.pictureIds.set(picture.file, this.pictureIds.get(same)!);
    }
  }

  /** The part's relationships as docx wrote them, with those of its pictures and links. */
  withRelationships(xml: string): string {
    return xml.replace('</Relationships>', `${this.relationships.join('')}</Relationships>`);
  }

  /** A page's content; `sectionEnd` (a section's properties) goes into its last paragraph. */
  page(page: WordPage, startsNewPage: boolean, sectionEnd: string): string {
    // An empty page stays a page, and a page starting with a table gets its break from an empty paragraph.
    const parts: string[] = [];
    const items = page.items;
    const last = items.length - 1;
    if (items.length === 0 || items[0]!.kind === 'table') {
      parts.push(this.emptyParagraph(startsNewPage, items.length === 0 ? sectionEnd : ''));
    }
    items.forEach((item, index) => {
      const pageBreakBefore = startsNewPage && index === 0;
      const end = index === last ? sectionEnd : '';
      if (item.kind === 'paragraph') parts.push(this.paragraph(item, pageBreakBefore, end));
      else if (item.kind === 'picture') parts.push(this.picture(item, pageBreakBefore, end));
      else {
        parts.push(this.table(item));
        // Two tables in a row would become one in Word: a paragraph keeps them apart, as it does after a table.
        if (items[index + 1]?.kind !== 'paragraph') parts.push(this.emptyParagraph(false, end));
      }
    });
    return parts.join('');
  }

  /**
   * The footnotes the body marks, as footnotes.xml's `w:footnote` elements: each note's first paragraph starts with
   * Word's number for it.
   */
  footnotesXml(): string {
    let xml = '';
    for (const [note, id] of this.footnotes) {
      const paragraphs = note.paragraphs.map((paragraph, index) =>
        this.paragraph(paragraph, false, '')
          .replace('<w:pPr>', '<w:pPr><w:pStyle w:val="FootnoteText"/>')
          .replace(
            '</w:pPr>',
            index === 0
              ? '</w:pPr><w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteRef/></w:r>' +
                  '<w:r><w:t xml:space="preserve"> </w:t></w:r>'
              : '</w:pPr>',
          ),
      );
      xml += `<w:footnote w:id="${id}">${paragraphs.join('') || '<w:p/>'}</w:footnote>`;
    }
    return xml;
  }

  /** Paragraphs of a running header or footer. */
  paragraphs(paragraphs: readonly WordParagraph[]): string {
    return paragraphs.map((paragraph) => this.paragraph(paragraph, false, '')).join('');
  }

  private emptyParagraph(pageBreakBefore: boolean, sectionEnd: string): string {
    const properties = (pageBreakBefore ? '<w:pageBreakBefore/>' : '') + sectionEnd;
    return properties ? `<w:p><w:pPr>${properties}</w:pPr></w:p>` : '<w:p/>';
  }

  private paragraph(item: WordParagraph, pageBreakBefore: boolean, sectionEnd: string): string {
    let xml = '<w:p><w:pPr>';
    if (item.heading) xml += `<w:pStyle w:val="${HEADING_STYLES[item.heading]}"/>`;
    else if (item.list) xml += '<w:pStyle w:val="ListParagraph"/>';
    if (pageBreakBefore) xml += '<w:pageBreakBefore/>';
    if (item.list) {
      const numId = this.numIds.get(`${LISTS[item.list.kind]}-${item.list.instance}`);
      xml += `<w:numPr><w:ilvl w:val="${item.list.level}"/><w:numId w:val="${numId}"/></w:numPr>`;
    }
    if (item.framed) xml += FRAME_BORDERS;
    if (item.rightToLeft) xml += '<w:bidi/>';
    xml += `<w:spacing w:after="0" w:before="${twips(item.spaceBefore)}"/>`;
    if (item.indent > 0 || item.firstLineIndent > 0) {
      xml += `<w:ind w:left="${twips(item.indent)}" w:firstLine="${twips(item.firstLineIndent)}"/>`;
    }
    xml += `${justification(item.alignment, item.rightToLeft)}${sectionEnd}</w:pPr>`;
    return `${xml}${this.linkedRuns(item)}</w:p>`;
  }

  /** The runs of a paragraph, those under one link together in a hyperlink to it. */
  private linkedRuns(item: WordParagraph): string {
    const heading = item.heading !== undefined;
    let xml = '';
    for (let index = 0; index < item.runs.length;) {
      const link = item.runs[index]!.link;
      const note = item.runs[index]!.footnote;
      if (note) {
        xml +=
          '<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr>' +
          `<w:footnoteReference w:id="${this.footnotes.get(note)}"/></w:r>`;
        index++;
        continue;
      }
      if (!link) {
        xml += textRun(item.runs[index]!, heading);
        index++;
        continue;
      }
      let runs = '';
      for (; index < item.runs.length && item.runs[index]!.link === link; index++) {
        runs += textRun(item.runs[index]!, heading);
      }
      xml += `${this.hyperlinkStart(link)}${runs}</w:hyperlink>`;
    }
    return xml;
  }

  /** A hyperlink's start tag; a fragment goes in `w:anchor` (linkTarget). */
  private hyperlinkStart(link: string): string {
    const { target, anchor } = linkTarget(link);
    const fragment = anchor === undefined ? '' : ` w:anchor="${escapeXml(anchor)}"`;
    return `<w:hyperlink w:history="1"${fragment} r:id="${this.links.get(target)}">`;
  }

  /** A Word table on the grid of the PDF's table, merged cells spanning their rows and columns. */
  private table(item: WordTable): string {
    const widths = item.columnWidths.map(twips);
    const total = twips(item.columnWidths.reduce((sum, width) => sum + width, 0));
    const border = 'w:val="single" w:color="auto" w:sz="4"';
    // A table the page draws without rules has none in Word either (Word's plain table has no borders).
    const borders = item.unruled
      ? ''
      : `<w:tblBorders><w:top ${border}/><w:left ${border}/><w:bottom ${border}/><w:right ${border}/>` +
        `<w:insideH ${border}/><w:insideV ${border}/></w:tblBorders>`;
    let xml =
      `<w:tbl><w:tblPr><w:tblW w:type="dxa" w:w="${total}"/>${borders}</w:tblPr>` +
      `<w:tblGrid>${widths.map((width) => `<w:gridCol w:w="${width}"/>`).join('')}</w:tblGrid>`;
    const cellWidth = (column: number, span: number) =>
      twips(item.columnWidths.slice(column, column + span).reduce((sum, width) => sum + width, 0));
    interface Cell {
      rowSpan: number;
      columnSpan: number;
      width: number;
      /** Its paragraphs; none in a cell going on from a merged cell above. */
      paragraphs: string;
      /** How its last paragraph is aligned, for the empty one of the cell going on below it. */
      alignment: string;
      /** False for a cell going on from a merged cell above. */
      restart: boolean;
      open?: OpenEdges;
    }
    const rows: Cell[][] = item.rows.map((row) =>
      row.cells.map((cell) => {
        const last = cell.paragraphs.at(-1);
        return {
          rowSpan: cell.rowSpan,
          columnSpan: cell.columnSpan,
          width: cellWidth(cell.column, cell.columnSpan),
          // A Word cell holds at least one paragraph.
          paragraphs:
            cell.paragraphs.length > 0
              ? cell.paragraphs.map((paragraph) => this.paragraph(paragraph, false, '')).join('')
              : '<w:p/>',
          alignment: last
            ? `${last.rightToLeft ? '<w:bidi/>' : ''}${justification(last.alignment, last.rightToLeft)}`
            : '',
          restart: true,
          ...(cell.open ? { open: cell.open } : {}),
        };
      }),
    );
    // The rows a merged cell covers below its first each get a cell going on from it, holding an empty paragraph
    // aligned as the cell's last. Placed as docx placed them: by the columns the cells before it in the row span.
    rows.forEach((row, rowIndex) => {
      const next = rows[rowIndex + 1];
      if (!next) return;
      let column = 0;
      for (const cell of row) {
        if (cell.rowSpan > 1) {
          // Before the last cell starting at or left of `column`, counting spans from the row's start; at the end
          // when there is none.
          let stepped = 0;
          for (let start = 0; start <= column && stepped <= next.length; stepped++) {
            start += next[stepped]?.columnSpan ?? 0;
          }
          const at = stepped > next.length ? next.length : stepped - 1;
          const paragraph = cell.alignment ? `<w:p><w:pPr>${cell.alignment}</w:pPr></w:p>` : '<w:p/>';
          next.splice(at, 0, {
            ...cell,
            rowSpan: cell.rowSpan - 1,
            paragraphs: paragraph,
            restart: false,
          });
        }
        column += cell.columnSpan;
      }
    });
    for (const row of rows) {
      // A row whose every cell is covered by cells above is left out, as docx does.
      if (row.length === 0) continue;
      xml += '<w:tr>';
      for (const cell of row) {
        const merge = !cell.restart
          ? '<w:vMerge w:val="continue"/>'
          : cell.rowSpan > 1
            ? '<w:vMerge w:val="restart"/>'
            : '';
        xml +=
          `<w:tc><w:tcPr><w:tcW w:type="dxa" w:w="${cell.width}"/>` +
          (cell.columnSpan > 1 ? `<w:gridSpan w:val="${cell.columnSpan}"/>` : '') +
          merge +
          openBorders(cell.open, cell.restart) +
          `</w:tcPr>${cell.paragraphs}</w:tc>`;
      }
      xml += '</w:tr>';
    }
    return `${xml}</w:tbl>`;
  }

  private picture(item: WordPicture, pageBreakBefore: boolean, sectionEnd: string): string {
    const id = this.pictureIds.get(item.file);
    const docPr = ++this.pictures;
    const cx = Math.max(1, Math.round(item.width * PIXELS_PER_POINT)) * EMUS_PER_PIXEL;
    const cy = Math.max(1, Math.round(item.height * PIXELS_PER_POINT)) * EMUS_PER_PIXEL;
    const a = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"';
    return (
      `<w:p><w:pPr>${pageBreakBefore ? '<w:pageBreakBefore/>' : ''}` +
      `<w:spacing w:after="0" w:before="${twips(item.spaceBefore)}"/>${justification(item.alignment)}` +
      `${sectionEnd}</w:pPr><w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0">` +
      `<wp:extent cx="${cx}" cy="${cy}"/><wp:effectExtent t="0" r="0" b="0" l="0"/>` +
      `<wp:docPr id="${docPr}" name=""/><wp:cNvGraphicFramePr><a:graphicFrameLocks ${a} noChangeAspect="1"/>` +
      `</wp:cNvGraphicFramePr><a:graphic ${a}><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">` +
      '<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr>' +
      '<pic:cNvPr id="0" name="" descr=""/><pic:cNvPicPr><a:picLocks noChangeAspect="1" noChangeArrowheads="1"/>' +
      `</pic:cNvPicPr></pic:nvPicPr><pic:blipFill><a:blip r:embed="${id}" cstate="none"/><a:srcRect/><a:stretch>` +
      '<a:fillRect/></a:stretch></pic:blipFill><pic:spPr bwMode="auto"><a:xfrm><a:off x="0" y="0"/>' +
      `<a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic>` +
      '</a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>'
    );
  }
}

/**
 * Which picture files hold the same bytes (a logo on every page is one file in the package, as docx stored it).
 * Only files of one size are read and hashed: most pictures differ in size already.
 */
class PictureContents {
  private readonly sizes = new Map<string, number>();
  private readonly sharedSizes = new Set<number>();
  private readonly byHash = new Map<string, string>();

  constructor(files: readonly string[]) {
    const seen = new Set<number>();
    for (const file of new Set(files)) {
      const size = statSync(file).size;
      this.sizes.set(file, size);
      if (seen.has(size)) this.sharedSizes.add(size);
      seen.add(size);
    }
  }

  /** The first file (in the order asked) with the bytes of `file`. */
  firstWithSameBytes(file: string): string {
    if (!this.sharedSizes.has(this.sizes.get(file)!)) return file;
    const hash = createHash('sha1').update(readFileSync(file)).digest('hex');
    const first = this.byHash.get(hash);
    if (first) return first;
    this.byHash.set(hash, file);
    return file;
  }
}

const sameGeometry = (a: WordPage, b: WordPage) =>
  a.width === b.width &&
  a.height === b.height &&
  a.margins.top === b.margins.top &&
  a.margins.right === b.margins.right &&
  a.margins.bottom === b.margins.bottom &&
  a.margins.left === b.margins.left;

/** What docx's compiler gives: the package's parts by their paths (not in docx's types). */
type DocxCompiler = { compile(document: Document): Map<string, string | Uint8Array> };

/** A paragraph docx writes where the content written here goes; `<w:p>...mark...</w:p>` is replaced. */
const MARK = 'PAPERKNIFE-CONTENT-';
const markParagraph = (index: number) => new Paragraph({ children: [new TextRun(`${MARK}${index}`)] });

/** Where mark `index` is in `xml`: its paragraph's start and end, and the section properties docx put in it. */
function findMark(xml: string, index: number, from = 0): { start: number; end: number; sectionEnd: string } {
  const mark = xml.indexOf(`${MARK}${index}<`, from);
  if (mark < 0) throw new Error(`docx left out the content mark ${index}`);
  const start = xml.lastIndexOf('<w:p>', mark);
  const end = xml.indexOf('</w:p>', mark) + '</w:p>'.length;
  const sectionEnd = /<w:sectPr>[\s\S]*<\/w:sectPr>/.exec(xml.slice(start, mark))?.[0] ?? '';
  return { start, end, sectionEnd };
}

const utf8 = (data: string | Uint8Array) =>
  typeof data === 'string' ? Buffer.from(data) : Buffer.from(data.buffer, data.byteOffset, data.length);

/**
 * A Word document with one section per run of pages that share a size, margins and running headers and footers (a
 * section break starts a new page) and a page break before each other page, so the document pages like the PDF.
 * Written to `output` as a .docx, zipped with Node's zlib (yazl) as it is written, pictures stored as they are (JPEG
 * and PNG do not deflate).
 */
export async function writeWordDocument(pages: readonly WordPage[], title: string, output: string): Promise<void> {
  const sections: ISectionOptions[] = [];
  const sectionPages: WordPage[][] = [];
  // Marks 0 to sections - 1 stand for the sections' bodies; the running headers' and footers' marks follow.
  const runningContents: WordRunning[] = [];
  const running = (content: WordRunning | undefined) => {
    if (!content || content.paragraphs.length === 0) return [];
    runningContents.push(content);
    return [markParagraph(-runningContents.length)];
  };
  // A section without a header of its own would show the one before it: it gets an empty one.
  const anyHeader = pages.some((page) => page.header);
  const anyFooter = pages.some((page) => page.footer);
  // Sections by page size and margins, and by the headers and footers Word can show on a section's first, odd and
  // even pages (word-sections.ts).
  const { sections: planned, evenAndOdd } = wordSections(pages, sameGeometry);
  const runningParts = <T>(
    variants: RunningVariants,
    any: boolean,
    titlePage: boolean,
    make: (children: Paragraph[]) => T,
  ) =>
    any
      ? {
          default: make(running(variants.default)),
          first: titlePage ? make(running(variants.first)) : undefined,
          even: evenAndOdd ? make(running(variants.even)) : undefined,
        }
      : undefined;
  // One distance from the edge for a section's headers (footers): the one nearest the edge, so that the tallest (an
  // even page's footer of two rows under an odd page's of one) still leaves the body its room.
  const distance = ({ default: odd, even, first }: RunningVariants) => {
    const distances = [odd, even, first].flatMap((content) => (content ? [content.distance] : []));
    return distances.length > 0 ? Math.min(...distances) : 0;
  };
  for (const { pages: section, titlePage, header, footer, firstNumber } of planned) {
    const first = section[0]!;
    const landscape = first.width > first.height;
    sections.push({
      headers: runningParts(header, anyHeader, titlePage, (children) => new Header({ children })),
      footers: runningParts(footer, anyFooter, titlePage, (children) => new Footer({ children })),
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
            header: twips(distance(header)),
            footer: twips(distance(footer)),
          },
          pageNumbers: firstNumber === undefined ? undefined : { start: firstNumber },
        },
      },
      children: [markParagraph(sections.length)],
    });
    sectionPages.push(section);
  }
  if (sections.length === 0) sections.push({ children: [new Paragraph({})] });
  const level = (format: (typeof LevelFormat)[keyof typeof LevelFormat], text: (depth: number) => string) =>
    [0, 1, 2].map((depth) => ({
      level: depth,
      format,
      text: text(depth),
      alignment: AlignmentType.LEFT,
      style: { paragraph: { indent: { left: twips(18 * (depth + 1)), hanging: twips(18) } } },
    }));
  const document = new Document({
    title,
    creator: 'PaperKnife',
    evenAndOddHeaderAndFooters: evenAndOdd || undefined,
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

  // Before docx compiles numbering.xml: the body's lists are made there, in the order the body has them.
  const body = new BodyWriter(
    (function* () {
      for (const page of pages) yield* page.items;
    })(),
    document.Numbering,
  );
  const compiler = (Packer as unknown as { compiler?: DocxCompiler }).compiler;
  if (typeof compiler?.compile !== 'function') throw new Error('This docx version has no compiler to write with');
  const parts = compiler.compile(document);

  // Headers and footers: each part's mark replaced by its paragraphs, its relationships given its links.
  for (const [path, data] of parts) {
    const mark = /^word\/((?:header|footer)\d+\.xml)$/.exec(path) && new RegExp(`${MARK}(-\\d+)<`).exec(String(data));
    if (!mark) continue;
    const xml = String(data);
    const index = Number(mark[1]);
    const content = runningContents[-index - 1]!;
    const writer = new BodyWriter(content.paragraphs, document.Numbering);
    const { start, end } = findMark(xml, index);
    parts.set(path, xml.slice(0, start) + writer.paragraphs(content.paragraphs) + xml.slice(end));
    const relationshipsPath = path.replace(/^word\/(.*)$/, 'word/_rels/$1.rels');
    const relationships = parts.get(relationshipsPath);
    if (relationships === undefined) throw new Error(`docx wrote no ${relationshipsPath}`);
    parts.set(relationshipsPath, writer.withRelationships(String(relationships)));
  }

  // The body's footnotes after docx's separators.
  const footnotes = parts.get('word/footnotes.xml');
  if (footnotes !== undefined) {
    parts.set(
      'word/footnotes.xml',
      String(footnotes).replace('</w:footnotes>', `${body.footnotesXml()}</w:footnotes>`),
    );
  }

  const skeleton = String(parts.get('word/document.xml'));
  /** document.xml: docx's, each section's mark paragraph replaced by its pages, written as the zip takes them. */
  function* documentXml(): Generator<string> {
    let from = 0;
    for (const [index, section] of sectionPages.entries()) {
      // A section but the last ends in a paragraph holding its properties.
      const { start, end, sectionEnd } = findMark(skeleton, index, from);
      yield skeleton.slice(from, start);
      for (const [offset, page] of section.entries()) {
        yield body.page(page, offset > 0, offset === section.length - 1 ? sectionEnd : '');
      }
      from = end;
    }
    yield skeleton.slice(from);
  }

  const zip = new yazl.ZipFile();
  // yazl reports a failed entry (a picture file gone, the body's stream failing) on itself, where nothing would
  // listen: it fails the output instead, and with it the job.
  zip.on('error', (error: Error) => (zip.outputStream as Readable).destroy(error));
  const written = pipeline(zip.outputStream, createWriteStream(output));
  for (const [path, data] of parts) {
    if (path === 'word/document.xml') zip.addReadStream(Readable.from(documentXml()), path);
    else {
      const bytes = utf8(path === 'word/_rels/document.xml.rels' ? body.withRelationships(String(data)) : data);
      zip.addBuffer(bytes, path, { compress: !path.startsWith('word/media/') });
    }
  }
  // From the job folder as the zip comes to them, never all in memory.
  for (const [name, file] of body.media) zip.addFile(file, `word/media/${name}`, { compress: false });
  zip.end();
  await written;
}

/**
 * A cell's borders on the edges the page leaves undrawn (a merged cell's parts, each its row's): top on the cell
 * that starts a part, bottom on each of a part's rows (Word draws the last one's).
 */
function openBorders(open: OpenEdges | undefined, restart: boolean): string {
  const above = open?.above && restart;
  if (!above && !open?.below) return '';
  return `<w:tcBorders>${above ? '<w:top w:val="nil"/>' : ''}${open.below ? '<w:bottom w:val="nil"/>' : ''}</w:tcBorders>`;
}

/**
 * The borders of a framed paragraph: Word joins those of paragraphs next to each other with the same borders into
 * one box, the frame the page drew around them.
 */
const FRAME_BORDERS =
  '<w:pBdr>' +
  ['top', 'left', 'bottom', 'right']
    .map((side) => `<w:${side} w:val="single" w:sz="4" w:space="4" w:color="auto"/>`)
    .join('') +
  '</w:pBdr>';
