import * as mupdf from 'mupdf';
import { type PageContent, type Rule, type Word, median } from './table-model.js';
import { alongLine, digitsInReadingOrder } from '../mupdf/digit-order.js';
import { INHIBIT_SPACES, walkWithSpaces } from '../mupdf/word-spaces.js';

/**
 * What table detection needs from a PDF page, read through MuPDF: its words (from the structured text's
 * characters, cut at spaces and at gaps a space would fill) and the straight rules it draws (stroked lines, the
 * edges of stroked rectangles, thin filled rectangles). A page whose text mostly runs down or up (a table set
 * sideways on a portrait page) is turned so its text reads left to right, rules with it.
 */

/** Rules thicker than this (points) are shapes, not lines of a table. */
const MAX_RULE_WIDTH = 3;
/** A gap between two characters wider than this share of the font size parts words, space or not. */
const WORD_GAP = 0.3;
/**
 * A narrower gap (or an overlap) off the line's usual gap between letters by this (points) or more, and by four times
 * their usual deviation, parts words where the text after it starts where words start on other lines nearby
 * (COLUMN_START_LINES of them, within COLUMN_START_WINDOW line heights, to COLUMN_START_ALIGNED points): a
 * spreadsheet cut a cell's overflowing text at the next cell, whose text starts right there, with its last letter
 * partly drawn ("Avda. de la ConstituciónMéxico D.F.", "Mehrheimerstr. 3Köln").
 */
const CUT_TEXT_GAP = 0.1;
const CUT_TEXT_DEVIATIONS = 4;
const COLUMN_START_ALIGNED = 0.25;
const COLUMN_START_LINES = 2;
const COLUMN_START_WINDOW = 6;

type Direction = readonly [number, number];
const DIRECTIONS: readonly Direction[] = [
  [1, 0],
  [0, 1],
  [0, -1],
  [-1, 0],
];

/** The nearest of the four reading directions to a vector. */
function directionIndex(dx: number, dy: number): number {
  if (Math.abs(dx) >= Math.abs(dy)) return dx >= 0 ? 0 : 3;
  return dy >= 0 ? 1 : 2;
}

interface Glyph {
  text: string;
  size: number;
  direction: number;
  /** The quad's corners: upper left, upper right, lower left, lower right. */
  quad: mupdf.Quad;
}

function straightRules(page: mupdf.PDFPage): Rule[] {
  const rules: Rule[] = [];
  const subpathsOf = (path: mupdf.Path, ctm: mupdf.Matrix) => {
    const [a, b, c, d, e, f] = ctm;
    const at = (x: number, y: number): [number, number] => [a * x + c * y + e, b * x + d * y + f];
    const subpaths: [number, number][][] = [];
    let curved = false;
    path.walk({
      moveTo: (x, y) => subpaths.push([at(x, y)]),
      lineTo: (x, y) => subpaths.at(-1)?.push(at(x, y)),
      curveTo: () => {
        curved = true;
      },
      closePath: () => {
        const points = subpaths.at(-1);
        if (points && points.length > 0) points.push(points[0]!);
      },
    });
    return curved ? [] : subpaths;
  };
  const device = new mupdf.Device({
    strokePath(path, stroke, ctm, colorSpace) {
      try {
        const scale = Math.sqrt(Math.abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]));
        const thickness = Math.max(0.1, stroke.getLineWidth() * scale);
        if (thickness > MAX_RULE_WIDTH) return;
        for (const points of subpathsOf(path, ctm)) {
          for (let index = 1; index < points.length; index++) {
            const [x0, y0] = points[index - 1]!;
            const [x1, y1] = points[index]!;
            if (Math.abs(x0 - x1) >= 0.5 && Math.abs(y0 - y1) >= 0.5) continue;
            const half = thickness / 2;
            rules.push({
              x0: Math.min(x0, x1) - half,
              y0: Math.min(y0, y1) - half,
              x1: Math.max(x0, x1) + half,
              y1: Math.max(y0, y1) + half,
            });
          }
        }
      } finally {
        path.destroy();
        stroke.destroy();
        colorSpace.destroy();
      }
    },
    fillPath(path, _evenOdd, ctm, colorSpace, _color, alpha) {
      try {
        if (alpha === 0) return;
        for (const points of subpathsOf(path, ctm)) {
          if (points.length < 4) continue;
          const xs = points.map((point) => point[0]);
          const ys = points.map((point) => point[1]);
          const box = { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
          const rectangle = points.every(
            ([x, y]) =>
              (Math.abs(x - box.x0) < 0.5 || Math.abs(x - box.x1) < 0.5) &&
              (Math.abs(y - box.y0) < 0.5 || Math.abs(y - box.y1) < 0.5),
          );
          if (rectangle && Math.min(box.x1 - box.x0, box.y1 - box.y0) <= MAX_RULE_WIDTH) rules.push(box);
        }
      } finally {
        path.destroy();
        colorSpace.destroy();
      }
    },
  });
  try {
    page.runPageContents(device, mupdf.Matrix.identity);
    device.close();
  } finally {
    device.destroy();
  }
  return rules;
}

