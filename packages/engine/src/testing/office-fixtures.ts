import { randomBytes } from 'node:crypto';
import { zipSync } from 'fflate';
import { zipPackage } from '@paperknife/catalog/testing/container-fixtures';

/**
 * Office documents for the spreadsheet and presentation tests, written here: CSV tables, a minimal
 * OpenDocument presentation (the parts LibreOffice needs, stored uncompressed) and a password-protected
 * OpenDocument package.
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

/**
 * A password-protected OpenDocument package as LibreOffice writes one: `mimetype` stored and readable, content.xml
 * encrypted (random bytes here), and a deflated manifest that gives it `manifest:encryption-data`.
 */
export function encryptedOpenDocument(mediaType: string): Buffer {
  const manifest =
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">' +
    `<manifest:file-entry manifest:full-path="/" manifest:media-type="${mediaType}"/>` +
    '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml" manifest:size="2016">' +
    '<manifest:encryption-data manifest:checksum-type="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0#sha256-1k" ' +
    'manifest:checksum="yquQNExr0fDRGl0DZ8PimDAsObKIZXjtHcr7SMnzQLA=">' +
    '<manifest:algorithm manifest:algorithm-name="http://www.w3.org/2001/04/xmlenc#aes256-cbc" ' +
    'manifest:initialisation-vector="XI28c6EBDgfFQwvupYHxOQ=="/>' +
    '<manifest:key-derivation manifest:key-derivation-name="PBKDF2" manifest:key-size="32" ' +
    'manifest:iteration-count="100000" manifest:salt="FDDYKsKqLjqwCq5Qm41wGQ=="/>' +
    '</manifest:encryption-data></manifest:file-entry></manifest:manifest>';
  const encoder = new TextEncoder();
  return Buffer.from(
    zipSync({
      mimetype: [encoder.encode(mediaType), { level: 0 }],
      'content.xml': [new Uint8Array(randomBytes(2016)), { level: 0 }],
      'META-INF/manifest.xml': [encoder.encode(manifest), { level: 6 }],
    }),
  );
}
