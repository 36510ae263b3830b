import { type DetectedType, identifyFile } from '@paperknife/catalog/file-types';
import type { FileKind } from '@paperknife/catalog/tools';

export type FileProblem =
  { kind: 'type'; detected: DetectedType | null } | { kind: 'size' } | { kind: 'empty' } | { kind: 'unreadable' };

export interface FileCheckResult {
  detected: DetectedType | null;
  problem?: FileProblem;
}

/**
 * Reads a file once from start to end in the browser, as the upload row's progress, and checks it: its type by
 * content (the same `identifyFile` the server runs: first bytes, and the names inside an office document's
 * container, read through slices of the file) against `accepted` (from the catalogue's `acceptedTypes`), its
 * size against the configured limit. Nothing is sent.
 */
export async function checkFile(
  file: File,
  accepted: readonly DetectedType[],
  maxBytes: number,
  onProgress: (percent: number) => void,
): Promise<FileCheckResult> {
  if (file.size === 0) return { detected: null, problem: { kind: 'empty' } };
  if (file.size > maxBytes) return { detected: null, problem: { kind: 'size' } };
  let read = 0;
  try {
    const reader = file.stream().getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      read += value.length;
      onProgress(Math.min(99, Math.floor((read / file.size) * 100)));
    }
  } catch {
    return { detected: null, problem: { kind: 'unreadable' } };
  }
  let detected: DetectedType | null;
  try {
    detected = await identifyFile({
      size: file.size,
      read: async (offset, length) => new Uint8Array(await file.slice(offset, offset + length).arrayBuffer()),
    });
  } catch {
    return { detected: null, problem: { kind: 'unreadable' } };
  }
  onProgress(100);
  if (!detected || !accepted.includes(detected)) return { detected, problem: { kind: 'type', detected } };
  return { detected };
}

/** Whether a file's name or browser type says it is of this kind (what the drop zone filters on). */
export function looksLike(file: File, accepts: FileKind): boolean {
  const name = file.name.toLowerCase();
  return accepts.extensions.some((extension) => name.endsWith(extension)) || accepts.mimeTypes.includes(file.type);
}

/** The file picker's filter for a kind: its extensions and MIME types, e.g. ".pdf,application/pdf". */
export function pickerAccept(accepts: FileKind): string {
  return [...accepts.extensions, ...accepts.mimeTypes].join(',');
}
