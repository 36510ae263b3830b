import { createHash } from 'node:crypto';
import type * as mupdf from 'mupdf';
import { forEachObject } from '../mupdf/pdf-objects.js';

/**
 * Finds streams with the same dictionary and the same bytes (fonts, images, ICC profiles embedded once per page or
 * per merged file). Either MuPDF points the references to a copy at the first one (mergeDuplicateStreams, for a file
 * MuPDF saves anyway), or the copies and the objects that refer to them are handed to qpdf's write of the file
 * (findDuplicateStreams, referringObjects), so MuPDF writes no copy of the whole file (docs/decisions/105). Either
 * way, what is no longer referenced is left out when the file is written.
 */

/**
 * Object number of each duplicate stream -> the object number of the stream kept in its place. Streams are grouped
 * by length first, so only candidates are hashed. Repeated while merges make more streams identical (images whose
 * soft masks are merged), at most a few rounds. Unreadable objects are never merged.
 */
export function findDuplicateStreams(doc: mupdf.PDFDocument): Map<number, number> {
  const byLength = new Map<number, number[]>();
  forEachObject(doc, (ref, object) => {
    if (!ref.isStream()) return;
    const length = ref.get('Length');
    const key = length.isNumber() ? length.asNumber() : -1;
    const group = byLength.get(key);
    if (group) group.push(object);
    else byLength.set(key, [object]);
  });
  const replace = new Map<number, number>();
  const hashes = new Map<number, string>();
  for (let round = 0; round < 3; round++) {
    let merged = 0;
    for (const objects of byLength.values()) {
      if (objects.length < 2) continue;
      const first = new Map<string, number>();
      for (const object of objects) {
        if (replace.has(object)) continue;
        try {
          const key = streamKey(doc, object, replace, hashes);
          const kept = first.get(key);
          if (kept === undefined) first.set(key, object);
          else {
            replace.set(object, kept);
            merged++;
          }
        } catch {
          // As above: never merged.
        }
      }
    }
    if (merged === 0) break;
  }
  // A stream kept in one round may be merged in a later one: point every copy at the stream that stays.
  for (const [object, kept] of replace) {
    let target = kept;
    while (replace.has(target)) target = replace.get(target)!;
    replace.set(object, target);
  }
  return replace;
}

/**
 * Points the references to duplicate streams (`replace`, by default all: see findDuplicateStreams) at the stream
 * kept, in dictionaries and arrays and their direct children, in MuPDF's copy of the file; the caller's garbage
 * collection on save drops the copies.
 */
export function mergeDuplicateStreams(
  doc: mupdf.PDFDocument,
  replace: ReadonlyMap<number, number> = findDuplicateStreams(doc),
): void {
  if (replace.size === 0) return;
  // An object that cannot be read keeps its references; the copies it points to stay in the file.
  forEachObject(doc, (ref, object) => {
    if (!replace.has(object)) repointReferences(doc, ref, replace);
  });
  repointReferences(doc, doc.getTrailer(), replace);
}

/**
 * The objects (by number) whose value refers to one of `targets`, directly or inside their direct dictionaries and
 * arrays, and whether the trailer does: what must be rewritten so nothing refers to a merged copy any more. The
 * copies themselves are left out.
 */
export function referringObjects(
  doc: mupdf.PDFDocument,
  targets: ReadonlySet<number>,
): { objects: number[]; trailer: boolean } {
  const objects: number[] = [];
  forEachObject(doc, (ref, object) => {
    if (!targets.has(object) && refersTo(ref, targets)) objects.push(object);
  });
  return { objects, trailer: refersTo(doc.getTrailer(), targets) };
}

function refersTo(container: mupdf.PDFObject, targets: ReadonlySet<number>): boolean {
  if (!container.isDictionary() && !container.isArray()) return false;
  let found = false;
  container.forEach((value) => {
    if (found) return;
    if (value.isIndirect()) found = targets.has(value.asIndirect());
    else found = refersTo(value, targets);
  });
  return found;
}

/**
 * The stream's dictionary (without /Length), with references to merged copies read as the stream kept, and a hash
 * of its bytes as stored (computed once per stream).
 */
function streamKey(
  doc: mupdf.PDFDocument,
  object: number,
  replace: ReadonlyMap<number, number>,
  hashes: Map<number, string>,
): string {
  const ref = doc.newIndirect(object);
  const entries: string[] = [];
  ref.forEach((value, key) => {
    if (key !== 'Length') entries.push(`/${key} ${canonical(value, replace)}`);
  });
  let hash = hashes.get(object);
  if (hash === undefined) {
    const data = ref.readRawStream();
    try {
      hash = createHash('sha256').update(data.asUint8Array()).digest('hex');
    } finally {
      data.destroy();
    }
    hashes.set(object, hash);
  }
  return `${entries.sort().join(' ')}|${hash}`;
}

/** A value as PDF syntax, dictionary keys sorted, with each reference to a merged copy read as the stream kept. */
function canonical(value: mupdf.PDFObject, replace: ReadonlyMap<number, number>): string {
  if (value.isIndirect()) {
    const object = value.asIndirect();
    return `${replace.get(object) ?? object} R`;
  }
  if (value.isArray()) {
    const items: string[] = [];
    value.forEach((item) => items.push(canonical(item, replace)));
    return `[${items.join(' ')}]`;
  }
  if (value.isDictionary()) {
    const entries: string[] = [];
    value.forEach((item, key) => entries.push(`/${key} ${canonical(item, replace)}`));
    return `<<${entries.sort().join(' ')}>>`;
  }
  return value.toString(true);
}

/** Replaces references to merged copies inside a dictionary or array, and inside its direct children. */
function repointReferences(
  doc: mupdf.PDFDocument,
  container: mupdf.PDFObject,
  replace: ReadonlyMap<number, number>,
): void {
  if (!container.isDictionary() && !container.isArray()) return;
  const updates: [string | number, mupdf.PDFObject][] = [];
  container.forEach((value, key) => {
    if (value.isIndirect()) {
      const kept = replace.get(value.asIndirect());
      if (kept !== undefined) updates.push([key, doc.newIndirect(kept)]);
    } else {
      repointReferences(doc, value, replace);
    }
  });
  for (const [key, value] of updates) container.put(key, value);
}
