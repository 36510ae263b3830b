import type * as mupdf from 'mupdf';

/** Turns a string into its redacted form, or undefined when nothing in it is redacted. */
export type Scrub = (value: string) => string | undefined;

/**
 * Removes redacted strings from the places a document keeps text beside its pages: bookmark titles, the Info
 * dictionary, the XMP metadata, the structure tree's replacement texts, annotation notes and form values. Answers
 * how many of them changed.
 */
export function scrubDocumentStrings(doc: mupdf.PDFDocument, scrub: Scrub): number {
  let changed = scrubOutline(doc, scrub) + scrubInfo(doc, scrub) + scrubXmp(doc, scrub) + scrubStructure(doc, scrub);
  for (let index = 0; index < doc.countPages(); index++) {
    const page = doc.loadPage(index);
    try {
      changed += scrubAnnotations(doc, page, scrub);
    } finally {
      page.destroy();
    }
  }
  return changed;
}

/** Replaces a string entry of a dictionary when it holds a redacted string. */
function scrubEntry(doc: mupdf.PDFDocument, dict: mupdf.PDFObject, key: string, scrub: Scrub): boolean {
  const value = dict.get(key);
  if (!value.isString()) return false;
  const next = scrub(value.asString());
  if (next === undefined) return false;
  dict.put(key, doc.newString(next));
  return true;
}

function scrubOutline(doc: mupdf.PDFDocument, scrub: Scrub): number {
  let changed = 0;
  const seen = new Set<number>();
  // Depth first through /First and /Next; a loop in a damaged outline ends at an item already seen.
  const stack: mupdf.PDFObject[] = [doc.getTrailer().get('Root', 'Outlines', 'First')];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (!item.isDictionary()) continue;
    if (item.isIndirect()) {
      if (seen.has(item.asIndirect())) continue;
      seen.add(item.asIndirect());
    }
    if (scrubEntry(doc, item, 'Title', scrub)) changed++;
    stack.push(item.get('Next'), item.get('First'));
  }
  return changed;
}

/** The replacement and alternate texts of the structure tree (tagged PDF), which readers take for the glyphs'. */
function scrubStructure(doc: mupdf.PDFDocument, scrub: Scrub): number {
  let changed = 0;
  const seen = new Set<number>();
  const stack: mupdf.PDFObject[] = [doc.getTrailer().get('Root', 'StructTreeRoot')];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.isIndirect()) {
      if (seen.has(node.asIndirect())) continue;
      seen.add(node.asIndirect());
    }
    if (node.isArray()) {
      node.forEach((child) => stack.push(child));
      continue;
    }
    if (!node.isDictionary()) continue;
    for (const key of ['ActualText', 'Alt', 'E', 'T']) if (scrubEntry(doc, node, key, scrub)) changed++;
    stack.push(node.get('K'));
  }
  return changed;
}

function scrubInfo(doc: mupdf.PDFDocument, scrub: Scrub): number {
  const info = doc.getTrailer().get('Info');
  if (!info.isDictionary()) return 0;
  let changed = 0;
  const keys: string[] = [];
  info.forEach((_value, key) => keys.push(String(key)));
  for (const key of keys) if (scrubEntry(doc, info, key, scrub)) changed++;
  return changed;
}

const xmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** The XMP packet as text: its character data is compared unescaped, so `R&D` matches `R&amp;D`. */
function scrubXmp(doc: mupdf.PDFDocument, scrub: Scrub): number {
  const metadata = doc.getTrailer().get('Root', 'Metadata');
  if (!metadata.isStream()) return 0;
  const xml = metadata.readStream().asString();
  let changed = 0;
  const next = xml.replace(/>([^<]+)</g, (whole, text: string) => {
    const plain = text.replace(/&(amp|lt|gt|quot|apos);/g, (entity) => {
      const found = Object.entries(xmlEscapes).find(([, escaped]) => escaped === entity);
      return found ? found[0] : entity;
    });
    const cleaned = scrub(plain);
    if (cleaned === undefined) return whole;
    changed++;
    return `>${cleaned.replace(/[&<>"']/g, (char) => xmlEscapes[char]!)}<`;
  });
  if (changed > 0) metadata.writeStream(new TextEncoder().encode(next));
  return changed;
}

/** Notes (/Contents, rich text, subject) of every annotation, and the values of form fields, regenerated after. */
function scrubAnnotations(doc: mupdf.PDFDocument, page: mupdf.PDFPage, scrub: Scrub): number {
  let changed = 0;
  for (const annot of [...page.getAnnotations(), ...page.getWidgets()]) {
    const object = annot.getObject();
    let touched = false;
    for (const key of ['Contents', 'RC', 'Subj', 'TU', 'V', 'DV']) {
      if (scrubEntry(doc, object, key, scrub)) touched = true;
    }
    if (touched) {
      changed++;
      // The appearance drew the old text: drawn again from the new value.
      object.delete('AP');
      annot.update();
    }
  }
  return changed;
}