/** The page's characters line by line, as MuPDF's structured text groups them, numbers in reading order. */
function glyphLines(page: mupdf.PDFPage): Glyph[][] {
  const lines: Glyph[][] = [];
  let line: Glyph[] | undefined;
  const stext = page.toStructuredText(`preserve-whitespace,${INHIBIT_SPACES}`);
  try {
    walkWithSpaces(stext, {
      beginLine: () => {
        line = [];
      },
      onChar: (text, _origin, _font, size, quad) => {
        line?.push({ text, size, direction: directionIndex(quad[2] - quad[0], quad[3] - quad[1]), quad });
      },
      endLine: () => {
        if (line && line.length > 0)
          lines.push(
            digitsInReadingOrder(
              line,
              (glyph) => glyph.text,
              (glyph) => alongLine(glyph.quad),
            ),
          );
        line = undefined;
      },
    });
  } finally {
    stext.destroy();
  }
  return lines;
}

/** Where a word may part: before its character `at`, the text before ending at `end`, the text after starting at `start`. */
interface WordMark {
  at: number;
  end: number;
  start: number;
}

/** Words parted at the marks where the text after starts where words start on other lines nearby. */
function cutAtColumnStarts(words: readonly Word[], marks: ReadonlyMap<Word, WordMark[]>): Word[] {
  if (marks.size === 0) return [...words];
  const starts = words.map((word) => ({ x: word.x0, y: (word.y0 + word.y1) / 2 })).sort((a, b) => a.x - b.x);
  const firstFrom = (x: number) => {
    let [low, high] = [0, starts.length];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (starts[middle]!.x < x) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const columnStart = (word: Word, x: number) => {
    const height = word.y1 - word.y0;
    const y = (word.y0 + word.y1) / 2;
    const lines = new Set<number>();
    for (let index = firstFrom(x - COLUMN_START_ALIGNED); index < starts.length; index++) {
      const other = starts[index]!;
      if (other.x > x + COLUMN_START_ALIGNED) break;
      const away = Math.abs(other.y - y);
      if (away > 0.5 * height && away <= COLUMN_START_WINDOW * height) lines.add(Math.round(other.y));
    }
    return lines.size >= COLUMN_START_LINES;
  };
  return words.flatMap((word) => {
    const cuts = (marks.get(word) ?? []).filter((mark) => columnStart(word, mark.start));
    if (cuts.length === 0) return [word];
    const bounds = [{ at: 0, start: word.x0 }, ...cuts.map(({ at, start }) => ({ at, start }))];
    return bounds.map((bound, index) => {
      const next = cuts[index];
      const piece: Word = {
        ...word,
        x0: bound.start,
        x1: next ? Math.min(next.end, next.start) : word.x1,
        text: word.text.slice(bound.at, next ? next.at : undefined),
      };
      if (index > 0) piece.afterCut = true;
      return piece;
    });
  });
}

/**
 * The gap between letters of a line not parted by a space or a word's gap, and how far off it a gap must stand to
 * be no letters' gap: CUT_TEXT_GAP, or more on a line whose letters stand irregularly.
 */
function letterGaps(boxes: readonly ({ x0: number; x1: number; size: number } | undefined)[]) {
  const gaps: number[] = [];
  boxes.forEach((box, index) => {
    const last = boxes[index - 1];
    if (box && last && box.x0 - last.x1 <= WORD_GAP * box.size) gaps.push(box.x0 - last.x1);
  });
  const usual = median(gaps);
  const deviation = median(gaps.map((gap) => Math.abs(gap - usual)));
  return { usual, off: Math.max(CUT_TEXT_GAP, CUT_TEXT_DEVIATIONS * deviation) };
}

/** The words and rules of a page, turned so that most of its text reads left to right. */
export function readPageContent(page: mupdf.PDFPage): PageContent {
  const [left, top, right, bottom] = page.getBounds();
  const lines = glyphLines(page);
  const votes = [0, 0, 0, 0];
  for (const line of lines) for (const glyph of line) votes[glyph.direction]!++;
  const turn = votes.indexOf(Math.max(...votes));
  const [rx, ry] = DIRECTIONS[turn]!;
  // Along the reading direction, and down its lines (the reading direction turned a quarter clockwise).
  const [dx, dy] = [-ry, rx];
  const corners = [
    [left, top],
    [right, top],
    [left, bottom],
    [right, bottom],
  ] as const;
  const originX = Math.min(...corners.map(([x, y]) => x * rx + y * ry));
  const originY = Math.min(...corners.map(([x, y]) => x * dx + y * dy));
  const turnX = (x: number, y: number) => x * rx + y * ry - originX;
  const turnY = (x: number, y: number) => x * dx + y * dy - originY;
  const turnBox = (xs: readonly number[], ys: readonly number[]) => {
    const tx = xs.map((x, index) => turnX(x, ys[index]!));
    const ty = xs.map((x, index) => turnY(x, ys[index]!));
    return { x0: Math.min(...tx), y0: Math.min(...ty), x1: Math.max(...tx), y1: Math.max(...ty) };
  };
  const words: Word[] = [];
  const marks = new Map<Word, WordMark[]>();
  for (const line of lines) {
    let word: Word | undefined;
    let last: { x0: number; x1: number } | undefined;
    const boxes = line.map((glyph) => {
      const q = glyph.quad;
      return /\s/.test(glyph.text)
        ? undefined
        : { ...turnBox([q[0], q[2], q[4], q[6]], [q[1], q[3], q[5], q[7]]), size: glyph.size };
    });
    const letters = letterGaps(boxes);
    line.forEach((glyph, index) => {
      const box = boxes[index];
      if (!box) {
        word = undefined;
        return;
      }
      // Characters come in reading order: right to left in Hebrew and Arabic, so the gap is measured either way.
      const gap = last ? Math.max(box.x0 - last.x1, last.x0 - box.x1) : 0;
      if (word && last && gap <= WORD_GAP * glyph.size) {
        if (box.x0 > last.x0 && Math.abs(box.x0 - last.x1 - letters.usual) >= letters.off) {
          const mark = { at: word.text.length, end: last.x1, start: box.x0 };
          const marked = marks.get(word);
          if (marked) marked.push(mark);
          else marks.set(word, [mark]);
        }
        word.text += glyph.text;
        word.x0 = Math.min(word.x0, box.x0);
        word.x1 = Math.max(word.x1, box.x1);
        word.y0 = Math.min(word.y0, box.y0);
        word.y1 = Math.max(word.y1, box.y1);
      } else {
        word = { x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1, text: glyph.text, size: glyph.size };
        words.push(word);
      }
      last = box;
    });
  }
  const rules = straightRules(page).map((rule) => turnBox([rule.x0, rule.x1], [rule.y0, rule.y1]));
  const sideways = turn === 1 || turn === 2;
  return {
    width: sideways ? bottom - top : right - left,
    height: sideways ? right - left : bottom - top,
    words: cutAtColumnStarts(words, marks),
    rules,
  };
}
