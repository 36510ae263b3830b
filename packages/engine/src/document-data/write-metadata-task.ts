import { writeFileSync } from 'node:fs';
import { type MetadataField, infoKeys, metadataFields } from '@paperknife/catalog/document-metadata';
import { openPdf } from '../mupdf/open-pdf.js';
import { alignXmp } from './xmp-packet.js';

export interface WriteMetadataPayload {
  input: string;
  output: string;
  /** New values by field (dates as PDF date strings); fields left out keep the document's own. */
  values: Partial<Record<MetadataField, string>>;
  /** Fields to remove; a value given for one of them is written. */
  cleared: readonly MetadataField[];
  /** Remove the information dictionary and the XMP packet; `values` are not written. */
  removeAll: boolean;
}

/**
 * Writes the document information dictionary and keeps the catalogue's XMP packet in agreement with it, then
 * saves the whole file anew: the old values do not stay behind in an earlier revision.
 */
export function writeMetadata(payload: WriteMetadataPayload): void {
  const doc = openPdf(payload.input);
  try {
    const trailer = doc.getTrailer();
    const catalog = trailer.get('Root');
    if (payload.removeAll) {
      if (!trailer.get('Info').isNull()) trailer.delete('Info');
      if (!catalog.get('Metadata').isNull()) catalog.delete('Metadata');
    } else {
      let info = trailer.get('Info');
      if (!info.isDictionary()) {
        info = doc.addObject(doc.newDictionary());
        // Adding an object gives the document a new trailer.
        doc.getTrailer().put('Info', info);
      }
      for (const field of payload.cleared) if (!info.get(infoKeys[field]).isNull()) info.delete(infoKeys[field]);
      for (const field of metadataFields) {
        const value = payload.values[field];
        if (value !== undefined) info.put(infoKeys[field], doc.newString(value));
      }
      const xmp = catalog.get('Metadata');
      if (xmp.isStream()) {
        const current = Object.fromEntries(
          metadataFields.flatMap((field) => {
            const value = info.get(infoKeys[field]);
            return value.isString() ? [[field, value.asString()]] : [];
          }),
        );
        const aligned = alignXmp(xmp.readStream().asString(), current);
        if (aligned === undefined || !xmp.isIndirect()) catalog.delete('Metadata');
        else xmp.writeStream(aligned);
      }
    }
    const buffer = doc.saveToBuffer('garbage=compact');
    try {
      writeFileSync(payload.output, buffer.asUint8Array());
    } finally {
      buffer.destroy();
    }
  } finally {
    doc.destroy();
  }
}
