import { createReadStream, createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';

export interface ZipEntry {
  /** Name inside the archive. */
  name: string;
  /** A file on disk, streamed in (never read whole into memory). */
  path?: string;
  /** Or bytes already in memory. */
  data?: Buffer;
  /** Store as is: for JPEG/PNG/PDF data that deflate cannot shrink much. */
  store?: boolean;
}

/** Writes a ZIP to `target` from files on disk or buffers, streaming. */
export async function writeZip(target: string, entries: readonly ZipEntry[], signal?: AbortSignal): Promise<void> {
  const zip = new yazl.ZipFile();
  // A file that cannot be read (gone, a folder) errs on its read stream, and yazl errs on itself, where nothing else
  // listens: an unhandled 'error' event would end the process, and the output would never end. Either fails the
  // output instead, and with it the job.
  const fail = (error: Error) => (zip.outputStream as Readable).destroy(error);
  zip.on('error', fail);
  for (const entry of entries) {
    const options = { compress: !entry.store, mtime: new Date(0) };
    if (entry.path) zip.addReadStream(createReadStream(entry.path).on('error', fail), entry.name, options);
    else zip.addBuffer(entry.data ?? Buffer.alloc(0), entry.name, options);
  }
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(target), { signal });
}
