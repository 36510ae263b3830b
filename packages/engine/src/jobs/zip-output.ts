import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { deflateRawSync } from 'node:zlib';
import yazl from 'yazl';

export interface ZipEntry {
  /** Name inside the archive. */
  name: string;
  /** A file on disk, streamed in (never read whole into memory). */
  path?: string;
  /** Or bytes already in memory. */
  data?: Buffer;
  /**
   * Store as is: for JPEG/PNG data that deflate cannot shrink much. `if-incompressible`: decided per file from
   * samples of it (a PDF of photos gains nothing and costs the most time; one of text and forms often halves).
   */
  store?: boolean | 'if-incompressible';
}

/** Writes a ZIP to `target` from files on disk or buffers, streaming. */
export async function writeZip(target: string, entries: readonly ZipEntry[], signal?: AbortSignal): Promise<void> {
  const zip = new yazl.ZipFile();
  // A file that cannot be read (gone, a folder) errs on its read stream, and yazl errs on itself, where nothing else
  // listens: an unhandled 'error' event would end the process, and the output would never end. Either fails the
  // output instead, and with it the job.
  const fail = (error: Error) => (zip.outputStream as Readable).destroy(error);
  zip.on('error', fail);
  // One file looked at a time: a split into thousands of parts must not run out of file handles.
  const stored: boolean[] = [];
  for (const entry of entries) {
    stored.push(entry.store === 'if-incompressible' ? await incompressible(entry) : Boolean(entry.store));
  }
  for (const [index, entry] of entries.entries()) {
    const options = { compress: !stored[index], mtime: new Date(0) };
    if (entry.path) zip.addReadStream(createReadStream(entry.path).on('error', fail), entry.name, options);
    else zip.addBuffer(entry.data ?? Buffer.alloc(0), entry.name, options);
  }
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(target), { signal });
}

/** Files up to this size are deflated without looking: it costs little. */
const SAMPLED_FROM_BYTES = 128 * 1024;
const SAMPLE_BYTES = 4 * 1024;
/** Deflate must take the samples below this share of their size for the file to be deflated. */
const WORTH_DEFLATING = 0.9;

/** Where the samples start, as shares of the file's length: sixteen, evenly spread. */
const SAMPLE_AT = Array.from({ length: 16 }, (_, index) => (index + 0.5) / 16);

/**
 * Whether deflate would leave an entry's file nearly as large: sixteen small samples of it, evenly spread, deflated
 * fast. Over the corpus's split pages, deflating everything took 19x the time of storing for 5 % less; the samples
 * tell the photo PDFs (no gain) from the text ones (down to a tenth). Three samples of 32 KB fell on a book's
 * compressible stretches and had 1.1 MB deflated (24 ms) for 4 % less; sixteen of 4 KB read it as the whole does.
 */
async function incompressible(entry: ZipEntry): Promise<boolean> {
  const sample = Buffer.alloc(SAMPLE_AT.length * SAMPLE_BYTES);
  if (!entry.path) {
    const data = entry.data ?? Buffer.alloc(0);
    if (data.length <= SAMPLED_FROM_BYTES) return false;
    for (const [index, at] of SAMPLE_AT.entries()) {
      const start = Math.floor(data.length * at);
      data.copy(sample, index * SAMPLE_BYTES, start, start + SAMPLE_BYTES);
    }
    return deflatesLittle(sample);
  }
  const file = await open(entry.path, 'r');
  try {
    const { size } = await file.stat();
    if (size <= SAMPLED_FROM_BYTES) return false;
    for (const [index, at] of SAMPLE_AT.entries()) {
      await file.read(sample, index * SAMPLE_BYTES, SAMPLE_BYTES, Math.floor(size * at));
    }
    return deflatesLittle(sample);
  } finally {
    await file.close();
  }
}

const deflatesLittle = (sample: Buffer) =>
  deflateRawSync(sample, { level: 1 }).length >= WORTH_DEFLATING * sample.length;
