import * as mupdf from 'mupdf';
import type { PageContent, Rule, Word } from './table-model.js';
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
  for (const line of lines) {
    let word: Word | undefined;
    let last: { x0: number; x1: number } | undefined;
    for (const glyph of line) {
      const q = glyph.quad;
      const box = turnBox([q[0], q[2], q[4], q[6]], [q[1], q[3], q[5], q[7]]);
      if (/\s/.test(glyph.text)) {
        word = undefined;
        continue;
      }
      // Characters come in reading order: right to left in Hebrew and Arabic, so the gap is measured either way.
      const gap = last ? Math.max(box.x0 - last.x1, last.x0 - box.x1) : 0;
      if (word && gap <= WORD_GAP * glyph.size) {
        word.text += glyph.text;
        word.x0 = Math.min(word.x0, box.x0);
        word.x1 = Math.max(word.x1, box.x1);
        word.y0 = Math.min(word.y0, box.y0);
        word.y1 = Math.max(word.y1, box.y1);
      } else {
        word = { ...box, text: glyph.text, size: glyph.size };
        words.push(word);
      }
      last = box;
    }
  }
  const rules = straightRules(page).map((rule) => turnBox([rule.x0, rule.x1], [rule.y0, rule.y1]));
  const sideways = turn === 1 || turn === 2;
  return {
    width: sideways ? bottom - top : right - left,
    height: sideways ? right - left : bottom - top,
    words,
    rules,
  };
}
