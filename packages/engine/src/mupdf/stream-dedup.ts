import { createHash } from 'node:crypto';
import type * as mupdf from 'mupdf';
import { forEachObject } from './pdf-objects.js';

/**
 * Merges streams with the same dictionary and the same bytes (fonts, images, ICC profiles embedded once per page
 * or per merged file): references to a copy are pointed at the first one, and the caller's garbage collection on
 * save drops the copies. Streams are grouped by length first, so only candidates are hashed. Repeated while merges
 * make more streams identical (images whose soft masks were merged), at most a few rounds.
 */
export function mergeDuplicateStreams(doc: mupdf.PDFDocument): void {
  for (let round = 0; round < 3; round++) {
    const replace = findDuplicateStreams(doc);
    if (replace.size === 0) return;
    // An object that cannot be read keeps its references; the copies it points to stay in the file.
    forEachObject(doc, (ref, object) => {
      if (!replace.has(object)) repointReferences(doc, ref, replace);
    });
    repointReferences(doc, doc.getTrailer(), replace);
  }
}

/** Object number of each duplicate stream -> the object number of the first stream with the same key. */
function findDuplicateStreams(doc: mupdf.PDFDocument): Map<number, number> {
  const byLength = new Map<number, number[]>();
  // Unreadable objects are never merged.
  forEachObject(doc, (ref, object) => {
    if (!ref.isStream()) return;
    const length = ref.get('Length');
    const key = length.isNumber() ? length.asNumber() : -1;
    const group = byLength.get(key);
    if (group) group.push(object);
    else byLength.set(key, [object]);
  });
  const replace = new Map<number, number>();
  for (const objects of byLength.values()) {
    if (objects.length < 2) continue;
    const first = new Map<string, number>();
    for (const object of objects) {
      try {
        const key = streamKey(doc.newIndirect(object));
        const kept = first.get(key);
        if (kept === undefined) first.set(key, object);
        else replace.set(object, kept);
      } catch {
        // As above: never merged.
      }
    }
  }
  return replace;
}

/** The stream's dictionary (without /Length) and a hash of its bytes as stored. */
function streamKey(ref: mupdf.PDFObject): string {
  const entries: string[] = [];
  ref.forEach((value, key) => {
    if (key !== 'Length') entries.push(`/${key} ${value.toString(true)}`);
  });
  const data = ref.readRawStream();
  try {
    const hash = createHash('sha256').update(data.asUint8Array()).digest('hex');
    return `${entries.sort().join(' ')}|${hash}`;
  } finally {
    data.destroy();
  }
}

/** Replaces references to merged copies inside a dictionary or array, and inside its direct children. */
function repointReferences(doc: mupdf.PDFDocument, container: mupdf.PDFObject, replace: Map<number, number>): void {
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
