import type * as mupdf from 'mupdf';
import { type Matrix, type Rect, applyMatrix, multiply } from './page-geometry.js';

/** Where a source page was drawn: its sheet (0-based), the matrix from its user space and the area it fills. */
export interface Placement {
  sheet: number;
  matrix: Matrix;
  placed: Rect;
}

/**
 * Comments and other markup annotations (PDF 2.0, 12.5.6.2), carried to the sheets. Widgets stay behind (a form
 * field cannot live on several scaled copies of its page, and N-up pages are for reading and printing), and so do
 * pop-ups: a viewer opens its own for a comment without one.
 */
const MARKUP = new Set([
  'Text',
  'FreeText',
  'Line',
  'Square',
  'Circle',
  'Polygon',
  'PolyLine',
  'Highlight',
  'Underline',
  'Squiggly',
  'StrikeOut',
  'Caret',
  'Ink',
  'Stamp',
  'FileAttachment',
  'Redact',
]);

/** Entries not copied: they point at the source's pages, pop-ups, fields, structure or scripts. */
const LEFT_OUT = new Set(['P', 'Popup', 'Parent', 'IRT', 'A', 'AA', 'Dest', 'StructParent', 'PA']);
/** Entries holding x, y pairs in the page's user space. */
const POINT_ARRAYS = ['QuadPoints', 'Vertices', 'L', 'CL'] as const;

const nameIn = (value: mupdf.PDFObject) => (value.isName() ? value.asName() : undefined);

