/**
 * From the lines of a PDF page to the paragraphs of a Word document: pure functions, no MuPDF, so the rules can be
 * tested on their own. A PDF only knows positioned lines; Word wants paragraphs that flow. See docs/decisions/023.
 */
import { BULLET, lineText, readingOrder } from './layout-analysis.js';
import type {
  Box,
  LayoutLine,
  LayoutTableBlock,
  ListKind,
  Margins,
  PageLayout,
  Span,
  TextStyle,
  WordItem,
  WordParagraph,
  WordTable,
  WordTableCell,
} from './layout-model.js';

/** Fonts Word users have (Office and system fonts), by their name without spaces, lower case. */
const WORD_FONTS = new Map(
  [
    'Arial',
    'Arial Narrow',
    'Arial Black',
    'Arial Unicode MS',
    'Times New Roman',
    'Courier New',
    'Calibri',
    'Calibri Light',
    'Cambria',
    'Candara',
    'Consolas',
    'Constantia',
    'Corbel',
    'Georgia',
    'Verdana',
    'Tahoma',
    'Trebuchet MS',
    'Garamond',
    'Book Antiqua',
    'Palatino Linotype',
    'Century Gothic',
    'Century',
    'Segoe UI',
    'Lucida Console',
    'Lucida Sans Unicode',
    'Comic Sans MS',
    'Impact',
    'Aptos',
    'Gill Sans MT',
    'Bookman Old Style',
    'Franklin Gothic Medium',
    'MS Mincho',
    'MS Gothic',
    'MS PMincho',
    'MS PGothic',
    'Meiryo',
    'Yu Gothic',
    'Yu Mincho',
    'SimSun',
    'SimHei',
    'Microsoft YaHei',
    'Microsoft JhengHei',
    'MingLiU',
    'PMingLiU',
    'Malgun Gothic',
    'Batang',
    'Gulim',
    'David',
    'Miriam',
    'Traditional Arabic',
    'Simplified Arabic',
  ].map((name) => [name.replace(/\s/g, '').toLowerCase(), name]),
);
/** The PDF standard fonts under the names Word knows them by. */
const STANDARD_FONTS: Record<string, string> = { helvetica: 'Arial', times: 'Times New Roman', courier: 'Courier New' };

/**
 * The font Word should use for a PDF font: the font itself when Word users have it (subset prefix, PostScript
 * suffixes and style words removed), else the PDF standard font's Word twin, else Times New Roman, Courier New
 * or Arial by the font's class, as embedded fonts (Nimbus, Computer Modern, ...) are rarely installed. Empty for
 * symbol fonts, whose characters MuPDF already gives as Unicode.
 */
export function wordFontName(pdfName: string, kind: { serif: boolean; mono: boolean }): string {
  const name = pdfName.replace(/^[A-Z]{6}\+/, '');
  if (/symbol|dingbats|wingdings/i.test(name)) return '';
  // The whole name first (MS-Mincho), then the family before the style (Arial-BoldMT).
  for (const candidate of [name, name.split(/[-,]/)[0]!]) {
    const key = candidate
      .replace(/[\s_,-]/g, '')
      .toLowerCase()
      .replace(/(psmt|mt|ps)$/, '');
    const plain = key.replace(/(regular|roman|bold|italic|oblique|semibold|medium|light|black|condensed)+$/, '');
    const known = WORD_FONTS.get(key) ?? WORD_FONTS.get(plain) ?? STANDARD_FONTS[key] ?? STANDARD_FONTS[plain];
    if (known) return known;
  }
  return kind.mono ? 'Courier New' : kind.serif ? 'Times New Roman' : 'Arial';
}

const MIN_MARGIN = 18;
const MAX_MARGIN = 108;
/** Gaps larger than this are not kept as space: they are layout, not rhythm. */
const MAX_SPACE_BEFORE = 36;

/** Scripts written without spaces between words: their wrapped lines join with nothing in between. */
const NO_SPACE_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;

