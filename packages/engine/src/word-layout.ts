/**
 * From the lines of a PDF page to the paragraphs of a Word document: pure functions, no MuPDF, so the rules can be
 * tested on their own. A PDF only knows positioned lines; Word wants paragraphs that flow. See docs/decisions/023.
 */

export interface TextStyle {
  /** Font family as Word should name it; empty to leave the document's default. */
  font: string;
  bold: boolean;
  italic: boolean;
  /** Points. */
  size: number;
  /** `RRGGBB`. */
  color: string;
  rightToLeft: boolean;
}

export interface Span extends TextStyle {
  text: string;
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** One line as the PDF draws it, top-down coordinates in points. */
export interface LayoutLine extends Box {
  spans: Span[];
}

export interface LayoutTextBlock extends Box {
  kind: 'text';
  lines: LayoutLine[];
}

export interface LayoutImageBlock extends Box {
  kind: 'image';
  /** The encoded image file. */
  file: string;
  format: 'png' | 'jpg';
}

export type LayoutBlock = LayoutTextBlock | LayoutImageBlock;

/** A page in the order MuPDF reads it (columns and blocks), sizes as the viewer shows them. */
export interface PageLayout {
  width: number;
  height: number;
  blocks: LayoutBlock[];
}

export interface WordParagraph {
  kind: 'paragraph';
  runs: Span[];
  alignment: 'left' | 'center' | 'right';
  /** Left indent in points, from the page's left margin. */
  indent: number;
  /** Extra indent of the first line, in points. */
  firstLineIndent: number;
  /** Space above in points. */
  spaceBefore: number;
  rightToLeft: boolean;
}

export interface WordPicture {
  kind: 'picture';
  file: string;
  format: 'png' | 'jpg';
  /** Display size in points, within the text width. */
  width: number;
  height: number;
  alignment: 'left' | 'center';
  spaceBefore: number;
}

export type WordItem = WordParagraph | WordPicture;

export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

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

const BULLET_START = /^\s*(?:[•◦▪▫■□●○◆◇►▶‣⁃∙·*–—-]|\(?\d{1,3}[.)]|\(?[a-zA-Z][.)])\s/u;
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

const lineText = (line: LayoutLine) => line.spans.map((span) => span.text).join('');
const lineSize = (line: LayoutLine) => Math.max(...line.spans.map((span) => span.size), 0);
export const sameStyle = (a: TextStyle, b: TextStyle) =>
  a.font === b.font &&
  a.bold === b.bold &&
  a.italic === b.italic &&
  a.size === b.size &&
  a.color === b.color &&
  a.rightToLeft === b.rightToLeft;

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
 * Appends `line`'s spans to a paragraph's runs: a word hyphenated at the line end is joined again (the hyphen
 * dropped before a lower-case letter, kept before a capital or a digit), other line ends become a space, and runs
 * of the same style merge.
 */
function appendLine(runs: Span[], line: LayoutLine): void {
  const spans = line.spans.filter((span) => span.text !== '');
  if (spans.length === 0) return;
  const last = runs.at(-1);
  if (last) {
    const first = spans[0]!.text;
    if (/[\p{L}\p{N}]-$/u.test(last.text) && /^\p{Ll}/u.test(first)) last.text = last.text.slice(0, -1);
    else if (/[\p{L}\p{N}]-$/u.test(last.text) && /^[\p{L}\p{N}]/u.test(first)) {
      // Jean-|Paul, 1990-|1999: the hyphen belongs to the text; only the line break goes.
    } else if (NO_SPACE_SCRIPT.test(last.text.at(-1) ?? '') && NO_SPACE_SCRIPT.test(first.charAt(0))) {
      // Chinese and Japanese wrap anywhere: a line end is not a word break.
    } else if (!/\s$/.test(last.text) && !/^\s/.test(first)) last.text += ' ';
  }
  for (const span of spans) {
    const tail = runs.at(-1);
    if (tail && sameStyle(tail, span)) tail.text += span.text;
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

const overlapsHorizontally = (a: Box, b: Box) => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0;

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
 * MuPDF lists blocks in the order the page draws them, and pages often draw their pictures first (backgrounds,
 * figures). Text keeps MuPDF's reading order; each picture goes before the first text below its top edge in the
 * same column, else before the first text below it at all, else last.
 */
export function readingOrder(blocks: readonly LayoutBlock[]): LayoutBlock[] {
  const ordered: LayoutBlock[] = blocks.filter((block) => block.kind === 'text');
  for (const image of blocks.filter((block) => block.kind === 'image')) {
    const below = (block: LayoutBlock) => block.kind === 'text' && block.y0 >= image.y0;
    let at = ordered.findIndex((block) => below(block) && overlapsHorizontally(block, image));
    if (at < 0) at = ordered.findIndex(below);
    ordered.splice(at < 0 ? ordered.length : at, 0, image);
  }
  return ordered;
}

/** The paragraphs and pictures of one page, in reading order, placed against the section's margins. */
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
        items.push({
          kind: 'paragraph',
          runs: trimmed,
          alignment,
          indent: alignment === 'left' ? indentOf(box.x0) : 0,
          firstLineIndent: alignment === 'left' && firstLine > 4 ? firstLine : 0,
          spaceBefore: spaceBefore(box.y0),
          rightToLeft: trimmed.some((run) => run.rightToLeft),
        });
        previousBottom = box.y1;
      }
      group = [];
    };
    for (const line of block.lines.map(logicalLine)) {
      const previous = group.at(-1);
      if (previous && startsParagraph(previous, line, block)) flush();
      group.push(line);
    }
    flush();
  }
  return items;
}
