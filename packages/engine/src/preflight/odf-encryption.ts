import { inflateRawSync } from 'node:zlib';

/** Where an OpenDocument package lists its parts, and how each one is encrypted when it is. */
const MANIFEST = 'META-INF/manifest.xml';
/** A manifest lists a few dozen parts; a larger one is no document's. */
const MAX_MANIFEST_BYTES = 1024 * 1024;

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/**
 * Tells whether an OpenDocument package (.odt, .ods, .odp) is password-protected. Its `mimetype` stays readable,
 * so it is recognised as what it is, but its content parts are encrypted, and its manifest (never encrypted)
 * gives each of them a `manifest:encryption-data` element. LibreOffice only says "could not be loaded" for one.
 */
export function isEncryptedOpenDocument(file: Buffer): boolean {
  if (file.length < 30 || file.readUInt32LE(0) !== LOCAL_HEADER) return false;
  try {
    return zipPartText(file, MANIFEST)?.includes(':encryption-data') ?? false;
  } catch {
    return false; // not a readable package: LibreOffice will say so
  }
}

/** One part's text, found through the central directory; undefined when the package has no such part. */
function zipPartText(file: Buffer, name: string): string | undefined {
  const end = file.lastIndexOf(uint32(END_OF_DIRECTORY), file.length - 22);
  if (end < 0) return undefined;
  const directoryEnd = file.readUInt32LE(end + 16) + file.readUInt32LE(end + 12);
  for (let at = file.readUInt32LE(end + 16); at + 46 <= directoryEnd;) {
    if (file.readUInt32LE(at) !== DIRECTORY_ENTRY) return undefined;
    const nameLength = file.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
    if (file.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      return partText(file, file.readUInt16LE(at + 10), file.readUInt32LE(at + 20), file.readUInt32LE(at + 42));
    }
    at = next;
  }
  return undefined;
}

function partText(file: Buffer, method: number, compressedSize: number, localHeader: number): string | undefined {
  if (file.readUInt32LE(localHeader) !== LOCAL_HEADER || compressedSize > MAX_MANIFEST_BYTES) return undefined;
  const start = localHeader + 30 + file.readUInt16LE(localHeader + 26) + file.readUInt16LE(localHeader + 28);
  const data = file.subarray(start, start + compressedSize);
  if (method === STORED) return data.toString('utf8');
  if (method === DEFLATED) return inflateRawSync(data, { maxOutputLength: MAX_MANIFEST_BYTES }).toString('utf8');
  return undefined;
}

function uint32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
}
