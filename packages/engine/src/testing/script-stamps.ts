import { spawnSync } from 'node:child_process';
import * as hb from 'harfbuzzjs';
import { fontFileBytes, shapeLine } from '../stamping/shape-text.js';
import type { FontFace } from '../stamping/stamp-fonts.js';
import { writePdfObjects } from './make-pdf.js';
import { parsePpm } from './ppm.js';

/**
 * Checks for text stamped in any script: what pdftotext reads back, and whether the page shows the glyphs the
 * shaping chose (not boxes, not other glyphs) by comparing it with a reference drawn from the fonts' own outlines.
 */

/** Text in each script the issue names, with a shaping feature each (joining, ligature, conjunct, reordering). */
export const SCRIPT_SAMPLES = [
  { script: 'Chinese', text: '机密文件 草稿' },
  { script: 'Japanese', text: '社外秘 ひみつ カタカナ' },
  // Joining forms and the lam-alef ligature (لا).
  { script: 'Arabic', text: 'مسودة لا تنشر' },
  { script: 'Hebrew', text: 'טיוטה סודית' },
  // Vowel marks placed on their letters.
  { script: 'Arabic with vowel marks', text: 'سَلامٌ عَلَيْكُم' },
  { script: 'Hebrew with points', text: 'שָׁלוֹם עוֹלָם' },
  // A conjunct (स्त), a nukta (ज़) and a vowel sign drawn before its consonant (कि).
  { script: 'Hindi', text: 'गोपनीय दस्तावेज़ कि' },
] as const;

const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** pdftotext's text with the direction marks it adds removed and white space collapsed. */
export const plainText = (text: string) => text.replace(BIDI_CONTROLS, '').replace(/\s+/g, ' ').trim();
/**
 * The characters in order without any white space: pdftotext places the spaces around a number inside
 * right-to-left text by its own rules (the words and letters still come in logical order).
 */
export const withoutSpaces = (text: string) => text.replace(BIDI_CONTROLS, '').replace(/\s+/g, '');

interface InkImage {
  width: number;
  height: number;
  /** 1 where the pixel is mostly ink. */
  ink: Uint8Array;
}

function inkOf(width: number, height: number, gray: (index: number) => number): InkImage {
  const ink = new Uint8Array(width * height);
  for (let i = 0; i < ink.length; i++) ink[i] = gray(i) < 128 ? 1 : 0;
  return { width, height, ink };
}

/** The smallest rectangle holding all the ink, cut out. */
function cropToInk(image: InkImage): InkImage {
  let x0 = image.width;
  let y0 = image.height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      if (!image.ink[y * image.width + x]) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  }
  if (x1 < 0) return { width: 0, height: 0, ink: new Uint8Array() };
  const width = x1 - x0 + 1;
  const height = y1 - y0 + 1;
  const ink = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    ink.set(image.ink.subarray((y0 + y) * image.width + x0, (y0 + y) * image.width + x1 + 1), y * width);
  return { width, height, ink };
}

/** Page `page` (1-based) of a PDF (a path, or the file's bytes) rendered by poppler at `dpi`, its ink cropped. */
export function renderedInk(pdf: string | Uint8Array, page: number, dpi: number): InkImage {
  const args = ['-r', String(dpi), '-f', String(page), '-l', String(page), typeof pdf === 'string' ? pdf : '-'];
  const result = spawnSync('pdftoppm', args, {
    maxBuffer: 256 << 20,
    ...(typeof pdf === 'string' ? {} : { input: pdf }),
  });
  if (result.status !== 0) throw new Error(`pdftoppm failed: ${result.stderr.toString()}`);
  const { width, height, pixels } = parsePpm(result.stdout);
  return cropToInk(inkOf(width, height, (i) => (pixels[i * 3]! + pixels[i * 3 + 1]! + pixels[i * 3 + 2]!) / 3));
}

