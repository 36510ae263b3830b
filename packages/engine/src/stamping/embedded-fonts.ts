import { basename } from 'node:path';
import * as mupdf from 'mupdf';
import { subsetFont } from './font-subset.js';
import { type ShapedLine, fontFileBytes } from './shape-text.js';
import type { FontFace } from './stamp-fonts.js';

/**
 * Shaped text written as PDF text: the fonts its runs use embedded once per document as subsets that keep the
 * shaping's glyph ids, each glyph placed where HarfBuzz put it, and ToUnicode maps made from what the glyphs stood
 * for, so copying and searching give the text back. Watermark, Page numbers and Add Text and Images draw with it.
 */

/** A font of the text, embedded once for the whole document. */
interface EmbeddedFont {
  name: string;
  ref: mupdf.PDFObject;
  /** What each glyph stands for, for the ToUnicode map: the first text seen for it. */
  glyphText: Map<number, string>;
}

const hex4 = (value: number) => value.toString(16).padStart(4, '0');
const utf16Hex = (text: string) =>
  [...text]
    .map((char) => char.codePointAt(0)!)
    .map(utf16Units)
    .join('');
function utf16Units(codePoint: number): string {
  if (codePoint < 0x10000) return hex4(codePoint);
  const offset = codePoint - 0x10000;
  return hex4(0xd800 + (offset >> 10)) + hex4(0xdc00 + (offset & 0x3ff));
}

