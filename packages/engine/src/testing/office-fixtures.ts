import { zipPackage } from '@paperknife/catalog/testing/container-fixtures';

/**
 * Office documents for the spreadsheet and presentation tests, written here: CSV tables and a minimal
 * OpenDocument presentation (the parts LibreOffice needs, stored uncompressed).
 */

/** A CSV of `rows` x `columns` cells "r<row>c<column>", separated by `separator`, with a header row "Title <n>". */
export function csvTable(rows: number, columns: number, separator = ','): Buffer {
  const header = Array.from({ length: columns }, (_, column) => `Title ${column + 1}`).join(separator);
  const lines = Array.from({ length: rows }, (_, row) =>
    Array.from({ length: columns }, (_, column) => `r${row + 1}c${column + 1}`).join(separator),
  );
  return Buffer.from([header, ...lines].join('\r\n') + '\r\n');
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An .odp with one slide per text, each text in a frame near the slide's top. */
export function presentationOdp(slides: readonly string[]): Buffer {
  const pages = slides
    .map(
      (text, index) =>
        `<draw:page draw:name="slide${index + 1}"><draw:frame svg:x="2cm" svg:y="2cm" svg:width="20cm" svg:height="3cm">` +
        `<draw:text-box><text:p>${escapeXml(text)}</text:p></draw:text-box></draw:frame></draw:page>`,
    )
    .join('');
  const content =
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ' +
    'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" ' +
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" ' +
    'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.2">' +
    `<office:body><office:presentation>${pages}</office:presentation></office:body></office:document-content>`;
  const manifest =
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">' +
    '<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.presentation"/>' +
    '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>' +
    '</manifest:manifest>';
  return Buffer.from(
    zipPackage([
      ['mimetype', 'application/vnd.oasis.opendocument.presentation'],
      ['content.xml', content],
      ['META-INF/manifest.xml', manifest],
    ]),
  );
}
