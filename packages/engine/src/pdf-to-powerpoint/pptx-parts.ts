/**
 * The fixed parts of a .pptx that PDF to PowerPoint writes: content types, relationships, the one slide master with
 * its one blank layout, and the theme they need. PresentationML as PowerPoint itself writes a blank presentation,
 * cut to what PowerPoint, LibreOffice and Keynote require.
 */

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
export const NS = {
  a: 'http://schemas.openxmlformats.org/drawingml/2006/main',
  r: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  p: 'http://schemas.openxmlformats.org/presentationml/2006/main',
};
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
export const RELATIONSHIP_TYPES = {
  document: `${TYPE}/officeDocument`,
  slide: `${TYPE}/slide`,
  slideMaster: `${TYPE}/slideMaster`,
  slideLayout: `${TYPE}/slideLayout`,
  theme: `${TYPE}/theme`,
  image: `${TYPE}/image`,
  coreProperties: 'http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties',
};
const CONTENT = 'application/vnd.openxmlformats-officedocument.presentationml';

const ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', "'": '&apos;', '<': '&lt;', '>': '&gt;' };
/** Text and attribute values escaped; the control characters XML 1.0 forbids are dropped. */
export const escapeXml = (text: string) =>
  // eslint-disable-next-line no-control-regex -- the control characters XML 1.0 forbids are what this removes
  text.replace(/[&"'<>\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g, (c) => ESCAPES[c] ?? '');

export interface Relationship {
  id: string;
  type: string;
  target: string;
}

export function relationshipsXml(relationships: readonly Relationship[]): string {
  const items = relationships.map(
    ({ id, type, target }) => `<Relationship Id="${id}" Type="${type}" Target="${escapeXml(target)}"/>`,
  );
  return `${XML}<Relationships xmlns="${RELATIONSHIPS}">${items.join('')}</Relationships>`;
}

export function contentTypesXml(slideCount: number): string {
  const overrides = [
    ['/ppt/presentation.xml', `${CONTENT}.presentation.main+xml`],
    ['/ppt/slideMasters/slideMaster1.xml', `${CONTENT}.slideMaster+xml`],
    ['/ppt/slideLayouts/slideLayout1.xml', `${CONTENT}.slideLayout+xml`],
    ['/ppt/theme/theme1.xml', 'application/vnd.openxmlformats-officedocument.theme+xml'],
    ['/docProps/core.xml', 'application/vnd.openxmlformats-package.core-properties+xml'],
    ...Array.from({ length: slideCount }, (_, i) => [`/ppt/slides/slide${i + 1}.xml`, `${CONTENT}.slide+xml`]),
  ];
  return (
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Default Extension="png" ContentType="image/png"/>' +
    '<Default Extension="jpg" ContentType="image/jpeg"/>' +
    overrides.map(([part, type]) => `<Override PartName="${part}" ContentType="${type}"/>`).join('') +
    '</Types>'
  );
}

export function corePropertiesXml(title: string): string {
  return (
    `${XML}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
    'xmlns:dc="http://purl.org/dc/elements/1.1/">' +
    `<dc:title>${escapeXml(title)}</dc:title></cp:coreProperties>`
  );
}

/** presentation.xml: the master, the slides in order, and the one slide size (EMUs). */
export function presentationXml(slideCount: number, width: number, height: number): string {
  const slides = Array.from({ length: slideCount }, (_, i) => `<p:sldId id="${256 + i}" r:id="rIdSlide${i + 1}"/>`);
  return (
    `${XML}<p:presentation xmlns:a="${NS.a}" xmlns:r="${NS.r}" xmlns:p="${NS.p}" saveSubsetFonts="1">` +
    '<p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rIdMaster"/></p:sldMasterIdLst>' +
    `<p:sldIdLst>${slides.join('')}</p:sldIdLst>` +
    `<p:sldSz cx="${width}" cy="${height}"/><p:notesSz cx="6858000" cy="9144000"/>` +
    '</p:presentation>'
  );
}

const EMPTY_TREE =
  '<p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr>' +
  '<p:grpSpPr/></p:spTree></p:cSld>';

export function slideMasterXml(): string {
  return (
    `${XML}<p:sldMaster xmlns:a="${NS.a}" xmlns:r="${NS.r}" xmlns:p="${NS.p}">` +
    EMPTY_TREE.replace('<p:cSld>', '<p:cSld><p:bg><p:bgRef idx="1001"><a:schemeClr val="bg1"/></p:bgRef></p:bg>') +
    '<p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" accent3="accent3" ' +
    'accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/>' +
    '<p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/></p:sldLayoutIdLst>' +
    '</p:sldMaster>'
  );
}

export function slideLayoutXml(): string {
  return (
    `${XML}<p:sldLayout xmlns:a="${NS.a}" xmlns:r="${NS.r}" xmlns:p="${NS.p}" type="blank" preserve="1">` +
    EMPTY_TREE.replace('<p:cSld>', '<p:cSld name="Blank">') +
    '<p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sldLayout>'
  );
}

const colour = (name: string, rgb: string) => `<a:${name}><a:srgbClr val="${rgb}"/></a:${name}>`;
const fill = '<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>';
const line = (width: number) =>
  `<a:ln w="${width}" cap="flat" cmpd="sng" algn="ctr">${fill}<a:prstDash val="solid"/></a:ln>`;

export function themeXml(): string {
  return (
    `${XML}<a:theme xmlns:a="${NS.a}" name="PaperKnife"><a:themeElements>` +
    '<a:clrScheme name="PaperKnife">' +
    '<a:dk1><a:sysClr val="windowText" lastClr="000000"/></a:dk1><a:lt1><a:sysClr val="window" lastClr="FFFFFF"/></a:lt1>' +
    colour('dk2', '44546A') +
    colour('lt2', 'E7E6E6') +
    colour('accent1', '4472C4') +
    colour('accent2', 'ED7D31') +
    colour('accent3', 'A5A5A5') +
    colour('accent4', 'FFC000') +
    colour('accent5', '5B9BD5') +
    colour('accent6', '70AD47') +
    colour('hlink', '0563C1') +
    colour('folHlink', '954F72') +
    '</a:clrScheme>' +
    '<a:fontScheme name="PaperKnife">' +
    '<a:majorFont><a:latin typeface="Calibri"/><a:ea typeface=""/><a:cs typeface=""/></a:majorFont>' +
    '<a:minorFont><a:latin typeface="Calibri"/><a:ea typeface=""/><a:cs typeface=""/></a:minorFont>' +
    '</a:fontScheme>' +
    '<a:fmtScheme name="PaperKnife">' +
    `<a:fillStyleLst>${fill}${fill}${fill}</a:fillStyleLst>` +
    `<a:lnStyleLst>${line(6350)}${line(12700)}${line(19050)}</a:lnStyleLst>` +
    '<a:effectStyleLst><a:effectStyle><a:effectLst/></a:effectStyle><a:effectStyle><a:effectLst/></a:effectStyle>' +
    '<a:effectStyle><a:effectLst/></a:effectStyle></a:effectStyleLst>' +
    `<a:bgFillStyleLst>${fill}${fill}${fill}</a:bgFillStyleLst>` +
    '</a:fmtScheme></a:themeElements></a:theme>'
  );
}

export const XML_DECLARATION = XML;
