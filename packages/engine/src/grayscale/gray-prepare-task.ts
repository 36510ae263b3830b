import { statSync, writeFileSync } from 'node:fs';
import type * as mupdf from 'mupdf';
import { grayDefaultAppearance, grayOfComponents, grayRichText } from './gray-colour.js';
import { pdfNames } from './pattern-colour-operands.js';
import { GRAY_IMAGES_MAX_FILE_BYTES, grayColourImages } from './gray-images.js';
import { openPdfReadingAsNeeded } from '../mupdf/open-pdf.js';
import { nameOf, walkedPageCount } from '../mupdf/pdf-objects.js';
import type { ReportProgress, SendPart } from '../mupdf/task-table.js';
import { grayUncolouredPatterns } from './uncoloured-patterns.js';

export interface GrayPreparePayload {
  input: string;
  /** Written only when something changed (`changed` > 0). */
  output: string;
  /**
   * The step on the upload, beside the clean-file check: a file MuPDF has to repair to open is left as it is (the
   * check nearly always fails on it, and the step then runs on the preflight's copy), with a page count of 0 so that
   * nothing converts it as it is.
   */
  stopIfRepaired?: boolean;
}

/**
 * What Ghostscript's start waits for, sent as a part of the task's result before the rest (the names check) is
 * done: the file Ghostscript converts follows from `changed`, and whether it may convert at all from `pageCount`.
 */
export interface GrayPrepareFacts {
  /**
   * Changes made: annotations and outline items rewritten, icon appearances made, pattern spaces and streams,
   * large colour images turned gray (gray-images.ts).
   */
  changed: number;
  /**
   * Pages, as MuPDF counts them (the page tree's /Count): the tool's page-limit test (decision 014). 0 when the tree
   * holds another number of pages than its /Count says (walkedPageCount): Ghostscript would convert pages MuPDF does
   * not see, so the full preflight decides (it refuses such a tree, decision 012).
   */
  pageCount: number;
  /**
   * MuPDF had to rebuild the file's cross-reference table to read it (a damaged file). The preflight's clean-file
   * check then nearly always fails as well, so Ghostscript is kept waiting for its verdict instead of starting on the
   * upload, and converts the preflight's repaired copy if it does fail (decision 014).
   */
  repaired: boolean;
}

export interface GrayPrepareResult extends GrayPrepareFacts {
  /**
   * Ghostscript's output has to be rewritten by qpdf to be valid: the file has names Ghostscript writes without
   * their escapes, or too many objects to read whole before Ghostscript starts (see ghostscriptBreaksNames).
   */
  rewriteAfterGhostscript: boolean;
}

/** Colour arrays an annotation dictionary may hold: border or stroke (/C), interior (/IC), redaction outline (/OC). */
const COLOUR_KEYS = ['C', 'IC', 'OC'] as const;
/** Colour arrays of a widget's appearance characteristics: background and border. */
const WIDGET_COLOUR_KEYS = ['BG', 'BC'] as const;
/** The appearances an annotation can have: normal, rollover, down. */
const APPEARANCE_KEYS = ['N', 'R', 'D'] as const;
/**
 * Annotations drawn as an icon. Without an appearance stream viewers draw their own icon art in colours of their own
 * (poppler's note icons are tinted grays), so these get one made from their (gray) /C, which Ghostscript converts.
 */
const ICON_SUBTYPES: ReadonlySet<string> = new Set(['Text', 'FileAttachment', 'Sound']);

function numbers(array: mupdf.PDFObject): number[] | undefined {
  const values: number[] = [];
  let allNumbers = true;
  array.forEach((item) => {
    if (item.isNumber()) values.push(item.asNumber());
    else allNumbers = false;
  });
  return allNumbers ? values : undefined;
}

/**
 * Replaces `dictionary[key]`, an RGB or CMYK colour array, with the RGB gray of the same lightness. Written as RGB
 * with equal components rather than one gray component: poppler draws link borders and other annotation colours
 * only from RGB arrays (others come out black).
 */
function grayColourArray(dictionary: mupdf.PDFObject, key: string): boolean {
  const array = dictionary.get(key);
  if (!array.isArray() || (array.length !== 3 && array.length !== 4)) return false;
  const components = numbers(array);
  if (!components) return false;
  const gray = grayOfComponents(components);
  if (gray === undefined || (components.length === 3 && components.every((value) => value === gray))) return false;
  dictionary.put(key, [gray, gray, gray]);
  return true;
}

