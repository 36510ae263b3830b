/**
 * Recognises uploads by their first bytes, never by their name. Used by the browser before upload and by the
 * server on arrival, so both reject the same files.
 */
export type DetectedType = 'pdf' | 'docx' | 'doc';

/** How many leading bytes `detectFileType` needs. PDF allows junk before the header within the first 1 KB. */
export const SNIFF_BYTES = 1024;

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP = [0x50, 0x4b, 0x03, 0x04]; // PK\3\4 (a .docx is a ZIP package)
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // Word 97-2003 compound file

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return signature.every((byte, i) => bytes[at + i] === byte);
}

export function detectFileType(head: Uint8Array): DetectedType | null {
  const end = Math.min(head.length, SNIFF_BYTES) - PDF.length;
  for (let at = 0; at <= end; at++) {
    if (startsWith(head, PDF, at)) return 'pdf';
  }
  if (startsWith(head, ZIP)) return 'docx';
  if (startsWith(head, OLE)) return 'doc';
  return null;
}

/** The detected types each input kind accepts. */
export const acceptedTypes = {
  PDF: ['pdf'],
  Word: ['docx', 'doc'],
} as const satisfies Record<string, readonly DetectedType[]>;
