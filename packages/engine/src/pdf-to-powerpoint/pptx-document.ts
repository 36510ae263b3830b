import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { Span } from '../pdf-to-word/layout-model.js';
import {
  NS,
  RELATIONSHIP_TYPES,
  type Relationship,
  XML_DECLARATION,
  contentTypesXml,
  corePropertiesXml,
  escapeXml,
  presentationXml,
  relationshipsXml,
  slideLayoutXml,
  slideMasterXml,
  themeXml,
} from './pptx-parts.js';
import type {
  Slide,
  SlideItem,
  SlideLine,
  SlideListMarker,
  SlidePicture,
  SlideRectangle,
  SlideText,
} from './slide-model.js';

/**
 * Writes slides as a .pptx of our own: one slide per page, every item placed absolutely in the page's coordinates.
 * A presentation has one slide size: the commonest page size; a page of another size is scaled to fit its slide
 * and centred on it.
 */

const EMUS_PER_POINT = 12700;
/** PowerPoint's bounds for the slide size: 1 to 56 inches. */
const MIN_SLIDE = 914400;
const MAX_SLIDE = 51206400;

/** Places page points on the slide, in EMUs. */
interface Placement {
  scale: number;
  dx: number;
  dy: number;
}

/** The slide size in EMUs for the commonest page size, shrunk (or grown) within PowerPoint's bounds. */
export function slideSize(slides: readonly Slide[]): { width: number; height: number } {
  const counts = new Map<string, number>();
  for (const slide of slides) {
    const key = `${Math.round(slide.width)}x${Math.round(slide.height)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const [common] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['720x540'];
  const [width, height] = common.split('x').map(Number) as [number, number];
  let emus = EMUS_PER_POINT;
  const longest = Math.max(width, height) * emus;
  if (longest > MAX_SLIDE) emus *= MAX_SLIDE / longest;
  const shortest = Math.min(width, height) * emus;
  if (shortest < MIN_SLIDE) emus *= Math.min(MIN_SLIDE / shortest, MAX_SLIDE / (Math.max(width, height) * emus));
  return {
    width: Math.min(MAX_SLIDE, Math.max(MIN_SLIDE, Math.round(width * emus))),
    height: Math.min(MAX_SLIDE, Math.max(MIN_SLIDE, Math.round(height * emus))),
  };
}

function placement(slide: Slide, size: { width: number; height: number }): Placement {
  const scale = Math.min(size.width / slide.width, size.height / slide.height);
  return { scale, dx: (size.width - slide.width * scale) / 2, dy: (size.height - slide.height * scale) / 2 };
}

const emu = (value: number) => Math.round(value);

function frame(at: Placement, x0: number, y0: number, x1: number, y1: number, flip = ''): string {
  const x = emu(at.dx + Math.min(x0, x1) * at.scale);
  const y = emu(at.dy + Math.min(y0, y1) * at.scale);
  const cx = Math.max(0, emu(Math.abs(x1 - x0) * at.scale));
  const cy = Math.max(0, emu(Math.abs(y1 - y0) * at.scale));
  return `<a:xfrm${flip}><a:off x="${x}" y="${y}"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm>`;
}

const NO_GROUP =
  '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr>' +
  '<p:grpSpPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/><a:chOff x="0" y="0"/><a:chExt cx="0" cy="0"/></a:xfrm></p:grpSpPr>';

/** A run's properties: size in hundredths of a point, bold, italic, colour and font. */
function runProperties(span: Span, scale: number): string {
  const size = Math.min(400000, Math.max(100, Math.round((span.size * scale * 100) / EMUS_PER_POINT)));
  const font = span.font ? escapeXml(span.font) : '';
  const fonts = font ? `<a:latin typeface="${font}"/><a:ea typeface="${font}"/><a:cs typeface="${font}"/>` : '';
  return (
    `<a:rPr lang="en-US" sz="${size}"${span.bold ? ' b="1"' : ''}${span.italic ? ' i="1"' : ''} dirty="0">` +
    `<a:solidFill><a:srgbClr val="${escapeXml(span.color)}"/></a:solidFill>${fonts}</a:rPr>`
  );
}

/** A paragraph's bullet: none, a character, or an automatic number. */
function bulletProperties(marker: SlideListMarker | undefined): string {
  if (!marker) return '<a:buNone/>';
  if (marker.kind === 'bullet') return `<a:buFont typeface="Arial"/><a:buChar char="${escapeXml(marker.char)}"/>`;
  const startAt = marker.startAt === 1 ? '' : ` startAt="${marker.startAt}"`;
  return `<a:buAutoNum type="${marker.scheme}"${startAt}/>`;
}

/** A box of lines: each line a paragraph indented to where it starts, spaced to where it sits below the last. */
function textShape(item: SlideText, id: number, at: Placement): string {
  const points = (value: number) => Math.max(0, Math.round((value * at.scale * 100) / EMUS_PER_POINT));
  let previousBottom = item.y0;
  const paragraphs = item.lines.map((line) => {
    const height = line.y1 - line.y0;
    const before = Math.max(0, line.y0 - previousBottom);
    previousBottom = line.y1;
    const rightToLeft = line.spans.some((span) => span.rightToLeft);
    const indent = rightToLeft ? Math.max(0, item.x1 - line.x1) : Math.max(0, line.x0 - item.x0);
    const marker = rightToLeft ? undefined : line.marker;
    // A marker hangs in the indent: drawn where the page draws it, the text where the page has it.
    const hanging = marker ? -emu(Math.max(0, line.x0 - marker.x0) * at.scale) : 0;
    const properties =
      `<a:pPr marL="${emu(indent * at.scale)}" indent="${hanging}"${rightToLeft ? ' algn="r" rtl="1"' : ''}>` +
      `<a:lnSpc><a:spcPts val="${points(height)}"/></a:lnSpc><a:spcBef><a:spcPts val="${points(before)}"/></a:spcBef>` +
      `${bulletProperties(marker?.list)}</a:pPr>`;
    const runs = line.spans
      .filter((span) => span.text !== '')
      .map((span) => `<a:r>${runProperties(span, at.scale)}<a:t>${escapeXml(span.text)}</a:t></a:r>`);
    return `<a:p>${properties}${runs.join('')}</a:p>`;
  });
  return (
    `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="Text ${id}"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr>` +
    `<p:spPr>${frame(at, item.x0, item.y0, item.x1, item.y1)}<a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:noFill/></p:spPr>` +
    '<p:txBody><a:bodyPr wrap="none" lIns="0" tIns="0" rIns="0" bIns="0" rtlCol="0" anchor="t"><a:noAutofit/></a:bodyPr>' +
    `<a:lstStyle/>${paragraphs.join('')}</p:txBody></p:sp>`
  );
}

function pictureShape(item: SlidePicture, id: number, relationship: string, at: Placement): string {
  return (
    `<p:pic><p:nvPicPr><p:cNvPr id="${id}" name="Picture ${id}"/><p:cNvPicPr><a:picLocks noChangeAspect="1"/></p:cNvPicPr><p:nvPr/></p:nvPicPr>` +
    `<p:blipFill><a:blip r:embed="${relationship}"/><a:stretch><a:fillRect/></a:stretch></p:blipFill>` +
    `<p:spPr>${frame(at, item.x0, item.y0, item.x1, item.y1)}<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:pic>`
  );
}

function rectangleShape(item: SlideRectangle, id: number, at: Placement): string {
  return (
    `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="Rectangle ${id}"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr>` +
    `<p:spPr>${frame(at, item.x0, item.y0, item.x1, item.y1)}<a:prstGeom prst="rect"><a:avLst/></a:prstGeom>` +
    `<a:solidFill><a:srgbClr val="${item.fill}"/></a:solidFill><a:ln><a:noFill/></a:ln></p:spPr></p:sp>`
  );
}

function lineShape(item: SlideLine, id: number, at: Placement): string {
  const flipH = item.x1 < item.x0 !== item.y1 < item.y0 ? ' flipH="1"' : '';
  return (
    `<p:cxnSp><p:nvCxnSpPr><p:cNvPr id="${id}" name="Line ${id}"/><p:cNvCxnSpPr/><p:nvPr/></p:nvCxnSpPr>` +
    `<p:spPr>${frame(at, item.x0, item.y0, item.x1, item.y1, flipH)}<a:prstGeom prst="line"><a:avLst/></a:prstGeom>` +
    `<a:ln w="${emu(item.width * at.scale)}"><a:solidFill><a:srgbClr val="${item.color}"/></a:solidFill></a:ln></p:spPr></p:cxnSp>`
  );
}

/** One slide's XML and the pictures it refers to (relationship id -> file), numbered from `firstMedia`. */
function slideXml(
  slide: Slide,
  size: { width: number; height: number },
  firstMedia: number,
): { xml: string; media: { relationship: string; name: string; file: string }[] } {
  const at = placement(slide, size);
  const media: { relationship: string; name: string; file: string }[] = [];
  const shapes = slide.items.map((item: SlideItem, index) => {
    const id = index + 2;
    switch (item.kind) {
      case 'text':
        return textShape(item, id, at);
      case 'rectangle':
        return rectangleShape(item, id, at);
      case 'line':
        return lineShape(item, id, at);
      case 'picture': {
        const relationship = `rIdImage${media.length + 1}`;
        media.push({ relationship, name: `image${firstMedia + media.length}.${item.format}`, file: item.file });
        return pictureShape(item, id, relationship, at);
      }
    }
  });
  const xml =
    `${XML_DECLARATION}<p:sld xmlns:a="${NS.a}" xmlns:r="${NS.r}" xmlns:p="${NS.p}">` +
    `<p:cSld><p:spTree>${NO_GROUP}${shapes.join('')}</p:spTree></p:cSld>` +
    '<p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>';
  return { xml, media };
}

/** The presentation written to `output`, pictures stored as they are (PNG and JPEG do not deflate). */
export async function writePresentation(slides: readonly Slide[], title: string, output: string): Promise<void> {
  const size = slideSize(slides);
  const zip = new yazl.ZipFile();
  zip.on('error', (error: Error) => (zip.outputStream as Readable).destroy(error));
  const written = pipeline(zip.outputStream, createWriteStream(output));
  const add = (path: string, xml: string) => zip.addBuffer(Buffer.from(xml), path);
  add('[Content_Types].xml', contentTypesXml(slides.length));
  add(
    '_rels/.rels',
    relationshipsXml([
      { id: 'rId1', type: RELATIONSHIP_TYPES.document, target: 'ppt/presentation.xml' },
      { id: 'rId2', type: RELATIONSHIP_TYPES.coreProperties, target: 'docProps/core.xml' },
    ]),
  );
  add('docProps/core.xml', corePropertiesXml(title));
  add('ppt/presentation.xml', presentationXml(slides.length, size.width, size.height));
  const presentationRelationships: Relationship[] = [
    { id: 'rIdMaster', type: RELATIONSHIP_TYPES.slideMaster, target: 'slideMasters/slideMaster1.xml' },
    { id: 'rIdTheme', type: RELATIONSHIP_TYPES.theme, target: 'theme/theme1.xml' },
    ...slides.map((_, i) => ({
      id: `rIdSlide${i + 1}`,
      type: RELATIONSHIP_TYPES.slide,
      target: `slides/slide${i + 1}.xml`,
    })),
  ];
  add('ppt/_rels/presentation.xml.rels', relationshipsXml(presentationRelationships));
  add('ppt/slideMasters/slideMaster1.xml', slideMasterXml());
  add(
    'ppt/slideMasters/_rels/slideMaster1.xml.rels',
    relationshipsXml([
      { id: 'rId1', type: RELATIONSHIP_TYPES.slideLayout, target: '../slideLayouts/slideLayout1.xml' },
      { id: 'rId2', type: RELATIONSHIP_TYPES.theme, target: '../theme/theme1.xml' },
    ]),
  );
  add('ppt/slideLayouts/slideLayout1.xml', slideLayoutXml());
  add(
    'ppt/slideLayouts/_rels/slideLayout1.xml.rels',
    relationshipsXml([
      { id: 'rId1', type: RELATIONSHIP_TYPES.slideMaster, target: '../slideMasters/slideMaster1.xml' },
    ]),
  );
  add('ppt/theme/theme1.xml', themeXml());
  let mediaCount = 0;
  slides.forEach((slide, index) => {
    const { xml, media } = slideXml(slide, size, mediaCount + 1);
    mediaCount += media.length;
    add(`ppt/slides/slide${index + 1}.xml`, xml);
    add(
      `ppt/slides/_rels/slide${index + 1}.xml.rels`,
      relationshipsXml([
        { id: 'rIdLayout', type: RELATIONSHIP_TYPES.slideLayout, target: '../slideLayouts/slideLayout1.xml' },
        ...media.map(({ relationship, name }) => ({
          id: relationship,
          type: RELATIONSHIP_TYPES.image,
          target: `../media/${name}`,
        })),
      ]),
    );
    for (const { name, file } of media) zip.addFile(file, `ppt/media/${name}`, { compress: false });
  });
  zip.end();
  await written;
}
