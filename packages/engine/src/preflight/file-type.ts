import { type FileHandle, open } from 'node:fs/promises';
import { type ByteSource, type DetectedType, identifyFile } from '@paperknife/catalog/file-types';

/** A file's type by its content (the catalogue's `identifyFile`), read through a file handle a few bytes at a time. */
export async function identifyFileAt(path: string): Promise<DetectedType | null> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    return await identifyFile(handleSource(handle, size));
  } finally {
    await handle.close();
  }
}

function handleSource(handle: FileHandle, size: number): ByteSource {
  return {
    size,
    read: async (offset, length) => {
      const start = Math.max(0, offset);
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - start)));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, start);
      return buffer.subarray(0, bytesRead);
    },
  };
}
