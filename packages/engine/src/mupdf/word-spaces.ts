import type * as mupdf from 'mupdf';
import { textCodePoints } from './stext-exports.js';

/**
 * Where a line of a PDF needs a space its content does not draw. Many PDFs draw no space characters: they place each
 * word where it goes, and a reader puts a space in a gap a space would fill. MuPDF does that at a fixed share of the
 * font size (0.15 em), which breaks words apart wherever letters stand apart for another reason: letter-spaced text,
 * or glyphs narrower than the font the text was laid out with (a substituted font), "do cu m ent" for "document".
 * Here the gap that means a space is measured against the line itself:
 * - past the letters' own spacing: a gap wider by 0.15 em than the line's usual gap between two letters or digits
 *   of spaced scripts (the median, counted up to a quarter em, so that single characters set apart, "1 2 3", still
 *   part; a table of contents' dot leaders are no letters);
 * - on a line that draws its spaces between words, wide enough to be one: six tenths of the narrower stretches a
 *   drawn space covers from the letter before it to the letter after (the lower quartile, of spaces between letters
 *   or digits only: a table of contents' dot leaders set their spaces far wider than its words').
 * Between two characters of a script written without spaces (Chinese, Japanese, Thai...), a gap is never a space:
 * justified or ruby-annotated lines spread those characters apart. The quarter em Japanese type sets a Latin word or
 * a number off by is read as a space, as pdftotext reads it.
 * The structured text is read with MuPDF's own spaces turned off (`INHIBIT_SPACES`) and these put in their place.
 */

/** The structured-text option that leaves the spaces to missingSpaces. */
export const INHIBIT_SPACES = 'inhibit-spaces';

/** A character of a line: whether it is white space, its font size, and where it starts and ends along the line. */
export interface LineGlyph {
  space: boolean;
  /** A character of a script that writes no spaces between words. */
  unspaced: boolean;
  /** A letter or a digit. */
  wordChar: boolean;
  size: number;
  start: number;
  end: number;
}

/** The gap MuPDF (and most readers) take for a space, as a share of the font size. */
const SPACE_GAP = 0.15;
/**
 * A gap wider than this share of the font size (past the letters' own spacing) is no space either: MuPDF starts a new
 * line there, and what it keeps on one line across such a gap is a jump in drawing order (a right-to-left line's
 * question mark drawn first, at its far end).
 */
const MAX_SPACE_GAP = 0.8;
/** Letter spacing past this share of the font size is taken for spaced-out single characters, not for tracking. */
const MAX_TRACKING = 0.25;
/** The share of a drawn space's stretch a gap must reach, on a line that draws its spaces. */
const DRAWN_SPACE_SHARE = 0.6;
/** Letter gaps a line needs before their median counts as its letter spacing. */
const MIN_GAPS = 3;

const WHITE_SPACE = /^\s$/u;
const WORD_CHAR = /^[\p{L}\p{N}]$/u;
const UNSPACED_SCRIPT =
  /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\u3000-\u303f\uff00-\uffef]$/u;

/**
 * A character of a line from its text, font size and quad (of which the upper edge is read), measured along the
 * line's direction (a ligature's second letter has no width of its own, hence not the quad's).
 */
export function lineGlyph(
  char: string,
  size: number,
  quad: ArrayLike<number>,
  [dx, dy]: readonly [number, number],
): LineGlyph {
  const length = Math.hypot(dx, dy) || 1;
  const start = (quad[0]! * dx + quad[1]! * dy) / length;
  const end = (quad[2]! * dx + quad[3]! * dy) / length;
  return {
    space: WHITE_SPACE.test(char),
    unspaced: UNSPACED_SCRIPT.test(char),
    wordChar: WORD_CHAR.test(char),
    size,
    start,
    end,
  };
}

/** The gap between two characters in reading order, either way along the line (right-to-left scripts go back). */
function gapBetween(before: LineGlyph, after: LineGlyph): number {
  return Math.max(after.start - before.end, before.start - after.end) / Math.max(before.size, after.size, 1e-6);
}

