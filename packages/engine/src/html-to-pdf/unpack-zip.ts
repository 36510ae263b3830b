import { mkdir, open, writeFile } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { inflateSync } from 'fflate';
import { ToolError } from '@paperknife/catalog/errors';

/** How much a ZIP may unpack to: the entries it may hold, and their bytes together as their headers declare them. */
export interface UnpackBounds {
  maxEntries: number;
  maxBytes: number;
}

/**
 * Unpacks an uploaded ZIP into `folder`, which must exist and be empty, and answers the relative paths of the files
 * written. Safe by construction: every name is checked before anything is written (no absolute path, no `..`, no
 * drive letter), links are never made (a symbolic link entry is left out), encrypted or ZIP64 archives are refused,
 * and the declared sizes are bounded before any inflating; each entry inflates into a buffer of its declared size,
 * so an entry that lies about its size is cut short rather than allowed to grow.
 */
export async function unpackZip(path: string, folder: string, bounds: UnpackBounds): Promise<string[]> {
  const handle = await open(path, 'r');
  try {
    const entries = await readDirectory(handle, bounds);
    const written: string[] = [];
    for (const entry of entries) {
      const target = join(folder, ...entry.segments);
      if (entry.directory) {
        await mkdir(target, { recursive: true });
        continue;
      }
      await mkdir(dirname(target), { recursive: true });
      // 'wx': a second entry of the same name does not overwrite the first.
      await writeFile(target, await entryBytes(handle, entry), { flag: 'wx' });
      written.push(entry.segments.join('/'));
    }
    return written;
  } catch (error) {
    if (error instanceof ToolError) throw error;
    throw new ToolError('unsupported_file_type', 'This ZIP file could not be unpacked. Zip the page again and retry.', {
      cause: error,
    });
  } finally {
    await handle.close();
  }
}

interface ZipEntry {
  segments: string[];
  directory: boolean;
  method: number;
  compressedSize: number;
  size: number;
  localHeader: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

const notUnpackable = (why: string) => new ToolError('unsupported_file_type', why);

async function readAt(handle: FileHandle, offset: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, offset);
  if (bytesRead < length) throw notUnpackable('This ZIP file is cut short. Zip the page again and retry.');
  return buffer;
}

async function readDirectory(handle: FileHandle, bounds: UnpackBounds): Promise<ZipEntry[]> {
  const { size: fileSize } = await handle.stat();
  // The end record (22 bytes) closes the file, followed only by a comment of up to 64 KB.
  const tailLength = Math.min(fileSize, 22 + 0xffff);
  const tail = await readAt(handle, fileSize - tailLength, tailLength);
  const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || tail.readUInt32LE(end) !== END_OF_DIRECTORY) {
    throw notUnpackable('This ZIP file is damaged: its list of files is missing. Zip the page again and retry.');
  }
  const count = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff) {
    throw notUnpackable('This ZIP file is too large to unpack (ZIP64). Zip only the page and its files.');
  }
  if (count > bounds.maxEntries) {
    throw new ToolError(
      'file_too_large',
      `This ZIP holds more than ${bounds.maxEntries} files. Zip only the page and its files.`,
    );
  }
  const directory = await readAt(handle, directoryOffset, directorySize);
  const entries: ZipEntry[] = [];
  let declared = 0;
  for (let at = 0, index = 0; index < count; index++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== DIRECTORY_ENTRY) {
      throw notUnpackable('This ZIP file is damaged. Zip the page again and retry.');
    }
    const flags = directory.readUInt16LE(at + 8);
    const method = directory.readUInt16LE(at + 10);
    const compressedSize = directory.readUInt32LE(at + 20);
    const size = directory.readUInt32LE(at + 24);
    const nameLength = directory.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
    const madeOnUnix = directory.readUInt8(at + 5) === 3;
    const mode = directory.readUInt32LE(at + 38) >>> 16;
    const localHeader = directory.readUInt32LE(at + 42);
    const rawName = directory.subarray(at + 46, at + 46 + nameLength);
    at = next;
    // Bit 0: encrypted. Bit 11: the name is UTF-8 (else code page 437, read here as Latin-1).
    if (flags & 1) {
      throw new ToolError(
        'encrypted_document',
        'This ZIP is password-protected: zip the page again without a password and try again.',
      );
    }
    if (madeOnUnix && (mode & 0o170000) === 0o120000) continue; // a symbolic link: never followed, never made
    const name = rawName.toString(flags & 0x800 ? 'utf8' : 'latin1');
    const segments = safeSegments(name);
    if (segments.length === 0) continue;
    const directoryEntry = name.endsWith('/') || name.endsWith('\\');
    if (!directoryEntry && method !== STORED && method !== DEFLATED) {
      throw notUnpackable(
        'This ZIP uses a compression method that is not supported. Zip the page again with the usual settings.',
      );
    }
    if (size === 0xffffffff || compressedSize === 0xffffffff) {
      throw notUnpackable('This ZIP file is too large to unpack (ZIP64). Zip only the page and its files.');
    }
    declared += size;
    if (declared > bounds.maxBytes) {
      throw new ToolError(
        'file_too_large',
        'This ZIP unpacks to more than the size limit. Zip only the page and its files.',
      );
    }
    entries.push({ segments, directory: directoryEntry, method, compressedSize, size, localHeader });
  }
  return entries;
}

/**
 * The entry's path as folder names, or an error if it would leave the folder it is unpacked in. Backslashes count
 * as separators (ZIPs made on Windows); empty and `.` parts are dropped.
 */
export function safeSegments(name: string): string[] {
  const parts = name.replace(/\\/g, '/').split('/');
  if (name.startsWith('/') || name.startsWith('\\') || /^[a-zA-Z]:/.test(name) || parts.includes('..')) {
    throw notUnpackable(
      `This ZIP holds a file placed outside its folder (${name}). Zip the page's folder again and retry.`,
    );
  }
  if (parts.some((part) => part.includes('\0'))) throw notUnpackable('This ZIP holds a file with an invalid name.');
  return parts.filter((part) => part !== '' && part !== '.');
}

async function entryBytes(handle: FileHandle, entry: ZipEntry): Promise<Uint8Array> {
  const header = await readAt(handle, entry.localHeader, 30);
  if (header.readUInt32LE(0) !== LOCAL_HEADER)
    throw notUnpackable('This ZIP file is damaged. Zip the page again and retry.');
  const dataStart = entry.localHeader + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (entry.method === STORED) return readAt(handle, dataStart, Math.min(entry.size, entry.compressedSize));
  const compressed = await readAt(handle, dataStart, entry.compressedSize);
  // A buffer of the declared size: inflating stops there, whatever the data holds.
  return inflateSync(compressed, { out: new Uint8Array(entry.size) });
}
