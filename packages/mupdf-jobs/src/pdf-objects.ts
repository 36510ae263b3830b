import type * as mupdf from 'mupdf';
import type { Mupdf } from './mupdf-module.js';

/**
 * Small readers of PDF objects shared by the MuPDF tasks, kept apart from what the tasks do with them (as pdf-lib
 * keeps its `core/` object helpers apart from its API). Every reader takes what the file holds and answers a
 * neutral value (no name, 0, no filters) for a missing or mistyped entry, so callers decide what that means.
 */

/** The value as a name without its slash, or undefined when it is not a name. */
export function nameOf(value: mupdf.PDFObject): string | undefined {
  return value.isName() ? value.asName() : undefined;
}

/** The value as a number, or 0 when it is not a number. */
export function numberOf(value: mupdf.PDFObject): number {
  return value.isNumber() ? value.asNumber() : 0;
}

/** The stream's /Filter as a list of names, in decoding order (one name or an array; none when absent). */
export function streamFilters(stream: mupdf.PDFObject): string[] {
  const filter = stream.get('Filter');
  if (filter.isName()) return [filter.asName()];
  if (!filter.isArray()) return [];
  const names: string[] = [];
  filter.forEach((item) => {
    const name = nameOf(item);
    if (name) names.push(name);
  });
  return names;
}

/** Stored length of a stream: /Length when it is a number (the preflight made sure it is right), else the bytes. */
export function streamBytes(stream: mupdf.PDFObject): number {
  const length = stream.get('Length');
  if (length.isNumber()) return length.asNumber();
  const data = stream.readRawStream();
  try {
    return data.getLength();
  } finally {
    data.destroy();
  }
}

/** A copy of the stream's stored (still encoded) bytes, outside MuPDF's heap: MuPDF's buffer is freed at once. */
export function rawStreamData(stream: mupdf.PDFObject): Uint8Array {
  const buffer = stream.readRawStream();
  try {
    return buffer.asUint8Array().slice();
  } finally {
    buffer.destroy();
  }
}

/** True for an image XObject: a stream whose /Subtype is /Image. */
export function isImageXObject(ref: mupdf.PDFObject): boolean {
  return ref.isStream() && nameOf(ref.get('Subtype')) === 'Image';
}

/**
 * Calls `visit` with every object of the file by number (1 to the last), resolved. An object MuPDF cannot read
 * (its `visit` throws) is passed to `unreadable` when given, and otherwise passed over: one bad object must not
 * stop a pass over a whole file.
 */
export function forEachObject(
  doc: mupdf.PDFDocument,
  visit: (ref: mupdf.PDFObject, object: number) => void,
  unreadable?: (object: number) => void,
): void {
  for (let object = 1; object < doc.countObjects(); object++) {
    try {
      visit(doc.newIndirect(object), object);
    } catch {
      unreadable?.(object);
    }
  }
}

/**
 * mupdf.js 1.28's `PDFDocument.loadImage` wraps the reference `pdf_load_image` hands over in an `Image` whose
 * constructor takes a reference of its own, so no loaded image was ever freed: not by `destroy()`, not by emptying
 * MuPDF's store. Each load of an image kept its compressed stream in the worker's WASM heap for the life of the
 * worker (Compress loads every image three times: 340 MB of heap on a 100 MB photo book). Checked on the library's
 * own code, so a release that stops taking the extra reference is not dropped twice.
 */
