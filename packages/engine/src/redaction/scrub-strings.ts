import type * as mupdf from 'mupdf';
import { pageContentStreams, scrubMarkedContent } from './marked-content.js';
import { type RenamedIdentifiers, renameFieldReferences, renameIdentifiers } from './renamed-identifiers.js';
import { scrubAnnotations } from './scrub-annotations.js';
import type { Scrub } from './text-matches.js';

/**
 * Removes redacted strings from everything a document holds beside its page content (decision 188): every string
 * of every object (bookmarks, Info, structure tree, notes and their authors, form values, tooltips and captions,
 * link targets, attachment names, layer names, page labels, scripts...), names others refer to renamed
 * consistently, XML metadata streams, scripts kept in streams, and marked-content replacement texts in every
 * content stream. Application data (/PieceInfo) goes whole. Annotations that changed are drawn again, and one whose
 * appearance still shows a redacted string loses it. Answers how many strings, names and streams changed.
 */
export function scrubDocumentStrings(doc: mupdf.PDFDocument, scrub: Scrub): number {
  dropApplicationData(doc);
  const renamed = renameIdentifiers(doc, scrub);
  const changedObjects = new Set<number>();
  let changed = renamed.count;
  for (let number = 1; number < doc.countObjects(); number++) {
    const object = doc.newIndirect(number);
    const count = scrubObject(doc, object, scrub, renamed);
    if (count > 0) changedObjects.add(number);
    changed += count;
  }
  for (let index = 0; index < doc.countPages(); index++) {
    const page = doc.loadPage(index);
    try {
      for (const stream of pageContentStreams(page.getObject())) changed += scrubMarkedContent(stream, scrub);
      changed += scrubAnnotations(page, scrub, changedObjects);
    } finally {
      page.destroy();
    }
  }
  return changed;
}

/** Dictionaries whose strings are machine values, not words: fonts, signatures, encryption. */
function isMachineData(dict: mupdf.PDFObject): boolean {
  const type = dict.get('Type');
  const kind = type.isName() ? type.asName() : '';
  return (
    ['Font', 'FontDescriptor', 'Sig', 'DocTimeStamp', 'Encrypt'].includes(kind) ||
    dict.get('ByteRange').isArray() ||
    dict.get('Registry').isString()
  );
}

/** Keys whose strings are codes rather than text: a language tag, a default appearance or style. */
const CODE_KEYS = new Set(['Lang', 'DA', 'DS', 'ID']);

/** Characters that only binary strings hold. */
// eslint-disable-next-line no-control-regex -- control characters are what tells binary bytes from text
const BINARY = /[\u0000-\u0008\u000e-\u001f]/;

const xmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** XML (XMP, rich text) with its character data scrubbed, compared unescaped so `R&D` matches `R&amp;D`. */
function scrubXml(xml: string, scrub: Scrub): string | undefined {
  let changed = false;
  const next = xml.replace(/>([^<]+)</g, (whole, text: string) => {
    const plain = text.replace(/&(amp|lt|gt|quot|apos);/g, (entity) => {
      const found = Object.entries(xmlEscapes).find(([, escaped]) => escaped === entity);
      return found ? found[0] : entity;
    });
    const cleaned = scrub(plain);
    if (cleaned === undefined) return whole;
    changed = true;
    return `>${cleaned.replace(/[&<>"']/g, (char) => xmlEscapes[char]!)}<`;
  });
  return changed ? next : undefined;
}

/** A string value's redacted form, by what its key says it is; undefined when it stays. */
function scrubValue(key: string, value: string, scrub: Scrub, renamed: RenamedIdentifiers): string | undefined {
  if ((key === 'D' || key === 'Dest') && renamed.destinations.has(value)) return renamed.destinations.get(value);
  if (key === 'RC') return scrubXml(value, scrub);
  if (key === 'JS') {
    const script = renameFieldReferences(value, renamed.fields);
    return scrub(script) ?? (script === value ? undefined : script);
  }
  const next = scrub(value);
  // A URI is ASCII: the block goes in percent-encoded.
  return key === 'URI' && next !== undefined ? next.replace(/[^ -~]/g, encodeURIComponent) : next;
}