/** A ToUnicode CMap from glyph ids (Identity-H codes) to text, so copying and searching give back the text. */
function toUnicodeCMap(glyphText: Map<number, string>): string {
  const entries = [...glyphText].sort(([a], [b]) => a - b);
  const chunks: string[] = [];
  for (let start = 0; start < entries.length; start += 100) {
    const chunk = entries.slice(start, start + 100);
    chunks.push(
      `${chunk.length} beginbfchar\n${chunk.map(([gid, text]) => `<${hex4(gid)}> <${utf16Hex(text)}>`).join('\n')}\nendbfchar`,
    );
  }
  return [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def /CMapType 2 def',
    '1 begincodespacerange <0000> <FFFF> endcodespacerange',
    ...chunks,
    'endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
}

/** The character of `text` whose own glyph (in the font's character map) is `gid`, if one is. */
function nominalText(font: mupdf.Font, gid: number, text: string): string | undefined {
  return [...text].find((char) => font.encodeCharacter(char.codePointAt(0)!) === gid);
}

/**
 * Records what glyph `gid` stands for, for the ToUnicode map, unless it already stands for something: true when
 * it stands for `text` (a glyph has one meaning in a font, the first one seen).
 */
function claim(font: EmbeddedFont, gid: number, text: string | undefined): boolean {
  if (text === undefined) return false;
  if (!font.glyphText.has(gid)) font.glyphText.set(gid, text);
  return font.glyphText.get(gid) === text;
}

const showGlyph = (place: number[], gid: number) => `${place.map((n) => +n.toFixed(4)).join(' ')} Tm <${hex4(gid)}> Tj`;

/**
 * The text operators drawing one shaped line whose baseline starts at `matrix` (text space = user space turned and
 * placed; the font size is set by Tf). Every glyph is placed where HarfBuzz put it, by a Tm of its own, so nothing
 * depends on the widths a viewer reads from the font. A glyph stands for its cluster's text in the ToUnicode map
 * (a ligature for its letters); a cluster of several glyphs (conjuncts, reordered vowel signs, letters with marks)
 * is wrapped in an ActualText span instead.
 */
export function lineOperators(
  line: ShapedLine,
  { fonts, mupdfFonts }: DocumentFonts,
  fontSize: number,
  matrix: readonly number[],
): string {
  const [a, b, c, d, e, f] = matrix as [number, number, number, number, number, number];
  const operators: string[] = [];
  let pen = 0;
  for (const run of line.runs) {
    const key = faceKey(run.face);
    const font = fonts.get(key)!;
    const mupdfFont = mupdfFonts.get(key)!;
    operators.push(`/${font.name} ${fontSize} Tf`);
    for (const cluster of run.clusters) {
      const placed = cluster.glyphs.map((glyph) => {
        const x = (pen + glyph.xOffset) * fontSize;
        const y = glyph.yOffset * fontSize;
        pen += glyph.advance;
        return { glyph, x, place: [a, b, c, d, e + a * x + c * y, f + b * x + d * y] };
      });
      // Extractors (poppler, MuPDF, pdf.js) read right-to-left glyphs as drawn and reverse them, a ligature's
      // characters too: its text is written reversed so it comes back in logical order.
      const clusterText = run.rtl ? [...cluster.text].reverse().join('') : cluster.text;
      if (placed.length === 1 && claim(font, placed[0]!.glyph.gid, clusterText)) {
        operators.push(showGlyph(placed[0]!.place, placed[0]!.glyph.gid));
        continue;
      }
      // Several glyphs (conjuncts, reordered vowel signs, letters with marks), or a glyph that already stands for
      // other text: the span says what they read as.
      for (const { glyph } of placed) claim(font, glyph.gid, nominalText(mupdfFont, glyph.gid, cluster.text));
      operators.push(`/Span << /ActualText <FEFF${utf16Hex(clusterText)}> >> BDC`);
      // poppler spans ActualText from the first glyph's origin to the last one's advance. Drawn left to right,
      // and closed by an invisible copy of the glyph reaching furthest right when that is not the last (a letter
      // under its marks), the span covers the cluster exactly, so no space is read into the word at a mark.
      const drawn = [...placed].sort((left, right) => left.x - right.x);
      for (const { glyph, place } of drawn) operators.push(showGlyph(place, glyph.gid));
      const end = (item: (typeof placed)[number]) => item.x + item.glyph.advance * fontSize;
      const furthest = placed.reduce((best, item) => (end(item) > end(best) ? item : best));
      if (end(furthest) > end(drawn.at(-1)!))
        operators.push(`3 Tr ${showGlyph(furthest.place, furthest.glyph.gid)} 0 Tr`);
      operators.push('EMC');
    }
  }
  return operators.join('\n');
}

const faceKey = (face: FontFace) => `${face.path}#${face.index}`;
/** The font's file name (and face number in a collection), for BaseFont. */
const faceName = (face: FontFace) =>
  `${basename(face.path).replace(/\.\w+$/, '')}${face.path.endsWith('.ttc') ? `-${face.index}` : ''}`;

/** A subset font's name starts with six capitals and a plus (PDF 2.0, 9.9.2), here derived from its glyphs. */
function markSubset(doc: mupdf.PDFDocument, type0: mupdf.PDFObject, gids: Set<number>): void {
  let hash = 0;
  for (const gid of [...gids].sort((a, b) => a - b)) hash = (hash * 31 + gid) >>> 0;
  const tag = Array.from({ length: 6 }, (_, i) => String.fromCharCode(65 + (Math.floor(hash / 26 ** i) % 26))).join('');
  const descendant = type0.get('DescendantFonts').get(0);
  const name = `${tag}+${type0.get('BaseFont').asName()}`;
  for (const font of [type0, descendant]) font.put('BaseFont', doc.newName(name));
  const descriptor = descendant.get('FontDescriptor');
  if (descriptor.isDictionary()) descriptor.put('FontName', doc.newName(name));
}

/** The fonts shaped lines use in one document, by face. */
export interface DocumentFonts {
  fonts: Map<string, EmbeddedFont>;
  mupdfFonts: Map<string, mupdf.Font>;
}

/**
 * Embeds the fonts `lines` use as subsets of the glyphs they draw, named `prefix0`, `prefix1`, ... in page
 * resources.
 */
export function embedFonts(doc: mupdf.PDFDocument, lines: Iterable<ShapedLine>, prefix: string): DocumentFonts {
  const faces = new Map<string, { face: FontFace; gids: Set<number> }>();
  for (const run of [...lines].flatMap((line) => line.runs)) {
    const key = faceKey(run.face);
    if (!faces.has(key)) faces.set(key, { face: run.face, gids: new Set() });
    for (const cluster of run.clusters) for (const glyph of cluster.glyphs) faces.get(key)!.gids.add(glyph.gid);
  }
  const mupdfFonts = new Map<string, mupdf.Font>();
  const fonts = new Map<string, EmbeddedFont>();
  for (const [key, { face, gids }] of faces) {
    const font = new mupdf.Font(faceName(face), subsetFont(fontFileBytes(face.path), face.index, gids));
    const ref = doc.addFont(font);
    markSubset(doc, ref, gids);
    mupdfFonts.set(key, font);
    fonts.set(key, { name: `${prefix}${fonts.size}`, ref, glyphText: new Map() });
  }
  return { fonts, mupdfFonts };
}

/** The resource names and font objects a line draws with. */
export function lineFonts(line: ShapedLine, { fonts }: DocumentFonts): { name: string; ref: mupdf.PDFObject }[] {
  return line.runs.map((run) => fonts.get(faceKey(run.face))!);
}

/**
 * Gives each font the ToUnicode map of what its glyphs stood for, once every line is drawn. MuPDF's own map knows
 * only the font's character map; shaped forms (Arabic joining forms, conjuncts) are not in it.
 */
export function writeToUnicodeMaps(doc: mupdf.PDFDocument, { fonts }: DocumentFonts): void {
  for (const font of fonts.values()) {
    const descendant = font.ref.get('DescendantFonts');
    if (font.glyphText.size === 0 || !descendant.isArray()) continue;
    font.ref.put('ToUnicode', doc.addStream(toUnicodeCMap(font.glyphText), doc.newDictionary()));
  }
}

/** Frees MuPDF's copies of the fonts, once the document is saved. */
export function freeFonts({ mupdfFonts }: DocumentFonts): void {
  for (const font of mupdfFonts.values()) font.destroy();
}