/** An SVG path of a glyph (font units, y up) as PDF path operators, moved to (x, y) and scaled by `unit`. */
function glyphPathOperators(svgPath: string, x: number, y: number, unit: number): string {
  const operators: string[] = [];
  let current: [number, number] = [0, 0];
  const at = (gx: number, gy: number) => `${(x + gx * unit).toFixed(3)} ${(y + gy * unit).toFixed(3)}`;
  for (const [, command, args] of svgPath.matchAll(/([MLQCZ])([^MLQCZ]*)/g)) {
    const n = args!.split(/[ ,]+/).filter(Boolean).map(Number);
    if (command === 'M' || command === 'L') {
      operators.push(`${at(n[0]!, n[1]!)} ${command === 'M' ? 'm' : 'l'}`);
      current = [n[0]!, n[1]!];
    } else if (command === 'Q') {
      // A quadratic curve as the cubic PDF draws: control points 2/3 of the way to the quadratic one.
      const [qx, qy, ex, ey] = n as [number, number, number, number];
      const c1 = [current[0] + (2 / 3) * (qx - current[0]), current[1] + (2 / 3) * (qy - current[1])] as const;
      const c2 = [ex + (2 / 3) * (qx - ex), ey + (2 / 3) * (qy - ey)] as const;
      operators.push(`${at(c1[0], c1[1])} ${at(c2[0], c2[1])} ${at(ex, ey)} c`);
      current = [ex, ey];
    } else if (command === 'C') {
      operators.push(`${at(n[0]!, n[1]!)} ${at(n[2]!, n[3]!)} ${at(n[4]!, n[5]!)} c`);
      current = [n[4]!, n[5]!];
    } else operators.push('h');
  }
  return operators.join('\n');
}

const outlineFonts = new Map<string, { font: hb.Font; upem: number }>();
/** A font for reading glyph outlines, loaded once per test file (the CJK collection is 19 MB). */
function outlineFont(face: FontFace): { font: hb.Font; upem: number } {
  const key = `${face.path}#${face.index}`;
  let loaded = outlineFonts.get(key);
  if (!loaded) {
    const hbFace = new hb.Face(new hb.Blob(fontFileBytes(face.path)), face.index);
    loaded = { font: new hb.Font(hbFace), upem: hbFace.upem };
    outlineFonts.set(key, loaded);
  }
  return loaded;
}

/**
 * `text` shaped as the stamp shapes it, drawn as filled paths from the fonts' outlines as HarfBuzz reads them, at
 * `fontSize` points, rendered by poppler at `dpi`, its ink cropped. It goes through neither the PDF font
 * embedding nor the subsetting, so a wrong glyph, a box or a lost mark in the stamped page makes the two differ.
 */
export function referenceInk(text: string, fontSize: number, dpi: number): InkImage {
  const line = shapeLine(text);
  const width = (line.emWidth + 2) * fontSize;
  const height = 3 * fontSize;
  const paths: string[] = [];
  let pen = fontSize;
  for (const run of line.runs) {
    const { font, upem } = outlineFont(run.face);
    const unit = fontSize / upem;
    for (const glyph of run.clusters.flatMap((cluster) => cluster.glyphs)) {
      const x = pen + glyph.xOffset * fontSize;
      const y = fontSize + glyph.yOffset * fontSize;
      paths.push(glyphPathOperators(font.glyphToPath(glyph.gid), x, y, unit));
      pen += glyph.advance * fontSize;
    }
  }
  // Non-zero winding, as TrueType and CFF outlines are filled.
  const content = `${paths.join('\n')}\nf\n`;
  const pdf = writePdfObjects(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      `<< /Type /Pages /Kids [3 0 R] /Count 1 >>`,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width.toFixed(2)} ${height.toFixed(2)}] /Contents 4 0 R >>`,
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    ],
    '/Root 1 0 R',
  );
  return renderedInk(pdf, 1, dpi);
}

/** The share of `a`'s ink pixels that have ink of `b` within one pixel. */
function inkFoundIn(a: InkImage, b: InkImage): number {
  let found = 0;
  let total = 0;
  const inB = (x: number, y: number) => x >= 0 && y >= 0 && x < b.width && y < b.height && b.ink[y * b.width + x] === 1;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      if (!a.ink[y * a.width + x]) continue;
      total++;
      if (inB(x, y) || inB(x - 1, y) || inB(x + 1, y) || inB(x, y - 1) || inB(x, y + 1)) found++;
    }
  }
  return total === 0 ? 0 : found / total;
}

/**
 * How well two ink images agree, laid over each other by their top-left corners: the smaller of the shares of
 * each one's ink found in the other (within a pixel, for the two renderers' anti-aliasing). The same glyphs score
 * near 1; boxes, other glyphs or glyphs out of place score far lower, and so does ink missing from either side.
 */
export function inkOverlap(a: InkImage, b: InkImage): number {
  return Math.min(inkFoundIn(a, b), inkFoundIn(b, a));
}