/** Rewrites a text entry (/DA, /DS, /RC) through `convert`, when that changes it. */
function grayText(
  doc: mupdf.PDFDocument,
  dictionary: mupdf.PDFObject,
  key: string,
  convert: (text: string) => string,
): boolean {
  const value = dictionary.get(key);
  if (!value.isString()) return false;
  const text = value.asString();
  const gray = convert(text);
  if (gray === text) return false;
  dictionary.put(key, doc.newString(gray));
  return true;
}

/**
 * An appearance given as a set of states (/N << /On .. /Off .. >>) is replaced by the stream of the state the
 * annotation shows (/AS). Ghostscript converts appearance streams but copies such state dictionaries unconverted;
 * outside form fields (which it flattens) nothing switches states, so the shown one is all that matters.
 */
function selectShownAppearances(annotation: mupdf.PDFObject): boolean {
  const appearances = annotation.get('AP');
  if (!appearances.isDictionary()) return false;
  const state = nameOf(annotation.get('AS'));
  let changed = false;
  for (const key of APPEARANCE_KEYS) {
    const appearance = appearances.get(key);
    if (appearance.isStream() || !appearance.isDictionary()) continue;
    const shown = state === undefined ? undefined : appearance.get(state);
    if (shown?.isStream()) appearances.put(key, shown);
    // Without a shown state viewers draw nothing for this appearance: dropping it keeps that when it is /R or /D.
    else if (key !== 'N') appearances.delete(key);
    else continue;
    changed = true;
  }
  return changed;
}

/** True for an icon annotation that leaves its look to the viewer (see ICON_SUBTYPES). */
function needsIconAppearance(annotation: mupdf.PDFObject): boolean {
  const subtype = nameOf(annotation.get('Subtype'));
  return subtype !== undefined && ICON_SUBTYPES.has(subtype) && !annotation.get('AP').isDictionary();
}

/** Makes MuPDF write an appearance stream for each icon annotation of the page that has none. */
function addIconAppearances(doc: mupdf.PDFDocument, index: number): number {
  const page = doc.loadPage(index);
  let added = 0;
  try {
    for (const annotation of page.getAnnotations()) {
      if (!needsIconAppearance(annotation.getObject())) continue;
      // Setting a property marks the annotation as changed; update() then synthesises its appearance.
      annotation.setColor(annotation.getColor());
      if (annotation.update()) added += 1;
    }
  } finally {
    page.destroy();
  }
  return added;
}

function grayAnnotation(doc: mupdf.PDFDocument, annotation: mupdf.PDFObject): boolean {
  let changed = false;
  for (const key of COLOUR_KEYS) changed = grayColourArray(annotation, key) || changed;
  changed = grayText(doc, annotation, 'DA', grayDefaultAppearance) || changed;
  changed = grayText(doc, annotation, 'DS', grayRichText) || changed;
  changed = grayText(doc, annotation, 'RC', grayRichText) || changed;
  const characteristics = annotation.get('MK');
  if (characteristics.isDictionary()) {
    for (const key of WIDGET_COLOUR_KEYS) changed = grayColourArray(characteristics, key) || changed;
  }
  if (nameOf(annotation.get('Subtype')) !== 'Widget') changed = selectShownAppearances(annotation) || changed;
  return changed;
}

/**
 * Above this many objects, the names are not read and qpdf rewrites its output anyway. They are read after the facts
 * Ghostscript waits for have been sent, so beside Ghostscript, but on a 2-core machine still for a core.
 * Reading a file's objects here costs about 0.04 ms each, qpdf's rewrite a process start (10-15 ms of CPU) plus less
 * than that per object, and the rewrite's object streams save 5-12 % of the bytes of files this size and up: the
 * check pays only where the process start is most of the rewrite (docs/decisions/014).
 */
const NAME_CHECK_MAX_OBJECTS = 250;

/**
 * True for a name (as MuPDF prints it, with #xx escapes) holding a byte that must stay escaped in a PDF: whitespace
 * and other control bytes, delimiters and '#'. Bytes above 0x7E may stand raw, and Ghostscript's raw copies of them
 * read back as the same name.
 */
