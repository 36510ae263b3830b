import { type Box, type TextLine, type Word, heightOf, median, union } from './table-model.js';

/**
 * Words grouped into the lines they sit on, top to bottom, each line's words left to right: a word joins the line
 * it overlaps by more than half its height (subscripts and a slightly lower baseline stay on the line).
 */
export function textLines<W extends Word>(words: readonly W[]): TextLine<W>[] {
  const sorted = [...words].sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
  const lines: TextLine<W>[] = [];
  // Lines still open: their bottom lies below the top of the word being placed.
  let open: TextLine<W>[] = [];
  for (const word of sorted) {
    open = open.filter((line) => line.y1 > word.y0);
    const height = Math.max(0.1, heightOf(word));
    const line = open.find(
      (candidate) =>
        Math.min(candidate.y1, word.y1) - Math.max(candidate.y0, word.y0) > 0.5 * Math.min(height, heightOf(candidate)),
    );
    if (line) {
      line.words.push(word);
      line.x0 = Math.min(line.x0, word.x0);
      line.x1 = Math.max(line.x1, word.x1);
    } else {
      const created: TextLine<W> = { x0: word.x0, y0: word.y0, x1: word.x1, y1: word.y1, words: [word] };
      lines.push(created);
      open.push(created);
    }
  }
  for (const line of lines) line.words.sort((a, b) => a.x0 - b.x0);
  return lines.sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
}

/** A run of words on one line with no wider gap between them than words of a sentence leave. */
export interface Segment<W extends Word = Word> extends Box {
  words: W[];
}

/**
 * Gaps at least this many times the font size part a line into segments: word spaces are a quarter to a third of
 * it (justified lines rarely pass half), the space between cells of a table is wider.
 */
const SEGMENT_GAP = 0.75;

/**
 * The line cut where the white between words is wider than a word space, before each word of `cutBefore`
 * (narrower gaps that columns of other lines show to be gutters), and before a word the text before was cut off at.
 */
export function segments<W extends Word>(line: TextLine<W>, cutBefore?: ReadonlySet<W>): Segment<W>[] {
  const result: Segment<W>[] = [];
  const size = median(line.words.map((word) => word.size)) || heightOf(line);
  for (const word of line.words) {
    const last = result.at(-1);
    if (last && word.x0 - last.x1 < SEGMENT_GAP * size && !cutBefore?.has(word) && !word.afterCut) {
      last.words.push(word);
      last.x1 = Math.max(last.x1, word.x1);
      last.y0 = Math.min(last.y0, word.y0);
      last.y1 = Math.max(last.y1, word.y1);
    } else result.push({ ...union([word]), words: [word] });
  }
  return result;
}
