import { readFileSync } from 'node:fs';
import bidiModule from 'bidi-js';
import * as hb from 'harfbuzzjs';
import { ToolError } from '@paperknife/catalog/errors';
import { type FontFace, type FontStyle, PLAIN_STYLE, cjkFaceFor, fallbackChain, sameFace } from './stamp-fonts.js';

/**
 * One line of text made ready to draw: split into runs by direction and by font, each run shaped by HarfBuzz
 * (Arabic joining forms, Indic conjuncts and reordering, marks placed, kerning), the runs in visual order.
 * See docs/decisions/140.
 */

export interface ShapedGlyph {
  gid: number;
  /** In em (font size 1). */
  advance: number;
  xOffset: number;
  yOffset: number;
}

/** Glyphs that stand for one piece of the text (a character, or a grapheme HarfBuzz could not split). */
export interface ShapedCluster {
  text: string;
  /** Left to right as drawn. */
  glyphs: ShapedGlyph[];
}

export interface ShapedRun {
  face: FontFace;
  rtl: boolean;
  /** Left to right as drawn. */
  clusters: ShapedCluster[];
}

export interface ShapedLine {
  /** The text, in logical order. */
  text: string;
  /** Left to right as drawn. */
  runs: ShapedRun[];
  /** Width at font size 1. */
  emWidth: number;
}

interface LoadedFont {
  font: hb.Font;
  upem: number;
}

/** Fonts stay loaded for the life of the worker thread: a page-numbering job shapes one line per page. */
const loadedFonts = new Map<string, LoadedFont>();
const fontFiles = new Map<string, Uint8Array>();

/** The bytes of a font file, read once per worker thread. */
export function fontFileBytes(path: string): Uint8Array {
  let bytes = fontFiles.get(path);
  if (!bytes) {
    bytes = readFileSync(path);
    fontFiles.set(path, bytes);
  }
  return bytes;
}

function loadFont(face: FontFace): LoadedFont {
  const key = `${face.path}#${face.index}`;
  let loaded = loadedFonts.get(key);
  if (!loaded) {
    const hbFace = new hb.Face(new hb.Blob(fontFileBytes(face.path)), face.index);
    loaded = { font: new hb.Font(hbFace), upem: hbFace.upem };
    loadedFonts.set(key, loaded);
  }
  return loaded;
}

const covers = (face: FontFace, codePoint: number) => (loadFont(face).font.nominalGlyph(codePoint) ?? 0) > 0;

/** Characters that belong to the one before them: marks, joiners, variation selectors, emoji modifiers. */
const ATTACHES_TO_PREVIOUS = /^[\p{M}\u200c\u200d\p{Variation_Selector}\p{Emoji_Modifier}]$/u;
/** Characters of no script of their own (spaces, digits, punctuation): they take a neighbour's font when it can. */
const SCRIPT_NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}]$/u;
/** Default-ignorable characters that draw nothing when no font has them (joiners, marks of direction). */
const INVISIBLE = /^[\p{Default_Ignorable_Code_Point}]$/u;
const INVISIBLE_TEXT = /^[\p{Default_Ignorable_Code_Point}]+$/u;

interface Item {
  start: number;
  end: number;
  face: FontFace;
  level: number;
}

type BidiFactory = typeof bidiModule.default;
// bidi-js is a UMD module: Node hands over its module.exports, the factory that its types call `default`.
const bidiFactory: BidiFactory =
  typeof bidiModule === 'function' ? (bidiModule as unknown as BidiFactory) : bidiModule.default;
const bidi = bidiFactory();

/** Splits `text` into items of one font and one bidi level, in logical order. */
function itemize(text: string, style: FontStyle): Item[] {
  const { levels } = bidi.getEmbeddingLevels(text, 'auto');
  const items: Item[] = [];
  const missing: string[] = [];
  const cjk = cjkFaceFor(text, style);
  let previous: FontFace | undefined;
  let index = 0;
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    let face: FontFace | undefined;
    if (previous && (ATTACHES_TO_PREVIOUS.test(char) || INVISIBLE.test(char))) face = previous;
    else if (previous && SCRIPT_NEUTRAL.test(char) && covers(previous, codePoint)) face = previous;
    else face = fallbackChain(char, cjk, style).find((candidate) => covers(candidate, codePoint));
    if (!face) {
      if (INVISIBLE.test(char)) face = previous ?? fallbackChain('a', cjk, style)[0];
      if (!face) {
        missing.push(char);
        index += char.length;
        continue;
      }
    }
    const level = levels[index]!;
    const last = items.at(-1);
    if (last && last.end === index && last.level === level && sameFace(last.face, face)) last.end += char.length;
    else items.push({ start: index, end: index + char.length, face, level });
    previous = face;
    index += char.length;
  }
  if (missing.length > 0) {
    const shown = [...new Set(missing)].slice(0, 5).join(' ');
    throw new ToolError(
      'invalid_option',
      `No font available here can draw some characters of this text (${shown}). Remove them or use other characters.`,
    );
  }
  return items;
}

