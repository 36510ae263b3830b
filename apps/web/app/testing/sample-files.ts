/** Small files whose first bytes are what real PDFs and Word documents start with. */

const encoder = new TextEncoder();

const signatures = {
  pdf: encoder.encode('%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n'),
  docx: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]),
  doc: new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
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
 * A file of `size` bytes that starts with the signature of `kind` after `offset` bytes of padding; the browser
 * type follows the kind unless given.
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
