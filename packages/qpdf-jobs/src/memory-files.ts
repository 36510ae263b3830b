import type { QpdfFile, QpdfRunner } from './qpdf-runner.js';

/** A file held in memory: bytes, or a Blob (the browser's runner writes its outputs as Blobs). */
type HeldFile = Extract<QpdfFile, { bytes: Uint8Array } | { blob: Blob }>;

/** A runner's file access for files held in memory (the browser's): no file on disk is ever involved. */
export const memoryFiles: Pick<QpdfRunner, 'read' | 'size' | 'append'> = {
  read: async (file, offset, length) => {
    const held = heldFile(file);
    if ('bytes' in held) return held.bytes.subarray(offset, offset + length);
    return new Uint8Array(await held.blob.slice(offset, offset + length).arrayBuffer());
  },
  size: async (file) => {
    const held = heldFile(file);
    return 'bytes' in held ? held.bytes.length : held.blob.size;
  },
  append: async (file, bytes) => {
    const held = heldFile(file);
    // A Blob joins the new bytes to the old without copying them.
    if ('blob' in held) return { blob: new Blob([held.blob, bytes as Uint8Array<ArrayBuffer>]) };
    const joined = new Uint8Array(held.bytes.length + bytes.length);
    joined.set(held.bytes);
    joined.set(bytes, held.bytes.length);
    return { bytes: joined };
  },
};

/** A held file's bytes: the array itself, or a Blob's contents read into one. */
export async function heldBytes(file: QpdfFile): Promise<Uint8Array> {
  const held = heldFile(file);
  return 'bytes' in held ? held.bytes : new Uint8Array(await held.blob.arrayBuffer());
}

/** A held file's data as it is held: its bytes, or its Blob. */
export function heldData(file: QpdfFile): Uint8Array | Blob {
  const held = heldFile(file);
  return 'bytes' in held ? held.bytes : held.blob;
}

function heldFile(file: QpdfFile): HeldFile {
  if ('path' in file) throw new Error(`This runner holds files in memory, not at a path (${file.path})`);
  return file;
}
