import { readFileSync, writeFileSync } from 'node:fs';
import * as mupdf from 'mupdf';
import { ToolError } from '@paperknife/catalog/errors';
import type { TextAlignment, TextFont } from '@paperknife/catalog/tools/add-text-images';
import { embedFonts, freeFonts, lineFonts, lineOperators, writeToUnicodeMaps } from './embedded-fonts.js';
import { type PageFractionBox, placeUpright, unitSquareOnto, visibleRectOf } from './page-placement.js';
import { appendPageContent, ownResources, pageFrameOf, resourceDictionary } from './stamp-text-task.js';
import { type LaidOutLine, layoutTextBox } from './text-box-layout.js';
import { openPdf } from '../mupdf/open-pdf.js';

/** A text box or a picture, in a box of fractions of the visible page from its top-left corner. */
export type PageItem = PageFractionBox & { page: number; opacity: number } & (
    | {
        kind: 'text';
        text: string;
        font: TextFont;
        bold: boolean;
        size: number;
        /** RGB, 0..1. */
        color: [number, number, number];
        align: TextAlignment;
      }
    | { kind: 'image'; image: number }
  );

export interface PlaceItemsPayload {
  input: string;
  output: string;
  items: PageItem[];
  /** The uploaded pictures (PNG or JPEG files), by number, with the names their errors mention. */
  images: { path: string; name: string }[];
}

const FONT_NAME = 'PaperKnifeTextFont';
const IMAGE_NAME = 'PaperKnifePicture';
const STATE_NAME = 'PaperKnifeItemState';
/** A picture larger than this is a photo taken at full size: it would make the file very heavy for no gain. */
const MAX_PIXELS = 40_000_000;

const format = (values: readonly number[]) => values.map((value) => +value.toFixed(4)).join(' ');

function readPicture(image: { path: string; name: string }, index: number): mupdf.Image {
  let picture: mupdf.Image;
  try {
    picture = new mupdf.Image(readFileSync(image.path));
    if (picture.getWidth() < 1 || picture.getHeight() < 1) throw new Error('empty image');
  } catch (error) {
    throw new ToolError(
      'damaged_image',
      `Picture ${index} (${image.name}) could not be read: save it again as PNG or JPEG and retry.`,
      { cause: error },
    );
  }
  if (picture.getWidth() * picture.getHeight() > MAX_PIXELS) {
    throw new ToolError(
      'image_too_large',
      `Picture ${index} (${image.name}) has too many pixels: scale it down first.`,
    );
  }
  return picture;
}

/**
 * Draws text boxes and pictures on pages as page content, appended after each page's own content (wrapped in q/Q so
 * its graphics state cannot move them), upright in the visible page whatever the page's /Rotate. Text is real,
 * shaped text in subset fonts (embedded-fonts.ts); each picture is embedded once, however many times it is placed.
 */
export function placeItems(payload: PlaceItemsPayload): { placed: number } {
  const doc = openPdf(payload.input);
  try {
    const pageCount = doc.countPages();
    const pages = new Map<number, mupdf.PDFObject>();
    const pageOf = (number: number) => {
      if (number > pageCount) {
        throw new ToolError(
          'page_out_of_range',
          `This PDF has ${pageCount} pages: place items on pages 1 to ${pageCount}.`,
        );
      }
      let page = pages.get(number);
      if (!page) {
        page = doc.findPage(number - 1);
        pages.set(number, page);
      }
      return page;
    };

    // Text is laid out first: the fonts are embedded once, as subsets of every glyph every box draws.
    const layouts = new Map<PageItem, LaidOutLine[]>();
    for (const item of payload.items) {
      if (item.kind !== 'text') continue;
      const rect = visibleRectOf(pageFrameOf(pageOf(item.page)), item);
      const style = { family: item.font, bold: item.bold };
      layouts.set(item, layoutTextBox(item.text, { width: rect.width, fontSize: item.size, style, align: item.align }));
    }
    const fonts = embedFonts(
      doc,
      [...layouts.values()].flat().map((laidOut) => laidOut.line),
      FONT_NAME,
    );

    const pictures = new Map<number, { ref: mupdf.PDFObject; width: number; height: number }>();
    const pictureOf = (index: number) => {
      let picture = pictures.get(index);
      if (!picture) {
        const source = payload.images[index];
        if (!source) {
          throw new ToolError(
            'invalid_option',
            `An item uses picture ${index}, but ${payload.images.length === 0 ? 'no pictures were' : `only ${payload.images.length} were`} uploaded: add the picture or change its number.`,
          );
        }
        const image = readPicture(source, index);
        picture = { ref: doc.addImage(image), width: image.getWidth(), height: image.getHeight() };
        pictures.set(index, picture);
      }
      return picture;
    };

    const states = new Map<number, string>();
    const stateOf = (opacity: number) => {
      let name = states.get(opacity);
      if (!name) {
        name = `${STATE_NAME}${states.size}`;
        states.set(opacity, name);
      }
      return name;
    };
    const stateRefs = new Map<string, mupdf.PDFObject>();
    const save = doc.addStream('q\n', doc.newDictionary());

    for (const [number, page] of [...new Set(payload.items.map((item) => item.page))].map(
      (number) => [number, pageOf(number)] as const,
    )) {
      const frame = pageFrameOf(page);
      const resources = ownResources(doc, page);
      const operators: string[] = [];
      for (const item of payload.items.filter((candidate) => candidate.page === number)) {
        const state = stateOf(item.opacity);
        if (!stateRefs.has(state)) {
          const dictionary = doc.newDictionary();
          dictionary.put('Type', doc.newName('ExtGState'));
          dictionary.put('ca', item.opacity);
          dictionary.put('CA', item.opacity);
          stateRefs.set(state, doc.addObject(dictionary));
        }
        resourceDictionary(doc, resources, 'ExtGState').put(state, stateRefs.get(state)!);
        const rect = visibleRectOf(frame, item);
        if (item.kind === 'image') {
          const picture = pictureOf(item.image);
          const name = `${IMAGE_NAME}${item.image}`;
          resourceDictionary(doc, resources, 'XObject').put(name, picture.ref);
          // As large as fits the box, proportions kept, centred in it.
          const scale = Math.min(rect.width / picture.width, rect.height / picture.height);
          const [width, height] = [picture.width * scale, picture.height * scale];
          const placed = {
            x0: rect.x0 + (rect.width - width) / 2,
            y0: rect.y0 + (rect.height - height) / 2,
            width,
            height,
          };
          operators.push(`q /${state} gs ${format(unitSquareOnto(frame, placed))} cm /${name} Do Q`);
          continue;
        }
        const fontResources = resourceDictionary(doc, resources, 'Font');
        const top = rect.y0 + rect.height;
        const text: string[] = [];
        for (const { line, x, baseline } of layouts.get(item)!) {
          for (const font of lineFonts(line, fonts)) fontResources.put(font.name, font.ref);
          const placement = placeUpright(frame, [rect.x0 + x, top - baseline], item.size);
          text.push(lineOperators(line, fonts, placement.fontSize, placement.matrix));
        }
        if (text.length > 0) operators.push(`q /${state} gs ${format(item.color)} rg BT\n${text.join('\n')}\nET Q`);
      }
      appendPageContent(doc, page, save, `\nQ\n${operators.join('\n')}\n`);
    }
    writeToUnicodeMaps(doc, fonts);
    writeFileSync(payload.output, doc.saveToBuffer('compress').asUint8Array());
    freeFonts(fonts);
    return { placed: payload.items.length };
  } finally {
    doc.destroy();
  }
}
