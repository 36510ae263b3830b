import { writeFileSync } from 'node:fs';
import { openPdf } from '../mupdf/open-pdf.js';

export interface SignatureFieldPayload {
  input: string;
  output: string;
  /** 1-based page of the signature's widget. */
  page: number;
  /** The widget's rectangle in the page's user space; all zeros for an invisible signature. */
  rect: [number, number, number, number];
  /** Bytes reserved for the CMS signature. */
  reservedBytes: number;
  /** Placeholder of each ByteRange number after the first, replaced once the file's length is known. */
  rangePlaceholder: number;
  /** The signing time as a PDF date (D:YYYYMMDDHHmmSSZ). */
  signingTime: string;
}

/**
 * Adds a signature field whose value waits for its signature (a zeroed /Contents and a placeholder /ByteRange),
 * written as an incremental update so whatever the file held before stays byte for byte (earlier signatures too).
 */
export function addSignatureField(payload: SignatureFieldPayload): { saved: true } {
  const doc = openPdf(payload.input);
  try {
    const signature = doc.newDictionary();
    signature.put('Type', doc.newName('Sig'));
    signature.put('Filter', doc.newName('Adobe.PPKLite'));
    signature.put('SubFilter', doc.newName('ETSI.CAdES.detached'));
    const range = doc.newArray();
    for (const value of [0, payload.rangePlaceholder, payload.rangePlaceholder, payload.rangePlaceholder]) {
      range.push(value);
    }
    signature.put('ByteRange', range);
    signature.put('Contents', doc.newByteString(new Uint8Array(payload.reservedBytes)));
    signature.put('M', doc.newString(payload.signingTime));
    const signatureRef = doc.addObject(signature);

    const page = doc.findPage(payload.page - 1);
    const catalog = doc.getTrailer().get('Root');
    let form = catalog.get('AcroForm');
    if (!form.isDictionary()) {
      form = doc.addObject(doc.newDictionary());
      catalog.put('AcroForm', form);
    }
    let fields = form.get('Fields');
    if (!fields.isArray()) {
      fields = doc.newArray();
      form.put('Fields', fields);
    }
    form.put('SigFlags', 3);

    const [x0, y0, x1, y1] = payload.rect;
    // An invisible signature's widget has a zero rectangle, and such an annotation needs no appearance (PDF 2.0);
    // a visible one gets an empty appearance: what the signature looks like is already page content.
    const invisible = x1 - x0 === 0 && y1 - y0 === 0;
    const appearance = doc.newDictionary();
    if (!invisible) {
      const appearanceDict = doc.newDictionary();
      appearanceDict.put('Type', doc.newName('XObject'));
      appearanceDict.put('Subtype', doc.newName('Form'));
      const bbox = doc.newArray();
      for (const value of [0, 0, x1 - x0, y1 - y0]) bbox.push(value);
      appearanceDict.put('BBox', bbox);
      appearance.put('N', doc.addStream('', appearanceDict));
    }

    const widget = doc.newDictionary();
    widget.put('Type', doc.newName('Annot'));
    widget.put('Subtype', doc.newName('Widget'));
    widget.put('FT', doc.newName('Sig'));
    widget.put('T', doc.newString(`Signature${fields.length + 1}`));
    // Print and Locked: printed with the page, never moved by a viewer.
    widget.put('F', 132);
    const rect = doc.newArray();
    for (const value of payload.rect) rect.push(value);
    widget.put('Rect', rect);
    widget.put('P', page);
    widget.put('V', signatureRef);
    if (!invisible) widget.put('AP', appearance);
    const widgetRef = doc.addObject(widget);
    fields.push(widgetRef);
    let annotations = page.get('Annots');
    if (!annotations.isArray()) {
      annotations = doc.newArray();
      page.put('Annots', annotations);
    }
    annotations.push(widgetRef);
    writeFileSync(payload.output, doc.saveToBuffer('incremental').asUint8Array());
    return { saved: true };
  } finally {
    doc.destroy();
  }
}
