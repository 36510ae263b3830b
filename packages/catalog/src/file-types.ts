import { type ByteSource, odfMediaType, oleStreamNames, zipPartNames } from './container-parts.js';
import { DELIMITED_SNIFF_BYTES, delimitedLayout } from './delimited-text.js';

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

export type DetectedType = 'pdf' | OfficeType;

/** How many leading bytes `detectFileType` needs. PDF allows junk before the header within the first 1 KB. */
export const SNIFF_BYTES = 1024;

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP = [0x50, 0x4b, 0x03, 0x04]; // PK\3\4: .docx, .xlsx, .pptx and OpenDocument are ZIP packages
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // Office 97-2003 compound file

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return signature.every((byte, i) => bytes[at + i] === byte);
}

/** What the first bytes alone tell: a PDF (its header within them) or an image; null for anything else. */
export function detectFileType(head: Uint8Array): DetectedType | null {
  const end = Math.min(head.length, SNIFF_BYTES) - PDF.length;
  for (let at = 0; at <= end; at++) {
    if (startsWith(head, PDF, at)) return 'pdf';
  }
  return null;
}

/** The detected types each input kind accepts. */
export const acceptedTypes = {
  PDF: ['pdf'],
  Word: ['docx', 'doc', 'encrypted-office'],
  Excel: ['xlsx', 'xls', 'ods', 'csv', 'encrypted-office'],
  PowerPoint: ['pptx', 'ppt', 'odp', 'encrypted-office'],
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

async function packageType(source: ByteSource, head: Uint8Array): Promise<OfficeType | null> {
  const media = odfMediaType(head);
  if (media !== undefined) return openDocumentTypes[media.replace(/-template$/, '')] ?? null;
  const names = await zipPartNames(source);
  return openXmlFolders.find(([folder]) => names.some((name) => name.startsWith(folder)))?.[1] ?? null;
}

async function compoundFileType(source: ByteSource): Promise<OfficeType | null> {
  const names = new Set(await oleStreamNames(source));
  if (names.has('EncryptedPackage')) return 'encrypted-office';
  if (names.has('WordDocument')) return 'doc';
  if (names.has('Workbook') || names.has('Book')) return 'xls'; // Book: Excel 5 and 95
  if (names.has('PowerPoint Document')) return 'ppt';
  return null;
}
