import { type ByteSource, odfMediaType, oleStreamNames, zipPartNames } from './container-parts.js';
import { DELIMITED_SNIFF_BYTES, delimitedLayout } from './delimited-text.js';
import { isHtmlName, looksLikeHtml } from './html-text.js';

export { type ByteSource, bytesSource } from './container-parts.js';

/**
 * Recognises uploads by their content, never by their name. Used by the browser before upload and by the
 * server on arrival, so both reject the same files: `identifyFile` for a whole file, `detectFileType` for what the
 * first bytes alone tell (PDF, images).
 */

/**
 * Office documents, told apart by the part names of their ZIP package or the stream names of their compound
 * file. 'encrypted-office': a password-protected .docx, .xlsx or .pptx, whose kind only the password reveals.
 */
export type OfficeType =
  'docx' | 'doc' | 'odt' | 'xlsx' | 'xls' | 'ods' | 'csv' | 'pptx' | 'ppt' | 'odp' | 'encrypted-office';

export type DetectedType = 'pdf' | OfficeType | ImageType | WebPageType;

/** A web page (html-text.ts), or a ZIP that is no office package and holds one (with its style sheets, images). */
export type WebPageType = 'html' | 'html-zip';

/** The image formats JPG to PDF takes. */
export type ImageType = 'jpeg' | 'png' | 'gif' | 'webp' | 'bmp' | 'tiff' | 'heic';

/** How many leading bytes `detectFileType` needs. PDF allows junk before the header within the first 1 KB. */
export const SNIFF_BYTES = 1024;

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP = [0x50, 0x4b, 0x03, 0x04]; // PK\3\4: .docx, .xlsx, .pptx and OpenDocument are ZIP packages
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // Office 97-2003 compound file
const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const GIF = [0x47, 0x49, 0x46, 0x38]; // GIF8 (7a or 9a)
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50]; // at 8, after RIFF and the size
const BMP = [0x42, 0x4d]; // BM
const TIFF_LE = [0x49, 0x49, 0x2a, 0x00]; // II*\0
const TIFF_BE = [0x4d, 0x4d, 0x00, 0x2a]; // MM\0*
const FTYP = [0x66, 0x74, 0x79, 0x70]; // at 4: an ISO media file's first box
// HEIF brands: HEVC stills and sequences, and the generic image brands an iPhone or camera writes.
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1', 'avif']);

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return signature.every((byte, i) => bytes[at + i] === byte);
}

/** What the first bytes alone tell: a PDF (its header within them) or an image; null for anything else. */
export function detectFileType(head: Uint8Array): DetectedType | null {
  const end = Math.min(head.length, SNIFF_BYTES) - PDF.length;
  for (let at = 0; at <= end; at++) {
    if (startsWith(head, PDF, at)) return 'pdf';
  }
  return detectImageType(head);
}

function detectImageType(head: Uint8Array): ImageType | null {
  if (startsWith(head, JPEG)) return 'jpeg';
  if (startsWith(head, PNG)) return 'png';
  if (startsWith(head, GIF)) return 'gif';
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return 'webp';
  if (startsWith(head, TIFF_LE) || startsWith(head, TIFF_BE)) return 'tiff';
  // BMP's two letters are short: its header size (at 14) must be one of the known ones too.
  if (startsWith(head, BMP) && [12, 40, 52, 56, 64, 108, 124].includes(head[14] ?? 0) && head[15] === 0) return 'bmp';
  if (startsWith(head, FTYP, 4) && HEIF_BRANDS.has(String.fromCharCode(...head.subarray(8, 12)))) return 'heic';
  return null;
}

/** The detected types each input kind accepts. */
export const acceptedTypes = {
  PDF: ['pdf'],
  Word: ['docx', 'doc', 'encrypted-office'],
  Excel: ['xlsx', 'xls', 'ods', 'csv', 'encrypted-office'],
  PowerPoint: ['pptx', 'ppt', 'odp', 'encrypted-office'],
  JPG: ['jpeg', 'png', 'gif', 'webp', 'bmp', 'tiff', 'heic'],
  HTML: ['html', 'html-zip'],
} as const satisfies Record<string, readonly DetectedType[]>;

/**
 * The type of a whole file by its content: what its first bytes say; for a ZIP package or a compound file, which
 * office document it holds; for text, CSV when it reads as a table (delimited-text.ts).
 */
export async function identifyFile(source: ByteSource): Promise<DetectedType | null> {
  const head = await source.read(0, Math.min(source.size, SNIFF_BYTES));
  const known = detectFileType(head);
  if (known) return known;
  if (startsWith(head, ZIP)) return packageType(source, head);
  if (startsWith(head, OLE)) return compoundFileType(source);
  const start = await source.read(0, Math.min(source.size, DELIMITED_SNIFF_BYTES));
  if (looksLikeHtml(start)) return 'html';
  return delimitedLayout(start, start.length === source.size) ? 'csv' : null;
}

const openDocumentTypes: Readonly<Record<string, OfficeType>> = {
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
};

/** The folder of an Office Open XML package's main part. */
const openXmlFolders = [
  ['word/', 'docx'],
  ['xl/', 'xlsx'],
  ['ppt/', 'pptx'],
] as const satisfies readonly (readonly [string, OfficeType])[];

async function packageType(source: ByteSource, head: Uint8Array): Promise<OfficeType | 'html-zip' | null> {
  const media = odfMediaType(head);
  if (media !== undefined) return openDocumentTypes[media.replace(/-template$/, '')] ?? null;
  const names = await zipPartNames(source);
  const office = openXmlFolders.find(([folder]) => names.some((name) => name.startsWith(folder)))?.[1];
  return office ?? (names.some(isHtmlName) ? 'html-zip' : null);
}

async function compoundFileType(source: ByteSource): Promise<OfficeType | null> {
  const names = new Set(await oleStreamNames(source));
  if (names.has('EncryptedPackage')) return 'encrypted-office';
  if (names.has('WordDocument')) return 'doc';
  if (names.has('Workbook') || names.has('Book')) return 'xls'; // Book: Excel 5 and 95
  if (names.has('PowerPoint Document')) return 'ppt';
  return null;
}
