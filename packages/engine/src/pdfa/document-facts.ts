import type { ToolContext } from '../jobs/tool-runner.js';
import {
  type JsonDict,
  type JsonValue,
  type PdfJson,
  isDict,
  isRef,
  nameOf,
  reachableDicts,
  readPdfJson,
  readStreamData,
  resolve,
} from './pdf-json.js';

/** What PDF/A asks of a document, as found in one file: the upload before conversion, or the output after it. */
export interface DocumentFacts {
  /** The PDF/A identification in the XMP metadata (`pdfaid:part`, `pdfaid:conformance`), when there is one. */
  pdfaId?: { part: number; conformance: string };
  /** An output intent of subtype GTS_PDFA1 with an ICC profile (DestOutputProfile) as a stream. */
  outputIntent: boolean;
  /** Base names (subset prefix removed) of the fonts whose program is not in the file, each once. */
  unembeddedFonts: string[];
  encrypted: boolean;
  /** JavaScript, launch and other actions PDF/A forbids, additional-action (/AA) entries, external content. */
  forbiddenActions: number;
  /** Embedded files (file specifications with /EF). */
  attachments: number;
  /** Embedded files without what PDF/A-3 asks of each: /AFRelationship, /UF, a MIME type, a place in the catalogue's /AF. */
  unmarkedAttachments: number;
  /** Pages that draw with transparency (soft masks, constant opacity below 1, blend modes, transparency groups). */
  transparentPages: number;
  /** Transparency anywhere in the document, pages or not. */
  transparency: boolean;
  /** The trailer's /ID holds two strings. */
  documentId: boolean;
}

/** Actions PDF/A-2 and -3 forbid (ISO 19005-2, 6.5.1); PDF/A-1's list is a subset. */
const FORBIDDEN_ACTIONS = new Set([
  'Launch',
  'Sound',
  'Movie',
  'ResetForm',
  'ImportData',
  'Hide',
  'SetOCGState',
  'Rendition',
  'Trans',
  'GoTo3DView',
  'JavaScript',
]);
const ALLOWED_NAMED_ACTIONS = new Set(['NextPage', 'PrevPage', 'FirstPage', 'LastPage']);
const FONT_PROGRAMS = ['/FontFile', '/FontFile2', '/FontFile3'];
/** Back links and links to other pages: a page's walk stays on what it draws. */
const PAGE_WALK_SKIP = new Set(['/Parent', '/P', '/Dest', '/D', '/A', '/Next', '/Prev', '/First', '/Last', '/Kids']);

export async function readDocumentFacts(path: string, context: ToolContext): Promise<DocumentFacts> {
  const pdf = await readPdfJson(path, context);
  const root = resolve(pdf, pdf.trailer['/Root']);
  const catalog = isDict(root) ? root : {};
  const metadataRef = catalog['/Metadata'];
  const xmp = isRef(metadataRef) ? await readStreamData(path, metadataRef, context) : undefined;
  const dicts = reachableDicts(pdf, pdf.trailer['/Root']);
  const fileSpecs = dicts.filter((dict) => dict['/EF'] !== undefined);
  const associated = new Set(arrayOf(pdf, catalog['/AF']).map((spec) => resolve(pdf, spec)));
  const transparency = dicts.some(isTransparent);
  const id = pdf.trailer['/ID'];
  return {
    ...(xmp ? pdfaIdentification(xmp.toString('utf8')) : {}),
    outputIntent: arrayOf(pdf, catalog['/OutputIntents']).some((intent) => {
      const dict = resolve(pdf, intent);
      return isDict(dict) && nameOf(dict['/S']) === 'GTS_PDFA1' && isRef(dict['/DestOutputProfile']);
    }),
    unembeddedFonts: [...new Set(dicts.flatMap((dict) => unembeddedFont(pdf, dict) ?? []))].sort(),
    encrypted: pdf.trailer['/Encrypt'] !== undefined,
    forbiddenActions: dicts.reduce((count, dict) => count + forbiddenIn(dict), 0),
    attachments: fileSpecs.length,
    unmarkedAttachments: fileSpecs.filter((spec) => !isMarkedAttachment(pdf, spec, associated)).length,
    transparentPages: transparency ? countTransparentPages(pdf, catalog) : 0,
    transparency,
    documentId: Array.isArray(id) && id.length === 2 && id.every((part) => typeof part === 'string'),
  };
}

