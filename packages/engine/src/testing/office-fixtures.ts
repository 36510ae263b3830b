import { randomBytes } from 'node:crypto';
import { zipSync } from 'fflate';
import { zipPackage } from '@paperknife/catalog/testing/container-fixtures';

/**
 * Office documents for the spreadsheet and presentation tests, written here: CSV tables, minimal OpenDocument
 * presentations (the parts LibreOffice needs), a password-protected OpenDocument package, and minimal .xlsx and
 * .pptx packages.
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

/** An .odp of one slide showing a JPEG in a frame of this size (centimetres). */
export function pictureOdp(jpeg: Uint8Array, widthCm: number, heightCm: number): Buffer {
  const media = 'application/vnd.oasis.opendocument.presentation';
  const content =
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ' +
    'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" ' +
    'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.2">' +
    '<office:body><office:presentation><draw:page draw:name="slide1">' +
    `<draw:frame svg:x="2cm" svg:y="2cm" svg:width="${widthCm}cm" svg:height="${heightCm}cm">` +
    '<draw:image xlink:href="Pictures/photo.jpg" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/>' +
    '</draw:frame></draw:page></office:presentation></office:body></office:document-content>';
  const manifest =
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">' +
    `<manifest:file-entry manifest:full-path="/" manifest:media-type="${media}"/>` +
    '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>' +
    '<manifest:file-entry manifest:full-path="Pictures/photo.jpg" manifest:media-type="image/jpeg"/>' +
    '</manifest:manifest>';
  const encoder = new TextEncoder();
  return Buffer.from(
    zipSync({
      mimetype: [encoder.encode(media), { level: 0 }],
      'content.xml': encoder.encode(content),
      'Pictures/photo.jpg': [jpeg, { level: 0 }],
      'META-INF/manifest.xml': encoder.encode(manifest),
    }),
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

const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const RELATIONSHIP_TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/';
const OFFICE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

/** A part's relationships: [id, type (the last segment of its URI), target]. */
function relationships(items: readonly (readonly [string, string, string])[]): string {
  const entries = items.map(([id, type, target]) => {
    return `<Relationship Id="${id}" Type="${RELATIONSHIP_TYPE}${type}" Target="${target}"/>`;
  });
  return `${XML_HEAD}<Relationships xmlns="${RELATIONSHIPS}">${entries.join('')}</Relationships>`;
}

/** [Content_Types].xml: xml and rels by default, these parts by their own media types. */
function contentTypes(overrides: readonly (readonly [string, string])[]): string {
  const parts = overrides.map(([part, type]) => `<Override PartName="${part}" ContentType="${type}"/>`).join('');
  return (
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    `<Default Extension="xml" ContentType="application/xml"/>${parts}</Types>`
  );
}

function officePackage(parts: Readonly<Record<string, string>>): Buffer {
  const encoder = new TextEncoder();
  return Buffer.from(
    zipSync(Object.fromEntries(Object.entries(parts).map(([name, text]) => [name, encoder.encode(text)]))),
  );
}

/** The column letters of a zero-based index: 0 -> A, 26 -> AA. */
function columnName(index: number): string {
  return index < 26 ? String.fromCharCode(65 + index) : columnName(Math.floor(index / 26) - 1) + columnName(index % 26);
}

/** A minimal Excel workbook (.xlsx): one sheet named `sheet` holding these rows of text cells, 30 characters wide. */
export function workbookXlsx(sheet: string, rows: readonly (readonly string[])[]): Buffer {
  return workbookSheetsXlsx([{ name: sheet, rows }]);
}

/** A minimal Excel workbook (.xlsx) of these sheets, in order, each holding its rows of text cells, 30 characters wide. */
export function workbookSheetsXlsx(sheets: readonly { name: string; rows: readonly (readonly string[])[] }[]): Buffer {
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const worksheet = (rows: readonly (readonly string[])[]) => {
    const columns = Math.max(1, ...rows.map((row) => row.length));
    const cells = rows
      .map((row, r) => {
        const values = row.map(
          (value, c) => `<c r="${columnName(c)}${r + 1}" t="inlineStr"><is><t>${escapeXml(value)}</t></is></c>`,
        );
        return `<row r="${r + 1}">${values.join('')}</row>`;
      })
      .join('');
    // Columns wide enough for their text, which a PDF would otherwise show cut at the next cell.
    return (
      `${XML_HEAD}<worksheet xmlns="${main}"><cols><col min="1" max="${columns}" width="30" customWidth="1"/></cols>` +
      `<sheetData>${cells}</sheetData></worksheet>`
    );
  };
  const numbers = sheets.map((_, index) => index + 1);
  return officePackage({
    '[Content_Types].xml': contentTypes([
      ['/xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'],
      ...numbers.map((n): [string, string] => [
        `/xl/worksheets/sheet${n}.xml`,
        'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml',
      ]),
    ]),
    '_rels/.rels': relationships([['rId1', 'officeDocument', 'xl/workbook.xml']]),
    'xl/workbook.xml':
      `${XML_HEAD}<workbook xmlns="${main}" xmlns:r="${OFFICE_RELATIONSHIPS}"><sheets>` +
      sheets
        .map((sheet, index) => `<sheet name="${escapeXml(sheet.name)}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`)
        .join('') +
      '</sheets></workbook>',
    'xl/_rels/workbook.xml.rels': relationships(
      numbers.map((n): [string, string, string] => [`rId${n}`, 'worksheet', `worksheets/sheet${n}.xml`]),
    ),
    ...Object.fromEntries(sheets.map((sheet, index) => [`xl/worksheets/sheet${index + 1}.xml`, worksheet(sheet.rows)])),
  });
}

/**
 * A minimal PowerPoint presentation (.pptx): one slide per text, each in a text box, on one blank layout and
 * master (LibreOffice needs no theme).
 */
export function presentationPptx(slides: readonly string[]): Buffer {
  const namespaces =
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
    `xmlns:r="${OFFICE_RELATIONSHIPS}" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"`;
  const type = (part: string) => `application/vnd.openxmlformats-officedocument.presentationml.${part}+xml`;
  const group = '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>';
  const textBox = (text: string) =>
    '<p:sp><p:nvSpPr><p:cNvPr id="2" name="Text"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr>' +
    '<p:spPr><a:xfrm><a:off x="914400" y="914400"/><a:ext cx="7315200" cy="1371600"/></a:xfrm>' +
    '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr>' +
    `<p:txBody><a:bodyPr/><a:p><a:r><a:rPr lang="en-US" sz="3200"/><a:t>${escapeXml(text)}</a:t></a:r></a:p></p:txBody></p:sp>`;
  const colours =
    '<p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" accent3="accent3" ' +
    'accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/>';
  const toLayout = relationships([['rId1', 'slideLayout', '../slideLayouts/slideLayout1.xml']]);
  const parts: Record<string, string> = {
    '[Content_Types].xml': contentTypes([
      ['/ppt/presentation.xml', type('presentation.main')],
      ['/ppt/slideMasters/slideMaster1.xml', type('slideMaster')],
      ['/ppt/slideLayouts/slideLayout1.xml', type('slideLayout')],
      ...slides.map((_, i) => [`/ppt/slides/slide${i + 1}.xml`, type('slide')] as const),
    ]),
    '_rels/.rels': relationships([['rId1', 'officeDocument', 'ppt/presentation.xml']]),
    'ppt/presentation.xml':
      `${XML_HEAD}<p:presentation ${namespaces}>` +
      '<p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst>' +
      `<p:sldIdLst>${slides.map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 2}"/>`).join('')}</p:sldIdLst>` +
      '<p:sldSz cx="9144000" cy="6858000"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>',
    'ppt/_rels/presentation.xml.rels': relationships([
      ['rId1', 'slideMaster', 'slideMasters/slideMaster1.xml'],
      ...slides.map((_, i) => [`rId${i + 2}`, 'slide', `slides/slide${i + 1}.xml`] as const),
    ]),
    'ppt/slideMasters/slideMaster1.xml':
      `${XML_HEAD}<p:sldMaster ${namespaces}><p:cSld><p:spTree>${group}</p:spTree></p:cSld>${colours}` +
      '<p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/></p:sldLayoutIdLst></p:sldMaster>',
    'ppt/slideMasters/_rels/slideMaster1.xml.rels': toLayout,
    'ppt/slideLayouts/slideLayout1.xml': `${XML_HEAD}<p:sldLayout ${namespaces}><p:cSld><p:spTree>${group}</p:spTree></p:cSld></p:sldLayout>`,
    'ppt/slideLayouts/_rels/slideLayout1.xml.rels': relationships([
      ['rId1', 'slideMaster', '../slideMasters/slideMaster1.xml'],
    ]),
  };
  slides.forEach((text, i) => {
    parts[`ppt/slides/slide${i + 1}.xml`] =
      `${XML_HEAD}<p:sld ${namespaces}><p:cSld><p:spTree>${group}${textBox(text)}</p:spTree></p:cSld></p:sld>`;
    parts[`ppt/slides/_rels/slide${i + 1}.xml.rels`] = toLayout;
  });
  return officePackage(parts);
}
