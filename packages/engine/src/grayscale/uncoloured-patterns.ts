import type * as mupdf from 'mupdf';
import { grayOfComponents } from './gray-colour.js';
import { type PatternSpaces, grayPatternOperands } from './pattern-colour-operands.js';
import { nameOf, numberOf } from '../mupdf/pdf-objects.js';

/**
 * Uncoloured tiling patterns (PaintType 2) take their colour from the `[/Pattern base]` space they are painted in,
 * and Ghostscript's pdfwrite copies that space and the components unconverted. This module finds every such space
 * in the resources of what a page draws (its content, form XObjects, tiling patterns, Type 3 glyphs, annotation
 * appearances), rewrites the components in the content streams that use it and makes the space gray. Spaces whose
 * base is Separation or DeviceN are left: their gray would need their tint transform evaluated.
 */

interface GrayBase {
  /** Components the base space takes. */
  components: number;
  gray: (components: number[]) => number;
  /** A palette byte of an Indexed space on this base as a component value (palettes span each component's range). */
  fromByte: (byte: number) => number;
}

/** The gray conversion of a pattern's base space, or undefined when it is gray already or not handled. */
function grayBase(base: mupdf.PDFObject): GrayBase | undefined {
  const family = base.isArray() ? nameOf(base.get(0)) : nameOf(base);
  const byComponents = (count: number): GrayBase | undefined =>
    count === 3 || count === 4
      ? { components: count, gray: (values) => grayOfComponents(values) ?? 0, fromByte: (byte) => byte / 255 }
      : undefined;
  switch (family) {
    case 'DeviceRGB':
    case 'CalRGB':
    case 'RGB':
      return byComponents(3);
    case 'DeviceCMYK':
    case 'CMYK':
      return byComponents(4);
    case 'ICCBased':
      return byComponents(numberOf(base.get(1).get('N')));
    // L* in 0..100 is near enough to the lightness the other conversions give.
    case 'Lab':
      return {
        components: 3,
        gray: ([lightness = 0]) => Math.min(1, Math.max(0, lightness / 100)),
        fromByte: (byte) => (byte * 100) / 255,
      };
    default:
      return undefined;
  }
}

/** An Indexed base space's palette as gray, or undefined when its own base is gray already or not handled. */
function grayIndexed(doc: mupdf.PDFDocument, indexed: mupdf.PDFObject): mupdf.PDFObject | undefined {
  const base = grayBase(indexed.get(1));
  if (!base) return undefined;
  const highest = numberOf(indexed.get(2));
  const lookupObject = indexed.get(3);
  const lookup = lookupObject.isStream()
    ? lookupObject.readStream().asUint8Array()
    : lookupObject.isString()
      ? lookupObject.asByteString()
      : undefined;
  if (!lookup || lookup.length < (highest + 1) * base.components) return undefined;
  const gray = new Uint8Array(highest + 1);
  for (let index = 0; index <= highest; index++) {
    const entry = Array.from(lookup.subarray(index * base.components, (index + 1) * base.components), base.fromByte);
    gray[index] = Math.round(base.gray(entry) * 255);
  }
  const space = doc.newArray();
  space.push(doc.newName('Indexed'));
  space.push(doc.newName('DeviceGray'));
  space.push(highest);
  space.push(doc.newByteString(gray));
  return space;
}

interface SpaceChange {
  colourSpaces: mupdf.PDFObject;
  name: string;
  /** The new `[/Pattern base]` space. */
  space: mupdf.PDFObject;
}

/** The `[/Pattern base]` spaces of a resource dictionary that need work, with their replacements. */
function patternSpaces(
  doc: mupdf.PDFDocument,
  resources: mupdf.PDFObject,
): { operands: Map<string, GrayBase>; changes: SpaceChange[] } {
  const operands = new Map<string, GrayBase>();
  const changes: SpaceChange[] = [];
  const colourSpaces = resources.get('ColorSpace');
  if (!colourSpaces.isDictionary()) return { operands, changes };
  colourSpaces.forEach((space, key) => {
    if (!space.isArray() || space.length !== 2 || nameOf(space.get(0)) !== 'Pattern') return;
    const base = space.get(1);
    const pattern = (gray: mupdf.PDFObject) => {
      const replacement = doc.newArray();
      replacement.push(doc.newName('Pattern'));
      replacement.push(gray);
      changes.push({ colourSpaces, name: String(key), space: replacement });
    };
    if (base.isArray() && nameOf(base.get(0)) === 'Indexed') {
      const indexed = grayIndexed(doc, base);
      if (indexed) pattern(indexed);
      return;
    }
    const converted = grayBase(base);
    if (!converted) return;
    operands.set(String(key), converted);
    pattern(doc.newName('DeviceGray'));
  });
  return { operands, changes };
}