/** The value a share of `values` lies under (sorts them in place). */
function quantile(values: number[], share: number): number {
  values.sort((a, b) => a - b);
  const at = (values.length - 1) * share;
  const below = Math.floor(at);
  return values[below]! + (values[Math.ceil(at)]! - values[below]!) * (at - below);
}

/**
 * For each character of a line, whether a space goes before it: the gap from the character before is one a space
 * would fill, and neither of the two is white space already.
 */
export function missingSpaces(glyphs: readonly LineGlyph[]): boolean[] {
  const spaces = glyphs.map(() => false);
  const letterGaps: number[] = [];
  const spaceStretches: number[] = [];
  for (let index = 1; index < glyphs.length; index++) {
    const before = glyphs[index - 1]!;
    const glyph = glyphs[index]!;
    if (before.wordChar && glyph.wordChar && !before.unspaced && !glyph.unspaced) {
      letterGaps.push(gapBetween(before, glyph));
    }
    const after = glyphs[index + 1];
    if (glyph.space && before.wordChar && after?.wordChar) spaceStretches.push(gapBetween(before, after));
  }
  const tracking = letterGaps.length >= MIN_GAPS ? Math.min(Math.max(quantile(letterGaps, 0.5), 0), MAX_TRACKING) : 0;
  const drawnSpace = spaceStretches.length > 0 ? quantile(spaceStretches, 0.25) * DRAWN_SPACE_SHARE : 0;
  const threshold = Math.max(SPACE_GAP, tracking + SPACE_GAP, drawnSpace);
  for (let index = 1; index < glyphs.length; index++) {
    const before = glyphs[index - 1]!;
    const glyph = glyphs[index]!;
    const gap = gapBetween(before, glyph);
    spaces[index] =
      !before.space &&
      !glyph.space &&
      !(before.unspaced && glyph.unspaced) &&
      gap >= threshold &&
      gap <= tracking + MAX_SPACE_GAP;
  }
  return spaces;
}

/**
 * The quad of a space put in between two characters: the gap from the end of the one before to the start of the
 * one after, as tall as they are (the quad MuPDF gave its own spaces).
 */
export function spaceQuad(before: ArrayLike<number>, after: ArrayLike<number>): mupdf.Quad {
  return [before[2]!, before[3]!, after[0]!, after[1]!, before[6]!, before[7]!, after[4]!, after[5]!];
}

type StructuredTextWalker = Parameters<mupdf.StructuredText['walk']>[0];
type OnCharArguments = Parameters<NonNullable<StructuredTextWalker['onChar']>>;

/**
 * Walks structured text read with `INHIBIT_SPACES` as StructuredText.walk does (each character whole, past U+FFFF
 * too), with the spaces missingSpaces finds handed to `onChar` before the character they go before (its font, size,
 * colour and bidi level, the gap's quad). A line's characters are held until it ends, as where spaces go depends on
 * the whole line.
 */
export function walkWithSpaces(stext: mupdf.StructuredText, walker: StructuredTextWalker): void {
  let direction: readonly [number, number] = [1, 0];
  let chars: OnCharArguments[] = [];
  // Letters past U+FFFF whole (textCodePoints): walk's own character keeps 16 bits of them.
  const codePoints = textCodePoints(stext);
  let next = 0;
  stext.walk({
    ...walker,
    beginLine(bbox, wmode, [dx, dy]) {
      direction = [dx, dy];
      chars = [];
      walker.beginLine?.(bbox, wmode, [dx, dy]);
    },
    onChar(...args) {
      const codePoint = codePoints?.[next++];
      if (codePoint !== undefined) args[0] = String.fromCodePoint(codePoint);
      chars.push(args);
    },
    endLine() {
      const spaces = missingSpaces(chars.map(([char, , , size, quad]) => lineGlyph(char, size, quad, direction)));
      chars.forEach((args, index) => {
        if (spaces[index]) {
          const [, origin, font, size, quad, color, bidi] = args;
          walker.onChar?.(' ', origin, font, size, spaceQuad(chars[index - 1]![4], quad), color, bidi);
        }
        walker.onChar?.(...args);
      });
      walker.endLine?.();
    },
  });
}
