import type { QpdfFile, QpdfRunner } from './qpdf-runner.js';

/** A runner's file access for files held as bytes (the browser's): no file on disk is ever involved. */
export const memoryFiles: Pick<QpdfRunner, 'read' | 'size' | 'append'> = {
  read: async (file, offset, length) => bytesOf(file).subarray(offset, offset + length),
  size: async (file) => bytesOf(file).length,
  append: async (file, bytes) => {
    const old = bytesOf(file);
    const joined = new Uint8Array(old.length + bytes.length);
    joined.set(old);
    joined.set(bytes, old.length);
    return { bytes: joined };
  },
};

export function bytesOf(file: QpdfFile): Uint8Array {
  if ('bytes' in file) return file.bytes;
  throw new Error(`This runner holds files in memory, not at a path (${file.path})`);
}
