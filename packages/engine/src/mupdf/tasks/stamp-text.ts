import { existsSync, writeFileSync } from 'node:fs';
import * as mupdf from 'mupdf';
import { ToolError } from '@paperknife/catalog/errors';
import { type StampPosition, placeStamp } from '../../page-placement.js';
import { openPdf } from '../open-pdf.js';

export interface StampTextPayload {
  input: string;
  output: string;
  /** The text for each stamped page (1-based); pages not listed are left alone. */
  stamps: { page: number; text: string }[];
  fontSize: number;
  /** RGB, 0..1. */
  color: [number, number, number];
  opacity: number;
  position: StampPosition;
  rotation: number;
  margin: number;
}

/**
 * Fonts tried in order; the first with a glyph for every character is embedded (subset). All come from Debian
 * packages the setup installs (fonts-noto-core, fonts-dejavu-core). See docs/decisions/022.
 */
export const STAMP_FONTS = [
  '/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf',
  '/usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf',
  '/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf',
  '/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf',
  '/usr/share/fonts/truetype/noto/NotoSansArmenian-Regular.ttf',
  '/usr/share/fonts/truetype/noto/NotoSansGeorgian-Regular.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
];

const FONT_NAME = 'PaperKnifeStampFont';
const STATE_NAME = 'PaperKnifeStampState';

function chooseFont(texts: readonly string[]): mupdf.Font {
  const characters = [...new Set(texts.join(''))].filter((char) => !/\s/.test(char));
  for (const path of STAMP_FONTS) {
    if (!existsSync(path)) continue;
    const font = new mupdf.Font('stamp', path);
    if (characters.every((char) => font.encodeCharacter(char.codePointAt(0)!) > 0)) return font;
    font.destroy();
  }
  const missing = characters
    .filter((char) => char.codePointAt(0)! > 0x24f)
    .slice(0, 5)
    .join(' ');
  throw new ToolError(
    'invalid_option',
    `No font available here can draw some characters of this text${missing ? ` (${missing})` : ''}. Use Latin, Greek, Cyrillic, Arabic, Hebrew, Thai, Devanagari, Armenian or Georgian letters.`,
  );
}

function glyphRun(font: mupdf.Font, text: string): { hex: string; emWidth: number } {
  let hex = '';
  let emWidth = 0;
  for (const char of text) {
    const gid = font.encodeCharacter(char.codePointAt(0)!);
    hex += gid.toString(16).padStart(4, '0');
    emWidth += font.advanceGlyph(gid, 0);
  }
  return { hex, emWidth };
}

function numbers(object: mupdf.PDFObject): number[] {
  const values: number[] = [];
  if (object.isArray()) object.forEach((item) => values.push(item.asNumber()));
  return values;
}

/** A subdictionary of the resources, made when missing. */
function resourceDictionary(doc: mupdf.PDFDocument, resources: mupdf.PDFObject, key: string): mupdf.PDFObject {
  let dictionary = resources.get(key);
  if (!dictionary.isDictionary()) {
    dictionary = doc.newDictionary();
    resources.put(key, dictionary);
  }
  return dictionary;
}

/**
 * Draws text on pages through a content stream appended after the page's own, which is wrapped in q/Q so any
 * graphics state it leaves cannot move the stamp. The text is real text (an embedded, subset Unicode font), placed
 * in the visible page by page-placement.ts, with its opacity in an ExtGState.
 */
export default function stampText(payload: StampTextPayload): { stamped: number } {
  const doc = openPdf(payload.input);
  try {
    const font = chooseFont(payload.stamps.map((stamp) => stamp.text));
    const fontRef = doc.addFont(font);
    const state = doc.newDictionary();
    state.put('Type', doc.newName('ExtGState'));
    state.put('ca', payload.opacity);
    state.put('CA', payload.opacity);
    const stateRef = doc.addObject(state);
    const save = doc.addStream('q\n', doc.newDictionary());
    const [r, g, b] = payload.color;

    for (const stamp of payload.stamps) {
      const page = doc.findPage(stamp.page - 1);
      const box = numbers(page.getInheritable('CropBox'));
      const media = numbers(page.getInheritable('MediaBox'));
      const frameBox = (box.length === 4 ? box : media.length === 4 ? media : [0, 0, 612, 792]) as [
        number,
        number,
        number,
        number,
      ];
      const rotateObject = page.getInheritable('Rotate');
      const rotate = rotateObject.isNull() ? 0 : rotateObject.asNumber();
      const run = glyphRun(font, stamp.text);
      const placement = placeStamp(
        { box: frameBox, rotate },
        {
          emWidth: run.emWidth,
          fontSize: payload.fontSize,
          position: payload.position,
          rotation: payload.rotation,
          margin: payload.margin,
        },
      );

      let resources = page.get('Resources');
      if (!resources.isDictionary()) {
        // Inherited resources are copied onto the page, so other pages keep theirs untouched.
        const inherited = page.getInheritable('Resources');
        resources = doc.newDictionary();
        if (inherited.isDictionary()) inherited.forEach((value, key) => resources.put(key as string, value));
        page.put('Resources', resources);
      }
      resourceDictionary(doc, resources, 'Font').put(FONT_NAME, fontRef);
      resourceDictionary(doc, resources, 'ExtGState').put(STATE_NAME, stateRef);

      const content =
        `\nQ\nq /${STATE_NAME} gs ${r.toFixed(4)} ${g.toFixed(4)} ${b.toFixed(4)} rg BT /${FONT_NAME} ` +
        `${placement.fontSize} Tf ${placement.matrix.join(' ')} Tm <${run.hex}> Tj ET Q\n`;
      const stampRef = doc.addStream(content, doc.newDictionary());
      const contents = page.get('Contents');
      const list = doc.newArray();
      list.push(save);
      if (contents.isArray()) contents.forEach((item) => list.push(item));
      else if (!contents.isNull()) list.push(contents);
      list.push(stampRef);
      page.put('Contents', list);
    }
    doc.subsetFonts();
    writeFileSync(payload.output, doc.saveToBuffer('compress').asUint8Array());
    font.destroy();
    return { stamped: payload.stamps.length };
  } finally {
    doc.destroy();
  }
}