function needsEscapes(name: string): boolean {
  for (const [, hex] of name.matchAll(/#([0-9A-Fa-f]{2})/g)) {
    const byte = Number.parseInt(hex!, 16);
    if (byte <= 0x20 || byte === 0x7f || '()<>[]{}/%#'.includes(String.fromCharCode(byte))) return true;
  }
  return false;
}

/**
 * Ghostscript 10.00's pdfwrite writes the names inside nested dictionaries of what it copies (annotations, embedded
 * files) without their escapes: `/Params << /Subtype /text#2Fplain >>` comes out as `/text/plain`, two names, and
 * the dictionary no longer parses (`qpdf --check`: "dictionary ended prematurely"). True when any object has a name
 * that needs escapes, or when there are too many objects to look at cheaply; qpdf's rewrite of the output then
 * makes it valid. Top-level names, strings and what Ghostscript writes itself come out right; the check does not
 * tell those apart and takes the rewrite for any such name.
 */
function ghostscriptBreaksNames(doc: mupdf.PDFDocument): boolean {
  const objects = doc.countObjects();
  if (objects > NAME_CHECK_MAX_OBJECTS) return true;
  for (let object = 1; object < objects; object++) {
    try {
      // A stream prints as its dictionary; strings print in parentheses, which pdfNames passes over.
      if (pdfNames(doc.newIndirect(object).resolve().toString()).some(needsEscapes)) return true;
    } catch {
      return true;
    }
  }
  return false;
}

/** Outline items may carry a text colour (/C, RGB) that viewers show in the bookmarks panel. */
function grayOutline(root: mupdf.PDFObject): number {
  let changed = 0;
  const seen = new Set<number>();
  const pending: mupdf.PDFObject[] = [];
  const push = (item: mupdf.PDFObject) => {
    if (!item.isDictionary()) return;
    if (item.isIndirect()) {
      if (seen.has(item.asIndirect())) return;
      seen.add(item.asIndirect());
    }
    pending.push(item);
  };
  push(root.get('First'));
  for (let item = pending.pop(); item; item = pending.pop()) {
    if (grayColourArray(item, 'C')) changed += 1;
    push(item.get('Next'));
    push(item.get('First'));
  }
  return changed;
}

/**
 * Turns the colour a PDF keeps outside its content streams to gray: every annotation's /C and /IC, widget /MK
 * background and border colours, /DA text colours and rich-text styles, state-dictionary appearances (reduced to
 * the shown stream so Ghostscript converts it), appearances for icons that had none, outline colours, and the
 * colour of uncoloured tiling patterns (see uncoloured-patterns.ts). Run before Ghostscript, which carries these
 * entries over as they are. Also large colour images, which Ghostscript converts but slowly (see gray-images.ts).
 * Saved incrementally: the rest of the file is copied byte for byte.
 */
export function grayPrepare(
  payload: GrayPreparePayload,
  _report?: ReportProgress,
  sendPart?: SendPart,
): GrayPrepareResult {
  const doc = openPdfReadingAsNeeded(payload.input);
  try {
    const pages = doc.countPages();
    if (payload.stopIfRepaired && doc.wasRepaired()) {
      const facts: GrayPrepareFacts = { changed: 0, pageCount: 0, repaired: true };
      sendPart?.(facts);
      return { ...facts, rewriteAfterGhostscript: true };
    }
    let changed = 0;
    const seen = new Set<number>();
    for (let index = 0; index < pages; index++) {
      const annotations = doc.findPage(index).get('Annots');
      if (!annotations.isArray()) continue;
      let icons = false;
      annotations.forEach((entry, position) => {
        if (!entry.isDictionary()) return;
        // MuPDF only makes appearances for annotations that are objects of their own, as nearly all files write them.
        const item = entry.isIndirect() ? entry : doc.addObject(entry);
        if (item !== entry) annotations.put(position, item);
        icons ||= needsIconAppearance(item);
        if (item.isIndirect()) {
          if (seen.has(item.asIndirect())) return;
          seen.add(item.asIndirect());
        }
        if (grayAnnotation(doc, item)) changed += 1;
      });
      // Pages are loaded (which reads their annotations) only where an icon needs an appearance.
      if (icons) changed += addIconAppearances(doc, index);
    }
    const outlines = doc.getTrailer().get('Root', 'Outlines');
    if (outlines.isDictionary()) changed += grayOutline(outlines);
    changed += grayUncolouredPatterns(doc);
    if (statSync(payload.input).size <= GRAY_IMAGES_MAX_FILE_BYTES) changed += grayColourImages(doc);
    if (changed > 0) {
      const options = doc.canBeSavedIncrementally() ? 'incremental' : 'compress';
      writeFileSync(payload.output, doc.saveToBuffer(options).asUint8Array());
    }
    const facts: GrayPrepareFacts = {
      changed,
      pageCount: walkedPageCount(doc) === pages ? pages : 0,
      repaired: doc.wasRepaired(),
    };
    sendPart?.(facts);
    // Read from the upload's objects: what MuPDF added (gray colours, icon appearances) has no such names.
    return { ...facts, rewriteAfterGhostscript: ghostscriptBreaksNames(doc) };
  } finally {
    doc.destroy();
  }
}