/** Unicode's rule L2: from the highest level down to the lowest odd one, reverse every run at that level or higher. */
function visualOrder<T extends { level: number }>(items: T[]): T[] {
  const order = [...items];
  const highest = Math.max(0, ...order.map((item) => item.level));
  const lowestOdd = Math.min(...order.map((item) => (item.level % 2 === 1 ? item.level : Infinity)));
  for (let level = highest; level >= lowestOdd && level > 0; level--) {
    for (let start = 0; start < order.length;) {
      if (order[start]!.level < level) {
        start++;
        continue;
      }
      let end = start;
      while (end < order.length && order[end]!.level >= level) end++;
      order.splice(start, end - start, ...order.slice(start, end).reverse());
      start = end;
    }
  }
  return order;
}

function shapeItem(text: string, item: Item): ShapedRun {
  const { font, upem } = loadFont(item.face);
  const runText = text.slice(item.start, item.end);
  const rtl = item.level % 2 === 1;
  const buffer = new hb.Buffer();
  buffer.addText(runText);
  buffer.setDirection(rtl ? hb.Direction.RTL : hb.Direction.LTR);
  buffer.guessSegmentProperties();
  hb.shape(font, buffer);
  const glyphs = buffer.getGlyphInfosAndPositions();

  // Clusters are UTF-16 offsets into the run; a cluster's text runs to the next larger offset.
  const starts = [...new Set(glyphs.map((glyph) => glyph.cluster))].sort((a, b) => a - b);
  const textOf = (cluster: number) => runText.slice(cluster, starts.find((start) => start > cluster) ?? runText.length);
  const clusters: ShapedCluster[] = [];
  glyphs.forEach((glyph, index) => {
    const shaped: ShapedGlyph = {
      gid: glyph.codepoint,
      advance: (glyph.xAdvance ?? 0) / upem,
      xOffset: (glyph.xOffset ?? 0) / upem,
      yOffset: (glyph.yOffset ?? 0) / upem,
    };
    // An invisible character the font lacks comes out as an empty .notdef: nothing to draw.
    if (shaped.gid === 0 && shaped.advance === 0) return;
    const last = clusters.at(-1);
    if (last && index > 0 && glyphs[index - 1]!.cluster === glyph.cluster) last.glyphs.push(shaped);
    else clusters.push({ text: textOf(glyph.cluster), glyphs: [shaped] });
  });
  // Direction marks and other invisible format characters come out as empty glyphs of no width: left out, so
  // they cannot lend their meaning to the space glyph HarfBuzz draws them with.
  const drawn = clusters.filter(
    (cluster) => !(INVISIBLE_TEXT.test(cluster.text) && cluster.glyphs.every((glyph) => glyph.advance === 0)),
  );
  return { face: item.face, rtl, clusters: drawn };
}

/** Whether a paragraph reads right to left: its first strong character is Arabic, Hebrew or another such script. */
export function readsRightToLeft(paragraph: string): boolean {
  return bidi.getEmbeddingLevels(paragraph, 'auto').paragraphs[0]?.level === 1;
}

/**
 * Shapes one line of text in any script the installed fonts cover, in the style's fonts; throws `invalid_option`
 * for the rest.
 */
export function shapeLine(line: string, style: FontStyle = PLAIN_STYLE): ShapedLine {
  // A stamp is one line: line breaks, tabs and other control characters read as spaces.
  const text = line.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ');
  const items = itemize(text, style);
  const runs = visualOrder(items).map((item) => shapeItem(text, item));
  const emWidth = runs
    .flatMap((run) => run.clusters)
    .flatMap((cluster) => cluster.glyphs)
    .reduce((width, glyph) => width + glyph.advance, 0);
  return { text, runs, emWidth };
}