function loadImageKeepsTwice(mupdf: Mupdf): boolean {
  let keeps = keepsTwice.get(mupdf);
  if (keeps === undefined) {
    keeps =
      /typeof data === "number"\)\s*\{?\s*pointer = libmupdf\._wasm_keep_image\(data\)/.test(mupdf.Image.toString()) &&
      /new Image\(libmupdf\._wasm_pdf_load_image\(/.test(mupdf.PDFDocument.prototype.loadImage.toString());
    keepsTwice.set(mupdf, keeps);
  }
  return keeps;
}
const keepsTwice = new WeakMap<Mupdf, boolean>();

/** `doc.loadImage(ref)` that the caller's `destroy()` (and MuPDF's store) really frees; see loadImageKeepsTwice. */
export function loadImage(mupdf: Mupdf, doc: mupdf.PDFDocument, ref: mupdf.PDFObject): mupdf.Image {
  const image = doc.loadImage(ref);
  if (loadImageKeepsTwice(mupdf)) mupdf.Image._drop(image.pointer);
  return image;
}

/** The lists collecting MuPDF's errors now: one per withMupdfErrors call running, inner ones inside outer ones. */
const errorCollectors = new Set<string[]>();

/**
 * Sends MuPDF's log to the console's error stream (stderr in Node), as before, and its errors also to `errors` (and
 * to every list an outer call is collecting in); answers the step that stops that.
 */
function collectMupdfErrors(mupdf: Mupdf, errors: string[]): () => void {
  if (errorCollectors.size === 0) {
    mupdf.setLog({
      error: (message) => {
        for (const collector of errorCollectors) collector.push(message);
        console.error(`error: ${message}`);
      },
      warning: (message) => console.error(`warning: ${message}`),
    });
  }
  errorCollectors.add(errors);
  return () => {
    errorCollectors.delete(errors);
    if (errorCollectors.size === 0) mupdf.setLog(null);
  };
}

/**
 * Runs `work` and answers the errors MuPDF logged meanwhile. MuPDF recovers from many and only prints them: an
 * image whose data it cannot decode (a JPEG without its frame header) comes out padded, pixels that are not the
 * image's. The messages still go to the console's error stream, as before.
 */
export async function withMupdfErrors<T>(
  mupdf: Mupdf,
  work: () => Promise<T>,
): Promise<{ value: T; errors: string[] }> {
  const errors: string[] = [];
  const stop = collectMupdfErrors(mupdf, errors);
  try {
    return { value: await work(), errors };
  } finally {
    stop();
  }
}

/** withMupdfErrors for work that is done when it returns. */
export function withMupdfErrorsNow<T>(mupdf: Mupdf, work: () => T): { value: T; errors: string[] } {
  const errors: string[] = [];
  const stop = collectMupdfErrors(mupdf, errors);
  try {
    return { value: work(), errors };
  } finally {
    stop();
  }
}

/**
 * The pages a document's page tree holds, found by following /Kids from the root (a node met twice counts once):
 * not the root's /Count, which `countPages()` reads and a file can misstate (see PageCounts in programs/qpdf.ts).
 */
export function walkedPageCount(doc: mupdf.PDFDocument): number {
  const seen = new Set<number>();
  const pending = [doc.getTrailer().get('Root').get('Pages')];
  let pages = 0;
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.isIndirect()) {
      if (seen.has(node.asIndirect())) continue;
      seen.add(node.asIndirect());
    }
    if (!node.isDictionary()) continue;
    const kids = node.get('Kids');
    if (!kids.isArray()) {
      pages++;
      continue;
    }
    for (let index = kids.length - 1; index >= 0; index--) pending.push(kids.get(index));
  }
  return pages;
}

/**
 * Keys that lead away from what a page draws: its place in the page tree, other pages (link actions and
 * destinations), the structure tree, thumbnails and article threads.
 */
const NOT_DRAWN = new Set(['Parent', 'P', 'A', 'AA', 'Dest', 'Dests', 'Next', 'Prev', 'First', 'Last', 'B', 'Thumb']);

/**
 * Object numbers reachable from a page for drawing: its (inherited) resources and its annotations, through forms,
 * patterns, appearance states and nested dictionaries at any depth.
 */
export function reachableObjects(page: mupdf.PDFObject): Set<number> {
  const seen = new Set<number>();
  const visit = (value: mupdf.PDFObject): void => {
    if (value.isIndirect()) {
      const object = value.asIndirect();
      if (seen.has(object)) return;
      seen.add(object);
    }
    if (!value.isDictionary() && !value.isArray() && !value.isStream()) return;
    value.forEach((child, key) => {
      if (typeof key === 'string' && NOT_DRAWN.has(key)) return;
      visit(child);
    });
  };
  visit(page.getInheritable('Resources'));
  visit(page.get('Annots'));
  return seen;
}
