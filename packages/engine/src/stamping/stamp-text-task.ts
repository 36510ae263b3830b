import { writeFileSync } from 'node:fs';
import type * as mupdf from 'mupdf';
import { embedFonts, freeFonts, lineFonts, lineOperators, writeToUnicodeMaps } from './embedded-fonts.js';
import { type PageFrame, type StampPosition, placeStamp, placeUpright } from './page-placement.js';
import { type ShapedLine, shapeLine } from './shape-text.js';
import { openPdf } from '../mupdf/open-pdf.js';

export interface StampTextPayload {
  input: string;
  output: string;
  /**
   * The text for each stamped page (1-based); pages not listed are left alone. `at`: the baseline's start in the
   * visible page (points from its bottom-left corner), upright and at `fontSize`, instead of `position`.
   */
  stamps: { page: number; text: string; at?: [number, number] }[];
  fontSize: number;
  /** RGB, 0..1. */
  color: [number, number, number];
  opacity: number;
  position: StampPosition;
  rotation: number;
  margin: number;
  /** Appended as an incremental update, leaving every earlier byte (and so earlier signatures) as it was. */
  incremental?: boolean;
}

const FONT_NAME = 'PaperKnifeStampFont';
const STATE_NAME = 'PaperKnifeStampState';

/** The numbers of a PDF array; none for anything else. */
export function numbers(object: mupdf.PDFObject): number[] {
  const values: number[] = [];
  if (object.isArray()) object.forEach((item) => values.push(item.asNumber()));
  return values;
}

/** A subdictionary of the resources, made when missing. */
export function resourceDictionary(doc: mupdf.PDFDocument, resources: mupdf.PDFObject, key: string): mupdf.PDFObject {
  let dictionary = resources.get(key);
  if (!dictionary.isDictionary()) {
    dictionary = doc.newDictionary();
    resources.put(key, dictionary);
  }
  return dictionary;
}

/** The page's visible frame: its CropBox (or MediaBox) and /Rotate. */
export function pageFrameOf(page: mupdf.PDFObject): PageFrame {
  const box = numbers(page.getInheritable('CropBox'));
  const media = numbers(page.getInheritable('MediaBox'));
  const frameBox = (box.length === 4 ? box : media.length === 4 ? media : [0, 0, 612, 792]) as [
    number,
    number,
    number,
    number,
  ];
  const rotateObject = page.getInheritable('Rotate');
  return { box: frameBox, rotate: rotateObject.isNull() ? 0 : rotateObject.asNumber() };
}

/** The page's own resources dictionary: inherited resources are copied onto it, so other pages keep theirs. */
export function ownResources(doc: mupdf.PDFDocument, page: mupdf.PDFObject): mupdf.PDFObject {
  let resources = page.get('Resources');
  if (!resources.isDictionary()) {
    const inherited = page.getInheritable('Resources');
    resources = doc.newDictionary();
    if (inherited.isDictionary()) inherited.forEach((value, key) => resources.put(key as string, value));
    page.put('Resources', resources);
  }
  return resources;
}

/**
 * Appends `content` after the page's own streams, which `save` (a shared `q` stream) opens; `content` starts with
 * the matching `Q`, so any graphics state the page leaves cannot move what is drawn on top.
 */
export function appendPageContent(
  doc: mupdf.PDFDocument,
  page: mupdf.PDFObject,
  save: mupdf.PDFObject,
  content: string,
): void {
  const stampRef = doc.addStream(content, doc.newDictionary());
  const contents = page.get('Contents');
  const list = doc.newArray();
  list.push(save);
  if (contents.isArray()) contents.forEach((item) => list.push(item));
  else if (!contents.isNull()) list.push(contents);
  list.push(stampRef);
  page.put('Contents', list);
}

/**
 * Draws text on pages through a content stream appended after the page's own, which is wrapped in q/Q so any
 * graphics state it leaves cannot move the stamp. The text is real text (an embedded, subset Unicode font), placed
 * in the visible page by page-placement.ts, with its opacity in an ExtGState.
 */
export function stampText(payload: StampTextPayload): { stamped: number } {
  const doc = openPdf(payload.input);
  try {
    // Each distinct text is shaped once (a watermark is the same on every page).
    const lines = new Map<string, ShapedLine>();
    for (const stamp of payload.stamps) if (!lines.has(stamp.text)) lines.set(stamp.text, shapeLine(stamp.text));
    // Embedded as subsets that keep the glyph ids the shaping gave.
    const fonts = embedFonts(doc, lines.values(), FONT_NAME);
    const state = doc.newDictionary();
    state.put('Type', doc.newName('ExtGState'));
    state.put('ca', payload.opacity);
    state.put('CA', payload.opacity);
    const stateRef = doc.addObject(state);
    const save = doc.addStream('q\n', doc.newDictionary());
    const [r, g, b] = payload.color;

    for (const stamp of payload.stamps) {
      const page = doc.findPage(stamp.page - 1);
      const frame = pageFrameOf(page);
      const line = lines.get(stamp.text)!;
      const placement = stamp.at
        ? placeUpright(frame, stamp.at, payload.fontSize)
        : placeStamp(frame, {
            emWidth: line.emWidth,
            fontSize: payload.fontSize,
            position: payload.position,
            rotation: payload.rotation,
            margin: payload.margin,
          });

      const resources = ownResources(doc, page);
      const fontResources = resourceDictionary(doc, resources, 'Font');
      for (const font of lineFonts(line, fonts)) fontResources.put(font.name, font.ref);
      resourceDictionary(doc, resources, 'ExtGState').put(STATE_NAME, stateRef);

      const content =
        `\nQ\nq /${STATE_NAME} gs ${r.toFixed(4)} ${g.toFixed(4)} ${b.toFixed(4)} rg BT\n` +
        `${lineOperators(line, fonts, placement.fontSize, placement.matrix)}\nET Q\n`;
      appendPageContent(doc, page, save, content);
    }
    writeToUnicodeMaps(doc, fonts);
    writeFileSync(payload.output, doc.saveToBuffer(payload.incremental ? 'incremental' : 'compress').asUint8Array());
    freeFonts(fonts);
    return { stamped: payload.stamps.length };
  } finally {
    doc.destroy();
  }
}
