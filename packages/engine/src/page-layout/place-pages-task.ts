import { writeFileSync } from 'node:fs';
import * as mupdf from 'mupdf';
import { openPdf } from '../mupdf/open-pdf.js';
import { rawStreamData } from '../mupdf/pdf-objects.js';
import { pageFrame, rectObject } from './page-frames.js';
import { type Matrix, type PageFrame, fitInSlot, visibleSize } from './page-geometry.js';
import { type Placement, carryAnnotations } from './sheet-annotations.js';
import { type NUpLayout, type Sheet, bookletSheets, nUpSheets } from './sheet-plan.js';

export interface PlacePagesPayload {
  input: string;
  output: string;
  layout:
    | ({ kind: 'n-up' } & NUpLayout)
    | { kind: 'booklet'; paper: { width: number; height: number } | 'fit'; rightToLeft: boolean };
}

/** A border line's width in points. */
const BORDER_WIDTH = 0.5;

const number = (value: number) => String(Math.round(value * 10000) / 10000);
const matrixText = (matrix: Matrix) => matrix.map(number).join(' ');

/**
 * A page's content as a Form XObject of the output: its content streams, its resources (grafted through `graft`,
 * so fonts and images shared by pages are copied once), its visible box as /BBox and its transparency group. One
 * content stream keeps its encoded bytes; several are decoded and joined.
 */
function pageForm(
  output: mupdf.PDFDocument,
  graft: mupdf.PDFGraftMap,
  page: mupdf.PDFObject,
  frame: PageFrame,
): mupdf.PDFObject {
  const form = output.newDictionary();
  form.put('Type', output.newName('XObject'));
  form.put('Subtype', output.newName('Form'));
  form.put('BBox', rectObject(output, frame.box));
  const resources = page.getInheritable('Resources');
  form.put('Resources', resources.isDictionary() ? graft.graftObject(resources) : output.newDictionary());
  const group = page.get('Group');
  if (group.isDictionary()) form.put('Group', graft.graftObject(group));
  const contents = page.get('Contents');
  if (contents.isStream()) {
    for (const key of ['Filter', 'DecodeParms']) {
      const value = contents.get(key);
      if (!value.isNull()) form.put(key, graft.graftObject(value));
    }
    return output.addRawStream(rawStreamData(contents), form);
  }
  const parts: Buffer[] = [];
  if (contents.isArray()) {
    contents.forEach((item) => {
      if (!item.isStream()) return;
      const data = item.readStream();
      parts.push(Buffer.from(data.asUint8Array()), Buffer.from('\n'));
      data.destroy();
    });
  }
  return output.addStream(Buffer.concat(parts), form);
}

function sheetContents(sheet: Sheet, placements: readonly (Placement | undefined)[], names: (page: number) => string) {
  const operators: string[] = [];
  for (const slot of sheet.slots) {
    if (slot.page === null) continue;
    const { matrix, placed } = placements[slot.page]!;
    operators.push(`q ${matrixText(matrix)} cm /${names(slot.page)} Do Q`);
    if (sheet.borders) {
      const [x0, y0, x1, y1] = placed;
      const rect = [x0, y0, x1 - x0, y1 - y0].map(number).join(' ');
      operators.push(`q ${BORDER_WIDTH} w 0 G ${rect} re S Q`);
    }
  }
  return `${operators.join('\n')}\n`;
}

/**
 * Places the pages of a PDF on new sheets (N-up, Booklet): each page becomes a Form XObject drawn with a `cm` on
 * its sheet, so its content is referenced once, never copied per sheet. The output is a new document: links and
 * comments are carried to the sheets (sheet-annotations.ts); form fields, bookmarks and the structure tree are not;
 * the document information is.
 */
export function placePages(payload: PlacePagesPayload): { sheets: number; annotations: number } {
  const source = openPdf(payload.input);
  const output = new mupdf.PDFDocument();
  try {
    const pageCount = source.countPages();
    const pages = Array.from({ length: pageCount }, (_, index) => source.findPage(index));
    const frames = pages.map(pageFrame);
    const sizes = frames.map(visibleSize);
    const { layout } = payload;
    const sheets =
      layout.kind === 'n-up' ? nUpSheets(sizes, layout) : bookletSheets(sizes, layout.paper, layout.rightToLeft);
    const graft = output.newGraftMap();
    const forms = new Map<number, mupdf.PDFObject>();
    const formOf = (page: number) => {
      let form = forms.get(page);
      if (!form) {
        form = pageForm(output, graft, pages[page]!, frames[page]!);
        forms.set(page, form);
      }
      return form;
    };
    const name = (page: number) => `Page${page + 1}`;
    const placements: (Placement | undefined)[] = [];
    sheets.forEach((sheet, index) => {
      for (const slot of sheet.slots) {
        if (slot.page !== null) placements[slot.page] = { sheet: index, ...fitInSlot(frames[slot.page]!, slot.rect) };
      }
    });
    const sheetPages: mupdf.PDFObject[] = [];
    for (const sheet of sheets) {
      const xobjects = output.newDictionary();
      for (const slot of sheet.slots) if (slot.page !== null) xobjects.put(name(slot.page), formOf(slot.page));
      const resources = output.newDictionary();
      resources.put('XObject', xobjects);
      const contents = sheetContents(sheet, placements, name);
      const page = output.addPage([0, 0, sheet.width, sheet.height], 0, resources, contents);
      output.insertPage(-1, page);
      sheetPages.push(page);
    }
    const annotations = carryAnnotations(source, output, graft, pages, placements, sheetPages);
    const info = source.getTrailer().get('Info');
    if (info.isDictionary()) output.getTrailer().put('Info', graft.graftObject(info));
    writeFileSync(payload.output, output.saveToBuffer('compress').asUint8Array());
    return { sheets: sheets.length, annotations };
  } finally {
    output.destroy();
    source.destroy();
  }
}