/** A stream's own text that can hold words: XML metadata, and scripts kept in a stream. */
function scrubStream(stream: mupdf.PDFObject, key: string, scrub: Scrub, renamed: RenamedIdentifiers): number {
  const type = stream.get('Type');
  const isMetadata = type.isName() && type.asName() === 'Metadata';
  if (!isMetadata && key !== 'JS') return 0;
  const bytes = Buffer.from(stream.readStream().asUint8Array());
  if (isMetadata) {
    const next = scrubXml(bytes.toString('utf8'), scrub);
    if (next !== undefined) stream.writeStream(Buffer.from(next, 'utf8'));
    return next === undefined ? 0 : 1;
  }
  const next = scrubValue('JS', textOf(bytes), scrub, renamed);
  if (next !== undefined) stream.writeStream(textBytes(next));
  return next === undefined ? 0 : 1;
}

/** A text stream's bytes as text: UTF-16BE after its byte order mark, else one byte per character. */
function textOf(bytes: Buffer): string {
  if (bytes[0] !== 0xfe || bytes[1] !== 0xff) return bytes.toString('latin1');
  return Buffer.from(bytes.subarray(2)).swap16().toString('utf16le');
}

/** Text as a stream's bytes: one byte per character when it fits, else UTF-16BE with its byte order mark. */
function textBytes(text: string): Buffer {
  if ([...text].every((char) => char.charCodeAt(0) <= 0xff)) return Buffer.from(text, 'latin1');
  return Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]);
}

/**
 * Every string inside one object (its direct dictionaries and arrays; other objects are visited on their own),
 * the object's stream when it is XML metadata, scripts a key points to, and marked content in form XObjects.
 */
function scrubObject(
  doc: mupdf.PDFDocument,
  object: mupdf.PDFObject,
  scrub: Scrub,
  renamed: RenamedIdentifiers,
): number {
  let changed = 0;
  if (object.isStream()) {
    changed += scrubStream(object, '', scrub, renamed);
    const subtype = object.get('Subtype');
    if (subtype.isName() && subtype.asName() === 'Form') changed += scrubMarkedContent(object, scrub);
  }
  const stack: mupdf.PDFObject[] = [object];
  while (stack.length > 0) {
    const container = stack.pop()!;
    if (container.isDictionary() && isMachineData(container)) continue;
    const entries: [string | number, mupdf.PDFObject][] = [];
    container.forEach((value, key) => entries.push([key, value]));
    for (const [key, value] of entries) {
      const name = String(key);
      if (value.isIndirect()) {
        // Scripts kept in a stream are found by their key, as nothing else says what the stream holds.
        if (name === 'JS' && value.isStream()) changed += scrubStream(value, 'JS', scrub, renamed);
        // A string kept as an object of its own (a bookmark's title) is put here in its redacted form.
        if (!value.isString()) continue;
      }
      if (value.isDictionary() || value.isArray()) {
        stack.push(value);
        continue;
      }
      if (!value.isString() || CODE_KEYS.has(name)) continue;
      const text = value.asString();
      if (BINARY.test(text)) continue;
      const next = scrubValue(typeof key === 'number' ? '' : name, text, scrub, renamed);
      if (next === undefined) continue;
      container.put(key, doc.newString(next));
      changed++;
    }
  }
  return changed;
}

/** Application data (/PieceInfo) on the catalogue, pages and form XObjects: private, unread, able to hold anything. */
function dropApplicationData(doc: mupdf.PDFDocument) {
  doc.getTrailer().get('Root').delete('PieceInfo');
  for (let number = 1; number < doc.countObjects(); number++) {
    const object = doc.newIndirect(number);
    if (object.isDictionary() && !object.get('PieceInfo').isNull()) object.delete('PieceInfo');
  }
}