/** A content stream and the resources its names refer to. */
interface Drawing {
  stream: mupdf.PDFObject;
  resources: mupdf.PDFObject;
}

/** Every content stream a page draws, directly or through forms, patterns, Type 3 glyphs and annotations. */
function collectDrawings(doc: mupdf.PDFDocument): Drawing[] {
  const drawings: Drawing[] = [];
  const seenStreams = new Set<number>();
  const seenResources = new Set<number>();
  const addStream = (stream: mupdf.PDFObject, inherited: mupdf.PDFObject) => {
    if (!stream.isStream()) return;
    if (stream.isIndirect()) {
      if (seenStreams.has(stream.asIndirect())) return;
      seenStreams.add(stream.asIndirect());
    }
    const own = stream.get('Resources');
    const resources = own.isDictionary() ? own : inherited;
    drawings.push({ stream, resources });
    walkResources(resources);
  };
  const walkResources = (resources: mupdf.PDFObject) => {
    if (!resources.isDictionary()) return;
    if (resources.isIndirect()) {
      if (seenResources.has(resources.asIndirect())) return;
      seenResources.add(resources.asIndirect());
    }
    resources.get('XObject').forEach((xobject) => {
      if (nameOf(xobject.get('Subtype')) === 'Form') addStream(xobject, resources);
    });
    resources.get('Pattern').forEach((pattern) => {
      if (numberOf(pattern.get('PatternType')) === 1) addStream(pattern, resources);
    });
    resources.get('Font').forEach((font) => {
      if (nameOf(font.get('Subtype')) !== 'Type3') return;
      const own = font.get('Resources');
      font.get('CharProcs').forEach((glyph) => addStream(glyph, own.isDictionary() ? own : resources));
    });
  };
  for (let index = 0; index < doc.countPages(); index++) {
    const page = doc.findPage(index);
    const resources = page.getInheritable('Resources');
    const contents = page.get('Contents');
    if (contents.isArray()) contents.forEach((part) => addStream(part, resources));
    else addStream(contents, resources);
    page.get('Annots').forEach((annotation) => {
      annotation.get('AP').forEach((appearance) => {
        if (appearance.isStream()) addStream(appearance, resources);
        else appearance.forEach((state) => addStream(state, resources));
      });
    });
  }
  return drawings;
}

/**
 * Makes every uncoloured-pattern colour space of the document gray, with the components in the content streams
 * that paint with it. Returns a count of the changes: 0 when the document has no such space.
 */
export function grayUncolouredPatterns(doc: mupdf.PDFDocument): number {
  let changed = 0;
  const pending: SpaceChange[] = [];
  // Pages and forms often share one resource dictionary: look at its spaces once.
  const spacesOf = new Map<number, Map<string, GrayBase>>();
  for (const { stream, resources } of collectDrawings(doc)) {
    if (!resources.isDictionary()) continue;
    const known = resources.isIndirect() ? spacesOf.get(resources.asIndirect()) : undefined;
    let operands = known;
    if (!operands) {
      const found = patternSpaces(doc, resources);
      pending.push(...found.changes);
      operands = found.operands;
      if (resources.isIndirect()) spacesOf.set(resources.asIndirect(), operands);
    }
    if (operands.size === 0) continue;
    const spaces: PatternSpaces = operands;
    const decoded = stream.readStream().asUint8Array();
    const bytes = Buffer.from(decoded.buffer, decoded.byteOffset, decoded.byteLength);
    // Most streams of such a page never paint a pattern: skip tokenising them.
    if (bytes.indexOf('scn') < 0 && bytes.indexOf('SCN') < 0) continue;
    const rewritten = grayPatternOperands(bytes.toString('latin1'), spaces);
    if (rewritten === undefined) continue;
    stream.writeStream(Buffer.from(rewritten, 'latin1'));
    changed += 1;
  }
  // Spaces change only once every stream was read with the old ones (resources may be shared). A space reached
  // through several direct resource dictionaries is replaced more than once, with the same value.
  for (const change of pending) change.colourSpaces.put(change.name, change.space);
  return changed + pending.length;
}