function numbers(value: mupdf.PDFObject): number[] | undefined {
  if (!value.isArray()) return undefined;
  const list: number[] = [];
  value.forEach((item) => list.push(item.isNumber() ? item.asNumber() : Number.NaN));
  return list.every(Number.isFinite) ? list : undefined;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

function numberArray(doc: mupdf.PDFDocument, values: readonly number[]): mupdf.PDFObject {
  const array = doc.newArray();
  for (const value of values) array.push(doc.newReal(round(value)));
  return array;
}

function movedPoints(values: readonly number[], matrix: Matrix): number[] {
  const moved: number[] = [];
  for (let index = 0; index + 1 < values.length; index += 2)
    moved.push(...applyMatrix(matrix, values[index]!, values[index + 1]!));
  return moved;
}

function movedRect(rect: readonly number[], matrix: Matrix): Rect {
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = rect;
  const corners = movedPoints([x0, y0, x1, y0, x1, y1, x0, y1], matrix);
  const xs = corners.filter((_, index) => index % 2 === 0);
  const ys = corners.filter((_, index) => index % 2 === 1);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

function invert([a, b, c, d, e, f]: Matrix): Matrix {
  const det = a * d - b * c;
  return [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det];
}

/** A named destination's array, from the catalogue's /Dests dictionary or its /Names /Dests tree. */
function namedDestination(doc: mupdf.PDFDocument, name: string): mupdf.PDFObject | undefined {
  const root = doc.getTrailer().get('Root');
  const unwrap = (value: mupdf.PDFObject) => (value.isDictionary() ? value.get('D') : value);
  const old = root.get('Dests');
  if (old.isDictionary() && !old.get(name).isNull()) return unwrap(old.get(name));
  const seen = new Set<number>();
  const search = (node: mupdf.PDFObject): mupdf.PDFObject | undefined => {
    if (!node.isDictionary() || (node.isIndirect() && seen.has(node.asIndirect()))) return undefined;
    if (node.isIndirect()) seen.add(node.asIndirect());
    const names = node.get('Names');
    if (names.isArray()) {
      for (let index = 0; index + 1 < names.length; index += 2) {
        const key = names.get(index);
        if (key.isString() && key.asString() === name) return unwrap(names.get(index + 1));
      }
    }
    const kids = node.get('Kids');
    if (!kids.isArray()) return undefined;
    for (let index = 0; index < kids.length; index++) {
      const found = search(kids.get(index));
      if (found) return found;
    }
    return undefined;
  };
  // mupdf.js cannot look into a null object: every step checks what it got.
  const names = root.get('Names');
  return names.isDictionary() ? search(names.get('Dests')) : undefined;
}

/** A link's destination array, whether given as /Dest or a GoTo action, by name or as an array. */
function linkDestination(doc: mupdf.PDFDocument, link: mupdf.PDFObject): mupdf.PDFObject | undefined {
  const action = link.get('A');
  let dest = link.get('Dest');
  if (action.isDictionary()) {
    if (nameIn(action.get('S')) !== 'GoTo') return undefined;
    dest = action.get('D');
  }
  if (dest.isName()) return namedDestination(doc, dest.asName());
  if (dest.isString()) return namedDestination(doc, dest.asString());
  return dest.isArray() ? dest : undefined;
}

/**
 * The destination moved to the sheet that holds its page: a point (/XYZ, /FitH, /FitV ...) moved with the page,
 * its zoom scaled as the page was; an area (/FitR) moved; the whole page (/Fit, /FitB) becomes the area it fills.
 */
function sheetDestination(
  doc: mupdf.PDFDocument,
  dest: mupdf.PDFObject,
  target: Placement,
  sheet: mupdf.PDFObject,
): mupdf.PDFObject {
  const kind = nameIn(dest.get(1)) ?? 'Fit';
  const arg = (index: number) => {
    const value = dest.get(index);
    return value.isNumber() ? value.asNumber() : undefined;
  };
  const array = doc.newArray();
  array.push(sheet);
  if (kind === 'FitR') {
    const [x0, y0, x1, y1] = [arg(2), arg(3), arg(4), arg(5)];
    if (x0 !== undefined && y0 !== undefined && x1 !== undefined && y1 !== undefined) {
      array.push(doc.newName('FitR'));
      for (const value of movedRect([x0, y0, x1, y1], target.matrix)) array.push(doc.newReal(round(value)));
      return array;
    }
  }
  if (kind === 'Fit' || kind === 'FitB' || kind === 'FitR') {
    array.push(doc.newName('FitR'));
    for (const value of target.placed) array.push(doc.newReal(round(value)));
    return array;
  }
  // The page's top left as shown, in its own space: what a missing coordinate falls back on.
  const [left, top] = applyMatrix(invert(target.matrix), target.placed[0], target.placed[3]);
  const x = kind === 'XYZ' || kind === 'FitV' || kind === 'FitBV' ? (arg(2) ?? left) : left;
  const y = kind === 'XYZ' ? (arg(3) ?? top) : kind === 'FitH' || kind === 'FitBH' ? (arg(2) ?? top) : top;
  const [sheetX, sheetY] = applyMatrix(target.matrix, x, y);
  const [a, b] = target.matrix;
  const zoom = kind === 'XYZ' ? arg(4) : undefined;
  array.push(doc.newName('XYZ'));
  array.push(doc.newReal(round(sheetX)));
  array.push(doc.newReal(round(sheetY)));
  array.push(zoom ? doc.newReal(round(zoom * Math.hypot(a, b))) : doc.newNull());
  return array;
}

/**
 * Turns each appearance stream as the page is turned; the viewer scales it into the moved /Rect itself. A stream
 * annotations share is copied once (the graft map), so it is turned once: `turned` holds those already done.
 */
function turnAppearances(doc: mupdf.PDFDocument, copy: mupdf.PDFObject, matrix: Matrix, turned: Set<number>) {
  const [a, b, c, d] = matrix;
  if (Math.abs(b) < 1e-9 && Math.abs(c) < 1e-9 && a > 0 && d > 0) return;
  const turn = (stream: mupdf.PDFObject) => {
    if (!stream.isStream()) return;
    if (stream.isIndirect()) {
      if (turned.has(stream.asIndirect())) return;
      turned.add(stream.asIndirect());
    }
    const current = numbers(stream.get('Matrix'));
    const own: Matrix = current?.length === 6 ? (current as unknown as Matrix) : [1, 0, 0, 1, 0, 0];
    stream.put('Matrix', numberArray(doc, multiply(own, [a, b, c, d, 0, 0])));
  };
  const appearances = copy.get('AP');
  if (!appearances.isDictionary()) return;
  appearances.forEach((entry) => {
    if (entry.isStream()) turn(entry);
    else if (entry.isDictionary()) entry.forEach(turn);
  });
}

/**
 * Carries the pages' links and comments onto the sheets that show them: each annotation copied with its
 * rectangle (and QuadPoints, InkList, Vertices, L, CL) moved by the matrix its page was drawn with. A URI link keeps
 * its address; a link into the document points at the sheet that holds its target page, at the moved spot. Other
 * links (scripts, other files, named actions) and annotations of other kinds are left out (docs/decisions/203).
 * Returns how many were carried.
 */
export function carryAnnotations(
  source: mupdf.PDFDocument,
  output: mupdf.PDFDocument,
  graft: mupdf.PDFGraftMap,
  pages: readonly mupdf.PDFObject[],
  placements: readonly (Placement | undefined)[],
  sheets: readonly mupdf.PDFObject[],
): number {
  const pageIndex = new Map(pages.map((page, index) => [page.asIndirect(), index]));
  const copies = new Map<number, mupdf.PDFObject>();
  const replies: [mupdf.PDFObject, mupdf.PDFObject][] = [];
  const turned = new Set<number>();
  let carried = 0;
  pages.forEach((page, index) => {
    const placement = placements[index];
    const annots = page.get('Annots');
    if (!placement || !annots.isArray()) return;
    const sheet = sheets[placement.sheet]!;
    annots.forEach((annot) => {
      if (!annot.isDictionary()) return;
      const subtype = nameIn(annot.get('Subtype'));
      const rect = numbers(annot.get('Rect'));
      if (!subtype || rect?.length !== 4) return;
      let action: mupdf.PDFObject | undefined;
      let destination: mupdf.PDFObject | undefined;
      if (subtype === 'Link') {
        const given = annot.get('A');
        if (given.isDictionary() && nameIn(given.get('S')) === 'URI' && given.get('URI').isString()) {
          action = output.newDictionary();
          action.put('S', output.newName('URI'));
          action.put('URI', output.newString(given.get('URI').asString()));
        } else {
          const dest = linkDestination(source, annot);
          const target = dest && pageIndex.get(dest.get(0).asIndirect());
          const targetPlacement = target === undefined ? undefined : placements[target];
          if (!dest || !targetPlacement) return;
          destination = sheetDestination(output, dest, targetPlacement, sheets[targetPlacement.sheet]!);
        }
      } else if (!MARKUP.has(subtype)) {
        return;
      }
      const copy = output.newDictionary();
      annot.forEach((value, key) => {
        if (typeof key === 'string' && !LEFT_OUT.has(key)) copy.put(key, graft.graftObject(value));
      });
      copy.put('Rect', numberArray(output, movedRect(rect, placement.matrix)));
      for (const key of POINT_ARRAYS) {
        const points = numbers(annot.get(key));
        if (points) copy.put(key, numberArray(output, movedPoints(points, placement.matrix)));
      }
      const ink = annot.get('InkList');
      if (ink.isArray()) {
        const strokes = output.newArray();
        ink.forEach((stroke) =>
          strokes.push(numberArray(output, movedPoints(numbers(stroke) ?? [], placement.matrix))),
        );
        copy.put('InkList', strokes);
      }
      turnAppearances(output, copy, placement.matrix, turned);
      if (action) copy.put('A', action);
      if (destination) copy.put('Dest', destination);
      copy.put('P', sheet);
      const added = output.addObject(copy);
      if (annot.isIndirect()) copies.set(annot.asIndirect(), added);
      const inReplyTo = annot.get('IRT');
      if (inReplyTo.isIndirect()) replies.push([added, inReplyTo]);
      let list = sheet.get('Annots');
      if (!list.isArray()) {
        list = output.newArray();
        sheet.put('Annots', list);
      }
      list.push(added);
      carried += 1;
    });
  });
  // A reply keeps its thread when the comment it answers came along too.
  for (const [reply, original] of replies) {
    const answered = copies.get(original.asIndirect());
    if (answered) reply.put('IRT', answered);
  }
  return carried;
}
