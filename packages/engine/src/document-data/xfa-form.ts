import type * as mupdf from 'mupdf';

/**
 * The XFA form of a document (/AcroForm /XFA): one XML stream, or packets as [name stream name stream ...]. Its
 * scripts are the <script> elements of the template, JavaScript or FormCalc: both run when a viewer that reads
 * XFA opens the form, and FormCalc can reach the network too.
 */

/** A <script> element, empty or with its body, with or without a namespace prefix. */
const SCRIPT = /<(?:[\w.-]+:)?script\b[^>]*?(?:\/>|>[\s\S]*?<\/(?:[\w.-]+:)?script\s*>)/g;

/** The XFA streams that can hold scripts: every packet but the form's data (a value may quote the word). */
function scriptPackets(xfa: mupdf.PDFObject): mupdf.PDFObject[] {
  if (xfa.isStream()) return [xfa];
  if (!xfa.isArray()) return [];
  const packets: mupdf.PDFObject[] = [];
  for (let index = 0; index + 1 < xfa.length; index += 2) {
    const name = xfa.get(index);
    const packet = xfa.get(index + 1);
    if (packet.isStream() && !(name.isString() && name.asString() === 'datasets')) packets.push(packet);
  }
  return packets;
}

export function xfaOf(catalog: mupdf.PDFObject): mupdf.PDFObject | undefined {
  const form = catalog.get('AcroForm');
  if (!form.isDictionary()) return undefined;
  const xfa = form.get('XFA');
  return xfa.isStream() || xfa.isArray() ? xfa : undefined;
}

/** Counts the form's scripts and, with `remove`, writes each packet again without them. */
export function xfaScripts(xfa: mupdf.PDFObject, remove: boolean): number {
  let scripts = 0;
  for (const packet of scriptPackets(xfa)) {
    const text = Buffer.from(packet.readStream().asUint8Array()).toString('utf8');
    const found = text.match(SCRIPT)?.length ?? 0;
    scripts += found;
    if (remove && found > 0) packet.writeStream(Buffer.from(text.replace(SCRIPT, ''), 'utf8'));
  }
  return scripts;
}

/** Removes the XFA form, leaving the AcroForm (if any) as the document's form. */
export function removeXfa(catalog: mupdf.PDFObject): void {
  catalog.get('AcroForm').delete('XFA');
  if (!catalog.get('NeedsRendering').isNull()) catalog.delete('NeedsRendering');
}
