import type { TextAlignment } from '@paperknife/catalog/tools/add-text-images';
import { type ShapedLine, readsRightToLeft, shapeLine } from './shape-text.js';
import type { FontStyle } from './stamp-fonts.js';

/**
 * Text laid out in a box: paragraphs at the text's line breaks, each wrapped at word boundaries (as Intl.Segmenter
 * finds them, so Chinese, Japanese and Thai break between words too) to the box's width, a word wider than the box
 * broken between its characters. Lines are shaped in logical order and reordered for display one by one, as the
 * Unicode bidi algorithm says wrapped lines are.
 */

/** Baselines follow each other at this many font sizes, as a page preview's CSS `line-height: 1.2` does. */
export const LINE_HEIGHT = 1.2;
/** The first baseline sits this many font sizes below the box's top (the font's ascent inside the first line). */
export const FIRST_BASELINE = 0.95;

export interface TextBoxRequest {
  /** The box's width in points. */
  width: number;
  fontSize: number;
  style: FontStyle;
  align: TextAlignment;
}

export interface LaidOutLine {
  line: ShapedLine;
  /** Where the line starts, in points from the box's left edge. */
  x: number;
  /** How far its baseline is below the box's top, in points. */
  baseline: number;
}

const words = new Intl.Segmenter(undefined, { granularity: 'word' });
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Wraps one paragraph into lines no wider than `fits` allows (a single character always makes a line). */
function wrapParagraph(paragraph: string, fits: (text: string) => boolean): string[] {
  const lines: string[] = [];
  let current = '';
  const place = (piece: string) => {
    const candidate = current + piece;
    if (current.trim() === '' ? fits(candidate.trimStart()) : fits(candidate.trimEnd())) {
      current = current.trim() === '' ? candidate.trimStart() : candidate;
      return;
    }
    if (current.trim() !== '') lines.push(current.trimEnd());
    current = '';
    const rest = piece.trimStart();
    if (rest === '') return;
    if (fits(rest)) {
      current = rest;
      return;
    }
    // A word wider than the box: broken between its characters.
    for (const { segment } of graphemes.segment(rest)) {
      if (current !== '' && !fits(current + segment)) {
        lines.push(current);
        current = '';
      }
      current += segment;
    }
  };
  for (const { segment } of words.segment(paragraph)) place(segment);
  if (current.trim() !== '' || lines.length === 0) lines.push(current.trimEnd());
  return lines;
}

/** Lays `text` out in a box of `request.width` points: its lines, shaped, with their offsets in the box. */
export function layoutTextBox(text: string, request: TextBoxRequest): LaidOutLine[] {
  const shaped = new Map<string, ShapedLine>();
  const shape = (line: string) => {
    let result = shaped.get(line);
    if (!result) {
      result = shapeLine(line, request.style);
      shaped.set(line, result);
    }
    return result;
  };
  const fits = (line: string) => shape(line).emWidth * request.fontSize <= request.width + 0.01;
  const laidOut: LaidOutLine[] = [];
  let row = 0;
  for (const paragraph of text.replace(/\t/g, ' ').split(/\r\n|\r|\n|\u2028|\u2029/)) {
    const rightToLeft = readsRightToLeft(paragraph);
    const align = request.align === 'start' ? (rightToLeft ? 'right' : 'left') : request.align;
    for (const lineText of wrapParagraph(paragraph, fits)) {
      const baseline = (FIRST_BASELINE + LINE_HEIGHT * row) * request.fontSize;
      row += 1;
      if (lineText === '') continue;
      const line = shape(lineText);
      const width = line.emWidth * request.fontSize;
      const x = align === 'left' ? 0 : align === 'right' ? request.width - width : (request.width - width) / 2;
      laidOut.push({ line, x, baseline });
    }
  }
  return laidOut;
}