/** Bullets: Word's Symbol and Wingdings bullets come as their symbol-font code in the private use area. */
const BULLET_START = new RegExp(`^\\s*(?:${BULLET}|\\(?\\d{1,3}[.)]|\\(?[a-zA-Z][.)])\\s`, 'u');
const SENTENCE_END = /[.!?:;。！？]["'”’)\]]?\s*$/u;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The margins of a Word section holding pages of one size: where their content starts and ends, within 0.25 to
 * 1.5 inches.
 */
export function sectionMargins(pages: readonly PageLayout[]): Margins {
  const page = pages[0];
  if (!page) return { top: MAX_MARGIN, right: MAX_MARGIN, bottom: MAX_MARGIN, left: MAX_MARGIN };
  const boxes = pages.flatMap((each) => each.blocks).filter((block) => block.x1 > block.x0 && block.y1 > block.y0);
  if (boxes.length === 0) return { top: MAX_MARGIN, right: MAX_MARGIN, bottom: MAX_MARGIN, left: MAX_MARGIN };
  const left = Math.min(...boxes.map((box) => box.x0));
  const right = page.width - Math.max(...boxes.map((box) => box.x1));
  const top = Math.min(...boxes.map((box) => box.y0));
  const bottom = page.height - Math.max(...boxes.map((box) => box.y1));
  return {
    top: clamp(top, MIN_MARGIN, MAX_MARGIN),
    right: clamp(right, MIN_MARGIN, MAX_MARGIN),
    bottom: clamp(bottom, MIN_MARGIN, MAX_MARGIN),
    left: clamp(left, MIN_MARGIN, MAX_MARGIN),
  };
}

const paragraphText = (paragraph: WordParagraph) => paragraph.runs.map((run) => run.text).join('');
const lineSize = (line: LayoutLine) => Math.max(...line.spans.map((span) => span.size), 0);
export const sameStyle = (a: TextStyle, b: TextStyle) =>
  a.font === b.font &&
  a.bold === b.bold &&
  a.italic === b.italic &&
  a.size === b.size &&
  a.color === b.color &&
  a.rightToLeft === b.rightToLeft &&
  a.link === b.link;

/** Whether `next` starts a new paragraph rather than continuing the one `previous` belongs to. */
function startsParagraph(previous: LayoutLine, next: LayoutLine, block: Box): boolean {
  const height = Math.max(previous.y1 - previous.y0, 1);
  if (next.y0 - previous.y1 > 0.7 * height) return true; // a blank line's worth of space
  if (next.y1 <= previous.y0) return true; // goes back up: another column or a caption
  if (Math.abs(lineSize(next) - lineSize(previous)) > 1.5) return true; // a heading and its text
  if (BULLET_START.test(lineText(next))) return true;
  const blockWidth = block.x1 - block.x0;
  const endedShort = previous.x1 < block.x1 - Math.max(0.15 * blockWidth, 2 * lineSize(previous));
  return endedShort && SENTENCE_END.test(lineText(previous));
}

/**
 * Where a line-end hyphen before a lower-case letter was taken out: a soft hyphen until the whole document is read
 * (settleLineEndHyphens), as only the document's other words tell a hyphenated word (long-|term) from a compound
 * broken at its own hyphen (top-|managers). Left in, Word shows nothing for it.
 */
const JOIN = '\u00ad';

/**
 * Appends `line`'s spans to a paragraph's runs: a word hyphenated at the line end is joined again (the hyphen
 * dropped before a lower-case letter, a JOIN in its place; kept before a capital or a digit), other line ends
 * become a space, and runs of the same style merge.
 */
function appendLine(runs: Span[], line: LayoutLine): void {
  const spans = line.spans.filter((span) => span.text !== '');
  if (spans.length === 0) return;
  const last = runs.at(-1);
  if (last) {
    const first = spans[0]!.text;
    if (/[\p{L}\p{N}]-$/u.test(last.text) && /^\p{Ll}/u.test(first)) last.text = last.text.slice(0, -1) + JOIN;
    else if (/[\p{L}\p{N}]-$/u.test(last.text) && /^[\p{L}\p{N}]/u.test(first)) {
      // Jean-|Paul, 1990-|1999: the hyphen belongs to the text; only the line break goes.
    } else if (NO_SPACE_SCRIPT.test(last.text.at(-1) ?? '') && NO_SPACE_SCRIPT.test(first.charAt(0))) {
      // Chinese and Japanese wrap anywhere: a line end is not a word break.
    } else if (!/\s$/.test(last.text) && !/^\s/.test(first)) last.text += ' ';
  }
  for (const span of spans) {
    const tail = runs.at(-1);
    // A footnote's mark is a run of its own.
    if (tail && sameStyle(tail, span) && !tail.footnote && !span.footnote) tail.text += span.text;
    else runs.push({ ...span });
  }
}

function trimRuns(runs: Span[]): Span[] {
  const first = runs[0];
  const last = runs.at(-1);
  if (first) first.text = first.text.replace(/^\s+/, '');
  if (last) last.text = last.text.replace(/\s+$/, '');
  return runs.filter((run) => run.text !== '');
}

function alignmentOf(box: Box, textLeft: number, textRight: number): WordParagraph['alignment'] {
  const textWidth = textRight - textLeft;
  const width = box.x1 - box.x0;
  if (width > 0.8 * textWidth) return 'left';
  const leftGap = box.x0 - textLeft;
  const rightGap = textRight - box.x1;
  if (leftGap > 24 && Math.abs(leftGap - rightGap) < Math.max(6, 0.05 * textWidth)) return 'center';
  if (rightGap < 6 && leftGap > 0.3 * textWidth) return 'right';
  return 'left';
}

const MIRRORED: Record<string, string> = {
  '(': ')',
  ')': '(',
  '[': ']',
  ']': '[',
  '{': '}',
  '}': '{',
  '<': '>',
  '>': '<',
};

/**
 * A line in the order it is read. MuPDF gives a line's runs in the order they are drawn, left to right, with the
 * characters of each right-to-left run already in reading order. A line mostly in a right-to-left script is read
 * from the right: its runs go in reverse, and so do the characters of the runs between them that hold no letter
 * or digit (punctuation and spaces drawn left of the text, with their brackets mirrored). Runs of Latin letters or
 * digits inside keep their order.
 */
export function logicalLine(line: LayoutLine): LayoutLine {
  const letters = (rightToLeft: boolean) =>
    line.spans
      .filter((span) => span.rightToLeft === rightToLeft)
      .reduce((count, span) => count + (span.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0), 0);
  const rightToLeft = letters(true);
  if (rightToLeft === 0 || rightToLeft < letters(false)) return line;
  const spans = line.spans
    .map((span) =>
      span.rightToLeft || /[\p{L}\p{N}]/u.test(span.text)
        ? span
        : {
            ...span,
            text: [...span.text]
              .reverse()
              .map((char) => MIRRORED[char] ?? char)
              .join(''),
          },
    )
    .reverse();
  return { ...line, spans };
}

/**
 * The paragraphs `lines` make, read in order, against a text area from `textLeft` to `textRight`, each with the
 * box its lines cover (its space before is left to the caller, who knows what came above).
 */
function paragraphsOf(
  lines: readonly LayoutLine[],
  block: Box,
  textLeft: number,
  textRight: number,
  indentOf: (left: number) => number,
): { paragraph: WordParagraph; box: Box }[] {
  const paragraphs: { paragraph: WordParagraph; box: Box }[] = [];
  let group: LayoutLine[] = [];
  const flush = () => {
    if (group.length === 0) return;
    const runs: Span[] = [];
    for (const line of group) appendLine(runs, line);
    const box: Box = {
      x0: Math.min(...group.map((line) => line.x0)),
      y0: Math.min(...group.map((line) => line.y0)),
      x1: Math.max(...group.map((line) => line.x1)),
      y1: Math.max(...group.map((line) => line.y1)),
    };
    const trimmed = trimRuns(runs);
    if (trimmed.length > 0) {
      const alignment = group.length === 1 ? alignmentOf(box, textLeft, textRight) : 'left';
      const firstLine = group[0]!.x0 - box.x0;
      const paragraph: WordParagraph = {
        kind: 'paragraph',
        runs: trimmed,
        alignment,
        indent: alignment === 'left' ? indentOf(box.x0) : 0,
        firstLineIndent: alignment === 'left' && firstLine > 4 ? firstLine : 0,
        spaceBefore: 0,
        rightToLeft: trimmed.some((run) => run.rightToLeft),
      };
      paragraphs.push({ paragraph, box });
    }
    group = [];
  };
  for (const line of lines.map(logicalLine)) {
    const previous = group.at(-1);
    if (previous && startsParagraph(previous, line, block)) flush();
    group.push(line);
  }
  flush();
  return paragraphs;
}

/** Whether `next` goes on with `paragraph` (at the top of the next column or page): its sentence did not end and
 * `next` starts in lower case. */
const goesOn = (paragraph: WordParagraph, next: WordParagraph) =>
  !SENTENCE_END.test(paragraphText(paragraph)) &&
  /^\p{Ll}/u.test(paragraphText(next)) &&
  !BULLET_START.test(paragraphText(next));

/**
 * A paragraph broken by a page break is one paragraph in Word, on the page where it starts: Word breaks it again
 * where its page ends. So is a table going on over the page (same width), its repeated heading row and title
 * dropped. Gives the pages left with nothing, which need no page of their own.
 */
export function joinAcrossPages(pages: readonly WordItem[][]): Set<number> {
  const emptied = new Set<number>();
  // The last item standing so far, on the page it is on, and the paragraphs just above it there.
  let carried: { item: WordItem; above: string[] } | undefined;
  for (const [index, page] of pages.entries()) {
    const first = page[0];
    const last = carried?.item;
    if (index > 0 && last?.kind === 'paragraph' && first?.kind === 'paragraph' && goesOn(last, first)) {
      appendLine(last.runs, { x0: 0, y0: 0, x1: 0, y1: 0, spans: first.runs });
      page.shift();
    } else if (last?.kind === 'table') {
      // A table going on over the page, the title above it and its heading row repeated or not.
      const title = page.findIndex((item) => item.kind !== 'paragraph');
      const next = page[title];
      const repeated =
        title >= 0 &&
        title <= carried!.above.length &&
        page
          .slice(0, title)
          .every(
            (item, at) =>
              item.kind === 'paragraph' && paragraphText(item) === carried!.above[carried!.above.length - title + at],
          );
      if (repeated && next?.kind === 'table' && sameWidth(last, next)) {
        appendRows(last, rowText(next.rows[0]) === rowText(last.rows[0]) ? next.rows.slice(1) : next.rows, next);
        page.splice(0, title + 1);
        // The table fills this page too: it may go on over the next one.
        if (page.length === 0) {
          emptied.add(index);
          continue;
        }
      }
    }
    const item = page.at(-1);
    if (!item) {
      carried = undefined;
      continue;
    }
    const above = page
      .slice(Math.max(0, page.length - 4), -1)
      .filter((each): each is WordParagraph => each.kind === 'paragraph')
      .map(paragraphText);
    carried = { item, above };
  }
  return emptied;
}

/** Points two column edges may differ by and still be one edge. */
const EDGE_TOLERANCE = 2;

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const sameWidth = (a: WordTable, b: WordTable) => Math.abs(sum(a.columnWidths) - sum(b.columnWidths)) <= EDGE_TOLERANCE;

/** A table's column edges from its left side, in points: one more than its columns. */
function columnEdges(table: WordTable): number[] {
  const edges = [0];
  for (const width of table.columnWidths) edges.push(edges.at(-1)! + width);
  return edges;
}

/**
 * `rows` of `from` (a piece of the same table on the next page) appended to `table`. Rows of one table need not
 * share their cells' edges (Word's grid is every edge of every row), so a page may show only some of the table's
 * edges: the joined table's grid is the edges of both pieces, each cell spanning the grid columns between its own.
 */
function appendRows(table: WordTable, rows: WordTable['rows'], from: WordTable): void {
  const own = columnEdges(table);
  const theirs = columnEdges(from);
  const edges: number[] = [];
  for (const edge of [...own, ...theirs].sort((a, b) => a - b)) {
    if (edges.length === 0 || edge - edges.at(-1)! > EDGE_TOLERANCE) edges.push(edge);
  }
  const gridIndex = (x: number) => {
    let nearest = 0;
    edges.forEach((edge, index) => {
      if (Math.abs(edge - x) < Math.abs(edges[nearest]! - x)) nearest = index;
    });
    return nearest;
  };
  const regrid = (cells: WordTable['rows'][number]['cells'], at: readonly number[]) =>
    cells.map((cell) => {
      const column = gridIndex(at[cell.column]!);
      return { ...cell, column, columnSpan: Math.max(1, gridIndex(at[cell.column + cell.columnSpan]!) - column) };
    });
  if (edges.length !== own.length) for (const row of table.rows) row.cells = regrid(row.cells, own);
  const added = rows.map((row) => ({ cells: regrid(row.cells, theirs) }));
  const continued = added[0] && continuedCells(table, added[0]);
  if (continued) {
    added.shift();
    for (const [cell, above] of continued) {
      const [first, ...rest] = cell.paragraphs;
      const previous = above.paragraphs.at(-1);
      if (first && previous && goesOn(previous, first)) {
        appendLine(previous.runs, { x0: 0, y0: 0, x1: 0, y1: 0, spans: first.runs });
        above.paragraphs.push(...rest);
      } else above.paragraphs.push(...cell.paragraphs);
    }
  }
  table.rows.push(...added);
  table.columnWidths = edges.slice(1).map((edge, index) => edge - edges[index]!);
}

type RowCell = WordTable['rows'][number]['cells'][number];

const cellText = (cell: WordTableCell) => cell.paragraphs.map(paragraphText).join(' ').trim();
const filled = (cell: WordTableCell) => cellText(cell) !== '';

/** A table's rows this many or more tell whether its first cells are ever empty. */
const MIN_KEYED_ROWS = 3;

/**
 * When `row`, the first of a table's piece on the next page, is the table's last row going on over the page break
 * (Word lets a row break across pages, its cells' text carried over), each cell it fills with the last row's cell
 * it goes on; otherwise `undefined`. It goes on when the cells it fills are cells the last row fills too, and one
 * of them goes on with a word the break cut at its hyphen ("field-" / "argument"), or its first cell is empty in a
 * table whose every row fills its first cell, or it fills its first cell alone, going on in lower case ("185" /
 * "лет"), under a row that fills more. Grouped rows leave their first cell empty on purpose, and a row of figures
 * with some missing starts with its own key: both stay rows.
 */
function continuedCells(table: WordTable, row: WordTable['rows'][number]): [RowCell, RowCell][] | undefined {
  const keyed = (cells: readonly RowCell[]) => cells.some((cell) => cell.column === 0 && filled(cell));
  const last = table.rows.at(-1);
  const cells = row.cells.filter(filled);
  if (!last || cells.length === 0) return undefined;
  const pairs = cells.map((cell): [RowCell, RowCell | undefined] => [
    cell,
    last.cells.find(
      (each) =>
        each.column === cell.column && each.columnSpan === cell.columnSpan && each.rowSpan === 1 && filled(each),
    ),
  ]);
  if (pairs.some(([, above]) => !above)) return undefined;
  const continued = pairs as [RowCell, RowCell][];
  const cutWord = continued.some(
    ([cell, above]) => /\p{L}-$/u.test(cellText(above)) && /^\p{Ll}/u.test(cellText(cell)),
  );
  if (cutWord) return continued;
  if (table.rows.length < MIN_KEYED_ROWS) return undefined;
  const carriedOver = keyed(row.cells)
    ? cells.length === 1 && /^\p{Ll}/u.test(cellText(cells[0]!)) && last.cells.filter(filled).length >= 2
    : table.rows.every((each) => keyed(each.cells));
  return carriedOver ? continued : undefined;
}

const rowText = (row: WordTable['rows'][number] | undefined) =>
  row?.cells.map((cell) => cell.paragraphs.map(paragraphText).join('\n')).join('\t') ?? '';

/** The paragraphs, pictures and tables of one page, in reading order, placed against the section's margins. */
export function pageItems(page: PageLayout, margins: Margins): WordItem[] {
  const textLeft = margins.left;
  const textRight = page.width - margins.right;
  const textWidth = Math.max(textRight - textLeft, 1);
  const textHeight = Math.max(page.height - margins.top - margins.bottom, 1);
  const items: WordItem[] = [];
  let previousBottom = margins.top;

  const spaceBefore = (top: number) => clamp(top - previousBottom, 0, MAX_SPACE_BEFORE);
  // Indentation is kept when it reads as indentation; a second column's offset is not.
  const indentOf = (left: number) => {
    const indent = left - textLeft;
    return indent > 4 && indent < 0.25 * textWidth ? indent : 0;
  };

  for (const block of readingOrder(page.blocks)) {
    if (block.kind === 'image') {
      // Within the text area both ways: a picture taller than it would push Word onto an extra page.
      const scale = Math.min(
        1,
        textWidth / Math.max(block.x1 - block.x0, 1),
        textHeight / Math.max(block.y1 - block.y0, 1),
      );
      items.push({
        kind: 'picture',
        file: block.file,
        format: block.format,
        width: (block.x1 - block.x0) * scale,
        height: (block.y1 - block.y0) * scale,
        alignment: alignmentOf(block, textLeft, textRight) === 'center' ? 'center' : 'left',
        spaceBefore: spaceBefore(block.y0),
      });
      previousBottom = block.y1;
      continue;
    }
    if (block.kind === 'table') {
      items.push(wordTable(block, textWidth, spaceBefore(block.y0)));
      previousBottom = block.y1;
      continue;
    }
    paragraphsOf(block.lines, block, textLeft, textRight, indentOf).forEach(({ paragraph, box }, index) => {
      const previous = items.at(-1);
      // Only at the top of the next column (going back up): a block below is a paragraph of its own.
      const nextColumn = box.y0 < previousBottom;
      if (!block.framed && index === 0 && nextColumn && previous?.kind === 'paragraph' && goesOn(previous, paragraph)) {
        appendLine(previous.runs, { ...box, spans: paragraph.runs });
      } else {
        const framed = block.framed ? { framed: true } : {};
        items.push({ ...paragraph, spaceBefore: spaceBefore(box.y0), ...framed });
      }
      previousBottom = box.y1;
    });
  }
  placeFootnotes(items);
  return items;
}

/**
 * The paragraphs of the footnotes marked in `items` not made yet: each part of a note (its lines on one page) read
 * as paragraphs within its own width, a part's first paragraph joined to the one before where it goes on with it.
 * Links are left out: a note has no relationships of its own for them.
 */
function placeFootnotes(items: readonly WordItem[]): void {
  const paragraphs = items.flatMap((item): WordParagraph[] => {
    if (item.kind === 'paragraph') return [item];
    if (item.kind === 'table') return item.rows.flatMap((row) => row.cells.flatMap((cell) => cell.paragraphs));
    return [];
  });
  for (const run of paragraphs.flatMap((paragraph) => paragraph.runs)) {
    const note = run.footnote;
    if (!note || note.paragraphs.length > 0) continue;
    for (const part of note.parts) {
      const lines = part.map((line) => ({ ...line, spans: line.spans.map(({ link: _, ...span }) => span) }));
      if (lines.length === 0) continue;
      const box: Box = {
        x0: Math.min(...lines.map((line) => line.x0)),
        y0: Math.min(...lines.map((line) => line.y0)),
        x1: Math.max(...lines.map((line) => line.x1)),
        y1: Math.max(...lines.map((line) => line.y1)),
      };
      paragraphsOf(lines, box, box.x0, box.x1, () => 0).forEach(({ paragraph }, index) => {
        const previous = note.paragraphs.at(-1);
        if (index === 0 && previous && goesOn(previous, paragraph)) {
          appendLine(previous.runs, { ...box, spans: paragraph.runs });
        } else note.paragraphs.push({ ...paragraph, indent: 0, firstLineIndent: 0 });
      });
    }
  }
}

/** A table as Word gets it: column widths scaled into the text width, each cell's lines as its paragraphs. */
function wordTable(table: LayoutTableBlock, textWidth: number, spaceBefore: number): WordTable {
  const widths = table.columns.slice(1).map((x, index) => x - table.columns[index]!);
  const scale = Math.min(1, textWidth / Math.max(table.x1 - table.x0, 1));
  const rows: WordTable['rows'] = table.rows.slice(1).map(() => ({ cells: [] }));
  for (const cell of table.cells) {
    const box: Box = {
      x0: table.columns[cell.column]!,
      x1: table.columns[cell.column + cell.columnSpan]!,
      y0: table.rows[cell.row]!,
      y1: table.rows[cell.row + cell.rowSpan]!,
    };
    const lines = [...cell.lines].sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
    const paragraphs = paragraphsOf(lines, box, box.x0 + 2, box.x1 - 2, () => 0).map((each) => each.paragraph);
    const { column, rowSpan, columnSpan, open } = cell;
    rows[cell.row]!.cells.push({ column, rowSpan, columnSpan, paragraphs, ...(open ? { open } : {}) });
  }
  const unruled = table.foundBy === 'aligned text' ? { unruled: true } : {};
  return { kind: 'table', columnWidths: widths.map((width) => width * scale), rows, spaceBefore, ...unruled };
}

const BULLET_MARKER = new RegExp(`^\\s*${BULLET}\\s+`, 'u');
const NUMBER_MARKER = /^\s*\(?(\d{1,3})[.)]\s+/u;
const LETTER_MARKER = /^\s*\(?([a-zA-Z])[.)]\s+/u;
/** Headings are short: longer paragraphs set large are body text of another size. */
const MAX_HEADING_LENGTH = 150;

/** One UTF-16 unit of a word piece (the surrogate halves of a letter outside the BMP included). */
const WORD_UNIT = /[\p{L}\p{N}\ud800-\udfff]/u;

/**
 * Words hyphenated at a line end settled against the whole document: the hyphen comes back where the document
 * writes that compound with its hyphen inside a line at least as often as in one word (top-managers), and goes
 * where it does not (a word the typesetter hyphenated: long-|term written longterm elsewhere, or never written
 * whole on one line). Table cells too.
 */
export function settleLineEndHyphens(pages: readonly WordItem[][]): void {
  const paragraphs = pages.flat().flatMap((item): WordParagraph[] => {
    if (item.kind === 'paragraph') return [item];
    if (item.kind === 'table') return item.rows.flatMap((row) => row.cells.flatMap((cell) => cell.paragraphs));
    return [];
  });
  // The word piece before or after `at`, lower case, found by stepping out from it (a regex anchored at the end of
  // the text before it would go over that text again for every hyphen).
  const inWord = (text: string, index: number) => {
    const code = text.charCodeAt(index);
    // ASCII letters and digits without the regex: most text is Latin.
    if (code < 128) return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);
    return WORD_UNIT.test(text[index]!);
  };
  const pieceAround = (text: string, at: number, step: 1 | -1) => {
    let end = at;
    while (end + step >= 0 && end + step < text.length && inWord(text, end + step)) end += step;
    return (step < 0 ? text.slice(end, at) : text.slice(at + 1, end + 1)).toLowerCase();
  };
  const joins: { paragraph: WordParagraph; at: number; left: string; right: string }[] = [];
  for (const paragraph of paragraphs) {
    if (!paragraph.runs.some((run) => run.text.includes(JOIN))) continue;
    const text = paragraphText(paragraph);
    for (let at = text.indexOf(JOIN); at >= 0; at = text.indexOf(JOIN, at + 1)) {
      joins.push({ paragraph, at, left: pieceAround(text, at, -1), right: pieceAround(text, at, 1) });
    }
  }
  if (joins.length === 0) return;
  // How often the document writes each pair hyphenated, then, for the pairs it does, whole; leaving out the joins
  // themselves (a soft hyphen is no hyphen, and splits its word). Found from the hyphens and only for the pairs
  // asked about: a long book has many words and few hyphens.
  const counts = new Map<string, number>();
  const lefts = new Set<string>();
  for (const { left, right } of joins) {
    if (left === '' || right === '') continue;
    counts.set(`${left}-${right}`, 0);
    lefts.add(left);
  }
  for (const paragraph of paragraphs) {
    const text = paragraphText(paragraph);
    for (let at = text.indexOf('-'); at >= 0; at = text.indexOf('-', at + 1)) {
      const left = pieceAround(text, at, -1);
      if (!lefts.has(left)) continue;
      const key = `${left}-${pieceAround(text, at, 1)}`;
      const seen = counts.get(key);
      if (seen !== undefined) counts.set(key, seen + 1);
    }
  }
  const whole = new Map<string, number>();
  for (const { left, right } of joins) if ((counts.get(`${left}-${right}`) ?? 0) > 0) whole.set(left + right, 0);
  if (whole.size > 0) {
    for (const paragraph of paragraphs) {
      for (const token of paragraphText(paragraph)
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)) {
        const seen = whole.get(token);
        if (seen !== undefined) whole.set(token, seen + 1);
      }
    }
  }
  const replacements = new Map<WordParagraph, Map<number, string>>();
  for (const { paragraph, at, left, right } of joins) {
    const hyphenated = counts.get(`${left}-${right}`) ?? 0;
    const compound = hyphenated > 0 && hyphenated >= (whole.get(left + right) ?? 0);
    const replacement = replacements.get(paragraph) ?? new Map<number, string>();
    replacement.set(at, compound ? '-' : '');
    replacements.set(paragraph, replacement);
  }
  for (const [paragraph, replacement] of replacements) {
    let offset = 0;
    for (const run of paragraph.runs) {
      const start = offset;
      offset += run.text.length;
      if (!run.text.includes(JOIN)) continue;
      run.text = run.text.replace(/\u00ad/g, (join: string, index: number) => replacement.get(start + index) ?? join);
    }
  }
}

