import { compoundFile, zipPackage } from '@paperknife/catalog/testing/container-fixtures';

/**
 * Small files that start as real PDFs do, and Word documents in the containers real ones come in (a ZIP package
 * with a word/ part, a compound file with a WordDocument stream), so recognition by content takes them as such.
 */

const encoder = new TextEncoder();

const signatures = {
  pdf: encoder.encode('%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n'),
  docx: zipPackage(['[Content_Types].xml', 'word/document.xml']),
  doc: compoundFile(['WordDocument']),
  text: encoder.encode('Just some text, no signature.\n'),
} as const;

export type SampleKind = keyof typeof signatures;

const mimeTypes: Record<SampleKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  text: 'text/plain',
};

/**
 * A file of `size` bytes that starts with the signature (or whole container) of `kind` after `offset` bytes of
 * padding; the browser type follows the kind unless given.
 */
export function sampleFile(
  kind: SampleKind,
  name: string,
  { size = 4096, offset = 0, type = mimeTypes[kind] }: { size?: number; offset?: number; type?: string } = {},
): File {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(signatures[kind].subarray(0, Math.max(0, size - offset)), offset);
  return new File([bytes], name, { type });
}

/** A PDF-looking file of `megabytes` MB (1 MB = 1024 * 1024 bytes, as the file rows count). */
export function pdfOfMegabytes(name: string, megabytes: number): File {
  return sampleFile('pdf', name, { size: Math.round(megabytes * 1024 * 1024) });
}