/** `pdfaid:part` and `pdfaid:conformance`, written as attributes or as elements. */
export function pdfaIdentification(xmp: string): { pdfaId?: { part: number; conformance: string } } {
  const field = (name: string) =>
    new RegExp(`pdfaid:${name}\\s*=\\s*["']([^"']*)["']|<pdfaid:${name}>([^<]*)</pdfaid:${name}>`).exec(xmp);
  const part = field('part');
  const conformance = field('conformance');
  if (!part) return {};
  return {
    pdfaId: {
      part: Number((part[1] ?? part[2])!.trim()),
      conformance: (conformance?.[1] ?? conformance?.[2] ?? '').trim().toUpperCase(),
    },
  };
}

function arrayOf(pdf: PdfJson, value: JsonValue | undefined): JsonValue[] {
  const resolved = resolve(pdf, value);
  return Array.isArray(resolved) ? resolved : [];
}

/** The base name of a font whose program is not embedded; undefined for other dictionaries and embedded fonts. */
function unembeddedFont(pdf: PdfJson, dict: JsonDict): string | undefined {
  if (nameOf(dict['/Type']) !== 'Font') return undefined;
  const subtype = nameOf(dict['/Subtype']);
  // Type 3 glyphs are content streams; a CID font is judged through its Type 0 parent.
  if (subtype === 'Type3' || subtype === 'CIDFontType0' || subtype === 'CIDFontType2') return undefined;
  let described: JsonValue | undefined = dict;
  if (subtype === 'Type0') described = resolve(pdf, arrayOf(pdf, dict['/DescendantFonts'])[0]);
  const descriptor = isDict(described) ? resolve(pdf, described['/FontDescriptor']) : undefined;
  if (isDict(descriptor) && FONT_PROGRAMS.some((key) => descriptor[key] !== undefined)) return undefined;
  return (nameOf(dict['/BaseFont']) ?? 'unnamed').replace(/^[A-Z]{6}\+/, '');
}

/** Forbidden actions, /AA entries and external content one dictionary holds itself. */
function forbiddenIn(dict: JsonDict): number {
  let count = 0;
  const action = nameOf(dict['/S']);
  if (action && FORBIDDEN_ACTIONS.has(action)) count++;
  if (action === 'Named' && !ALLOWED_NAMED_ACTIONS.has(nameOf(dict['/N']) ?? '')) count++;
  if (dict['/AA'] !== undefined) count++;
  // Reference XObjects, OPI, PostScript XObjects and alternate images point outside the file or past PDF/A.
  if (dict['/Ref'] !== undefined && nameOf(dict['/Subtype']) === 'Form') count++;
  if (dict['/OPI'] !== undefined || nameOf(dict['/Subtype']) === 'PS' || dict['/Alternates'] !== undefined) count++;
  return count;
}

function isMarkedAttachment(pdf: PdfJson, spec: JsonDict, associated: ReadonlySet<JsonValue | undefined>): boolean {
  const files = resolve(pdf, spec['/EF']);
  const file = isDict(files) ? resolve(pdf, files['/F'] ?? files['/UF']) : undefined;
  return (
    nameOf(spec['/AFRelationship']) !== undefined &&
    spec['/UF'] !== undefined &&
    isDict(file) &&
    nameOf(file['/Subtype']) !== undefined &&
    associated.has(spec)
  );
}

/** What draws with transparency in one dictionary (a graphics state, an image, a group, an annotation). */
function isTransparent(dict: JsonDict): boolean {
  for (const key of ['/ca', '/CA']) {
    const opacity = dict[key];
    if (typeof opacity === 'number' && opacity < 1) return true;
  }
  const softMask = dict['/SMask'];
  if (softMask !== undefined && nameOf(softMask) !== 'None') return true;
  if (typeof dict['/SMaskInData'] === 'number' && dict['/SMaskInData'] > 0) return true;
  const blend = dict['/BM'];
  const blends = Array.isArray(blend) ? blend : blend === undefined ? [] : [blend];
  if (blends.some((mode) => !['Normal', 'Compatible'].includes(nameOf(mode) ?? ''))) return true;
  const group = dict['/Group'];
  return isDict(group) && nameOf(group['/S']) === 'Transparency';
}

function countTransparentPages(pdf: PdfJson, catalog: JsonDict): number {
  const tree = reachableDicts(pdf, catalog['/Pages'], new Set(['/Parent', '/Resources', '/Annots', '/Contents']));
  return tree
    .filter((dict) => nameOf(dict['/Type']) === 'Page')
    .filter((page) => reachableDicts(pdf, page, PAGE_WALK_SKIP).some(isTransparent)).length;
}