/**
 * Document-wide styles: headings (short paragraphs set larger than the body text, or bold at its size, without a
 * full stop) get Word heading levels by size, largest first; paragraphs starting with a bullet or a number become
 * Word list items, their marker taken out. Numbered items continue a list until one starts again at 1. Words
 * hyphenated at line ends are settled first (settleLineEndHyphens), the pass needing the whole document too.
 */
export function markHeadingsAndLists(pages: readonly WordItem[][]): void {
  // The last pass over the whole document: the line-end hyphens are settled here too.
  settleLineEndHyphens(pages);
  const paragraphs = pages.flat().filter((item): item is WordParagraph => item.kind === 'paragraph');
  // The body size: the size most of the text is set in.
  const characters = new Map<number, number>();
  for (const paragraph of paragraphs) {
    for (const run of paragraph.runs) characters.set(run.size, (characters.get(run.size) ?? 0) + run.text.length);
  }
  const body = [...characters.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  const headingSize = (paragraph: WordParagraph): number | undefined => {
    const text = paragraphText(paragraph);
    if (text.length > MAX_HEADING_LENGTH || /[.,;:]$/.test(text) || !/\p{L}/u.test(text)) return undefined;
    const size = Math.max(...paragraph.runs.map((run) => run.size));
    const bold = paragraph.runs.every((run) => run.bold || run.text.trim() === '');
    if (size >= body + 1.5) return size;
    return bold && size >= body - 0.5 ? body : undefined;
  };
  const headingSizes = [...new Set(paragraphs.map(headingSize).filter((size) => size !== undefined))].sort(
    (a, b) => b - a,
  );
  // Lettered items only in a run of two or more of one case: "A. Smith wrote" alone is a sentence.
  const letterOf = (paragraph: WordParagraph | undefined) => {
    const match = paragraph && LETTER_MARKER.exec(paragraph.runs[0]?.text ?? '');
    return match ? (/[a-z]/.test(match[1]!) ? 'lowerLetter' : 'upperLetter') : undefined;
  };
  const letterKinds = paragraphs.map(letterOf);
  // Each list kind goes on with its own numbering across items of other kinds nested in it.
  let instances = 0;
  const current = new Map<ListKind, { instance: number; value: number }>();
  paragraphs.forEach((paragraph, index) => {
    const first = paragraph.runs[0];
    if (!first) return;
    const size = headingSize(paragraph);
    // "2. Results" set large is a numbered heading, not a list item.
    if (size !== undefined && size > body) {
      paragraph.heading = Math.min(3, headingSizes.indexOf(size) + 1) as 1 | 2 | 3;
      return;
    }
    const letters = letterKinds[index];
    const lettered =
      letters !== undefined && (letterKinds[index - 1] === letters || letterKinds[index + 1] === letters);
    const bullet = BULLET_MARKER.exec(first.text);
    const number = NUMBER_MARKER.exec(first.text);
    const marker = bullet ?? number ?? (lettered ? LETTER_MARKER.exec(first.text) : null);
    if (marker && paragraphText(paragraph).length > marker[0].length) {
      first.text = first.text.slice(marker[0].length);
      if (first.text === '') paragraph.runs.shift();
      const kind: ListKind = bullet ? 'bullet' : number ? 'number' : letters!;
      const value = bullet ? 0 : number ? Number(number[1]) : marker[1]!.toLowerCase().charCodeAt(0) - 96;
      const list = current.get(kind);
      const goesOnList = list && (kind === 'bullet' || (value > 1 && value === list.value + 1));
      const instance = goesOnList ? list.instance : ++instances;
      current.set(kind, { instance, value });
      paragraph.list = { kind, level: Math.min(2, Math.floor(paragraph.indent / 18)), instance };
      paragraph.indent = 0;
      paragraph.firstLineIndent = 0;
      return;
    }
    if (size !== undefined) paragraph.heading = Math.min(3, headingSizes.indexOf(size) + 1) as 1 | 2 | 3;
  });
}

/**
 * The paragraphs of a running header or footer, from its lines on one page: one paragraph per row, aligned by
 * where the row sits, and a number that is the page's own number (it changes from page to page) as Word's page
 * number field. `pageNumber` is the number the page shows (undefined: none becomes the field).
 */
export function runningParagraphs(
  lines: readonly LayoutLine[],
  pageNumber: number | undefined,
  textLeft: number,
  textRight: number,
): WordParagraph[] {
  const rows: LayoutLine[][] = [];
  for (const line of [...lines].sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0)) {
    const row = rows.at(-1);
    if (row && line.y0 < Math.max(...row.map((each) => each.y1)) - 0.25 * (line.y1 - line.y0)) row.push(line);
    else rows.push([line]);
  }
  return rows.map((row) => {
    row.sort((a, b) => a.x0 - b.x0);
    const runs: Span[] = [];
    row.forEach((line, index) => {
      if (index > 0) runs.push({ ...line.spans[0]!, text: '\t' });
      for (const span of logicalLine(line).spans) {
        // The page's number stands alone in its run, so Word can fill it in on every page.
        let text = '';
        for (const part of span.text.split(/(\d+)/)) {
          if (part !== String(pageNumber)) {
            text += part;
            continue;
          }
          if (text !== '') runs.push({ ...span, text });
          runs.push({ ...span, text: part, pageNumber: true });
          text = '';
        }
        if (text !== '') runs.push({ ...span, text });
      }
    });
    const box = { x0: row[0]!.x0, y0: row[0]!.y0, x1: row.at(-1)!.x1, y1: row.at(-1)!.y1 };
    return {
      kind: 'paragraph',
      runs: trimRuns(runs),
      alignment: row.length > 1 ? 'left' : alignmentOf(box, textLeft, textRight),
      indent: 0,
      firstLineIndent: 0,
      spaceBefore: 0,
      rightToLeft: runs.some((run) => run.rightToLeft),
    } satisfies WordParagraph;
  });
}
