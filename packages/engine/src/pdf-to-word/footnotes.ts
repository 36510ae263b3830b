/**
 * Footnotes of a PDF page found again: the small lines at the foot of the page that start with a raised mark (a
 * number or a symbol set smaller than the note's text), each matched with the same mark raised in the body above.
 * The notes are taken off the page and hung on their marks, for Word to write as footnotes; lines at the top of the
 * foot without a mark go on with the note the page before ended with. Pure functions on the page layouts, no MuPDF.
 */
import type { Footnote, LayoutLine, PageLayout, Span } from './layout-model.js';
import { bodySize, withoutLines } from './layout-analysis.js';

/** A footnote mark: a number, or the symbols notes are marked with. */
const MARK = /^\s*(\d{1,3}|[*†‡§¶]{1,3})\s*$/u;
/** A raised mark is set at least this many points smaller than the text it stands in. */
const RAISED_BY = 1;

const hasText = (span: Span) => span.text.trim() !== '';
/** The largest size of a line's text (a space after a mark can be set in the body's size). */
const lineSize = (line: LayoutLine) => Math.max(0, ...line.spans.filter(hasText).map((span) => span.size));

/** The mark a note's first line starts with, when it is raised above the note's text; undefined otherwise. */
function noteMark(line: LayoutLine): string | undefined {
  const spans = line.spans.filter(hasText);
  const [first, next] = spans;
  if (!first || !next) return undefined;
  const match = MARK.exec(first.text);
  return match && first.size <= next.size - RAISED_BY ? match[1] : undefined;
}

/**
 * The raised marks of a body line: spans holding only a mark, after other text and smaller than the line's text, or
 * alone on their line and smaller than the body text (MuPDF gives a mark raised well above its line a line of its own).
 */
function referenceMarks(line: LayoutLine, body: number): Span[] {
  const size = lineSize(line);
  const spans = line.spans.filter(hasText);
  if (spans.length === 1) return MARK.test(spans[0]!.text) && spans[0]!.size <= body - RAISED_BY ? spans : [];
  return line.spans.filter(
    (span, index) =>
      index > 0 && MARK.test(span.text) && span.size <= size - RAISED_BY && line.spans.slice(0, index).some(hasText),
  );
}

/** The line without its leading mark, or without the spans before its first one holding text. */
function withoutMark(line: LayoutLine): LayoutLine {
  const at = line.spans.findIndex(hasText);
  const spans = line.spans.slice(at + 1).map((span) => ({ ...span }));
  if (spans[0]) spans[0].text = spans[0].text.replace(/^\s+/, '');
  return { ...line, spans };
}

/**
 * Whether lines at the top of a page's foot go on with the note the page before ended with: its sentence did not end,
 * and they do not start with a capital.
 */
function goesOn(note: Footnote | undefined, first: LayoutLine): boolean {
  const previous = note?.parts.at(-1)?.at(-1);
  if (!previous) return false;
  const text = (line: LayoutLine) => line.spans.map((span) => span.text).join('');
  return !/[.!?]["'”’)\]]?\s*$/u.test(text(previous)) && !/^\s*\p{Lu}/u.test(text(first));
}

/**
 * Takes the footnotes off the pages: on each page, the lines at its foot from the first one starting with a raised
 * mark, and the lines set smaller than the body above it (no table or picture below them), split into notes where a
 * line starts with a raised mark. Every note must find its mark
 * raised in the page's body (text or table cells), in reading order, or the page is left as it is; lines before the
 * first note go on with the last note of the page before, when it had one. A mark found becomes the span's
 * `footnote`. Run after the running headers and footers are taken out.
 */
export function takeFootnotes(pages: PageLayout[]): void {
  const body = bodySize(pages);
  let last: Footnote | undefined;
  for (const page of pages) {
    const textLines = page.blocks.flatMap((block) => (block.kind === 'text' ? block.lines : []));
    const sorted = [...textLines].sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
    // The notes: from the highest line in the page's lower half starting with a raised mark, under which no line is
    // set larger than the body (notes may be set in the body's size); else none. Above them, lines set smaller than
    // the body (the note going on from the page before).
    let start = sorted.length;
    for (let index = sorted.length - 1; index >= 0; index--) {
      const line = sorted[index]!;
      if (lineSize(line) > body || line.y0 < page.height / 2) break;
      if (noteMark(line) !== undefined) start = index;
    }
    while (start > 0 && lineSize(sorted[start - 1]!) <= body - RAISED_BY) start--;
    const foot = sorted.slice(start);
    const top = foot[0]?.y0 ?? Infinity;
    const below = page.blocks.some((block) => block.kind !== 'text' && block.y0 >= top);
    const firstNote = foot.findIndex((line) => noteMark(line) !== undefined);
    if (start === 0 || foot.length === 0 || below || (firstNote < 0 && !last)) {
      last = undefined;
      continue;
    }
    // The notes and the lines of each, and the raised marks of the body they go with.
    const notes: { mark: string; lines: LayoutLine[] }[] = [];
    const carried = firstNote < 0 ? foot : foot.slice(0, firstNote);
    for (const line of firstNote < 0 ? [] : foot.slice(firstNote)) {
      const mark = noteMark(line);
      if (mark !== undefined) notes.push({ mark, lines: [withoutMark(line)] });
      else notes.at(-1)!.lines.push(line);
    }
    const bodyLines = [
      ...sorted.slice(0, start),
      ...page.blocks.flatMap((block) => (block.kind === 'table' ? block.cells.flatMap((cell) => cell.lines) : [])),
    ];
    const references = bodyLines.flatMap((line) => referenceMarks(line, body));
    const used = new Set<Span>();
    const matched = notes.map((note) => {
      const span = references.find((each) => !used.has(each) && each.text.trim() === note.mark);
      if (span) used.add(span);
      return span;
    });
    if (matched.some((span) => span === undefined) || (carried.length > 0 && !goesOn(last, carried[0]!))) {
      last = undefined;
      continue;
    }
    if (carried.length > 0) last!.parts.push(carried);
    notes.forEach((note, index) => {
      const footnote: Footnote = { parts: [note.lines], paragraphs: [] };
      const span = matched[index]!;
      // The mark alone in its span, the space after it in one of its own.
      const space = /\s*$/.exec(span.text)![0];
      if (space !== '') {
        const line = bodyLines.find((each) => each.spans.includes(span))!;
        line.spans.splice(line.spans.indexOf(span) + 1, 0, { ...span, text: space });
      }
      span.text = note.mark;
      span.footnote = footnote;
      delete span.link;
      last = footnote;
    });
    page.blocks = withoutLines(page.blocks, new Set(foot));
  }
}
