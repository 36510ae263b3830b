/**
 * The names inside the two containers office documents come in: the part names of a ZIP package (.docx, .xlsx,
 * .pptx, OpenDocument) and the stream names of an OLE compound file (.doc, .xls, .ppt, encrypted Office files).
 * Read through random access, a few small reads, so the browser and the server can look without reading the file.
 */

/** Random access to a file's bytes: a File's slices in the browser, a file handle on the server. */
export interface ByteSource {
  size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
}

export function bytesSource(bytes: Uint8Array): ByteSource {
  return { size: bytes.length, read: async (offset, length) => bytes.subarray(offset, offset + length) };
}

/** Enough names to tell a package's kind; a real document has a few hundred at most. */
const MAX_NAMES = 4096;
/** The central directory read at most (names of ~4,000 parts). */
const MAX_DIRECTORY_BYTES = 1024 * 1024;

const u16 = (bytes: Uint8Array, at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
const u32 = (bytes: Uint8Array, at: number) => (u16(bytes, at) | (u16(bytes, at + 2) << 16)) >>> 0;
const latin1 = (bytes: Uint8Array) => String.fromCharCode(...bytes);
const utf8 = new TextDecoder();

/** The ZIP's part names, from its central directory, or from its local headers when the end is missing. */
export async function zipPartNames(source: ByteSource): Promise<string[]> {
  return (await centralDirectoryNames(source)) ?? localHeaderNames(source);
}

/** An OpenDocument package's media type: its first part, `mimetype`, stored uncompressed. */
export function odfMediaType(head: Uint8Array): string | undefined {
  if (u32(head, 0) !== 0x04034b50 || u16(head, 8) !== 0) return undefined;
  const nameLength = u16(head, 26);
  const start = 30 + nameLength + u16(head, 28);
  if (latin1(head.subarray(30, 30 + nameLength)) !== 'mimetype') return undefined;
  return latin1(head.subarray(start, start + Math.min(u32(head, 18), 100)));
}

async function centralDirectoryNames(source: ByteSource): Promise<string[] | undefined> {
  // The end record (22 bytes) follows the directory, with a comment of up to 64 KB after it.
  const tailLength = Math.min(source.size, 22 + 0xffff);
  const tail = await source.read(source.size - tailLength, tailLength);
  let end = -1;
  for (let at = tail.length - 22; at >= 0; at--) {
    if (u32(tail, at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) return undefined;
  const size = u32(tail, end + 12);
  const offset = u32(tail, end + 16);
  if (offset === 0xffffffff || offset + size > source.size) return undefined; // ZIP64 or cut short
  const directory = await source.read(offset, Math.min(size, MAX_DIRECTORY_BYTES));
  const names: string[] = [];
  for (let at = 0; at + 46 <= directory.length && names.length < MAX_NAMES;) {
    if (u32(directory, at) !== 0x02014b50) break;
    const nameLength = u16(directory, at + 28);
    names.push(utf8.decode(directory.subarray(at + 46, at + 46 + nameLength)));
    at += 46 + nameLength + u16(directory, at + 30) + u16(directory, at + 32);
  }
  return names.length > 0 ? names : undefined;
}

/** Hops from local header to local header; stops where a part's size is only given after its data. */
async function localHeaderNames(source: ByteSource): Promise<string[]> {
  const names: string[] = [];
  for (let at = 0; at + 30 <= source.size && names.length < MAX_NAMES;) {
    const header = await source.read(at, 30);
    if (u32(header, 0) !== 0x04034b50) break;
    const nameLength = u16(header, 26);
    names.push(utf8.decode(await source.read(at + 30, nameLength)));
    const dataSize = u32(header, 18);
    if (u16(header, 6) & 0x08 && dataSize === 0) break;
    at += 30 + nameLength + u16(header, 28) + dataSize;
  }
  return names;
}

const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const LAST_SECTOR = 0xfffffffa;
/** Directory sectors read at most: 4,096 entries of 128 bytes in 512-byte sectors. */
const MAX_DIRECTORY_SECTORS = 1024;

/**
 * The stream and storage names of an OLE compound file, following its directory's sector chain through the
 * allocation table, one entry at a time. Undefined when the file is not a readable compound file.
 */
export async function oleStreamNames(source: ByteSource): Promise<string[] | undefined> {
  const header = await source.read(0, 512);
  if (header.length < 512 || !OLE_SIGNATURE.every((byte, i) => header[i] === byte)) return undefined;
  const shift = u16(header, 0x1e);
  if (shift !== 9 && shift !== 12) return undefined;
  const sectorSize = 1 << shift;
  const perSector = sectorSize / 4;
  const sectorAt = (id: number) => (id + 1) * sectorSize;

  // Where each allocation-table sector is: 109 in the header, the rest in a chain of DIFAT sectors.
  const tableSectors: number[] = [];
  for (let i = 0; i < 109; i++) tableSectors.push(u32(header, 0x4c + i * 4));
  let difat = u32(header, 0x44);
  const difatSeen = new Set<number>();
  const tableSector = async (index: number): Promise<number | undefined> => {
    while (index >= tableSectors.length && difat <= LAST_SECTOR && !difatSeen.has(difat)) {
      difatSeen.add(difat);
      const block = await source.read(sectorAt(difat), sectorSize);
      if (block.length < sectorSize) return undefined;
      for (let i = 0; i < perSector - 1; i++) tableSectors.push(u32(block, i * 4));
      difat = u32(block, (perSector - 1) * 4);
    }
    return tableSectors[index];
  };
  const next = async (id: number): Promise<number | undefined> => {
    const table = await tableSector(Math.floor(id / perSector));
    if (table === undefined || table > LAST_SECTOR) return undefined;
    const entry = await source.read(sectorAt(table) + (id % perSector) * 4, 4);
    return entry.length === 4 ? u32(entry, 0) : undefined;
  };

  const names: string[] = [];
  const seen = new Set<number>();
  let id: number | undefined = u32(header, 0x30);
  while (id !== undefined && id <= LAST_SECTOR && !seen.has(id) && seen.size < MAX_DIRECTORY_SECTORS) {
    seen.add(id);
    const sector = await source.read(sectorAt(id), sectorSize);
    if (sector.length < sectorSize) break;
    for (let at = 0; at + 128 <= sector.length; at += 128) {
      const nameBytes = Math.min(64, u16(sector, at + 0x40));
      if (nameBytes < 2 || sector[at + 0x42] === 0) continue; // unused entry
      let name = '';
      for (let i = 0; i + 2 < nameBytes; i += 2) name += String.fromCharCode(u16(sector, at + i));
      names.push(name);
    }
    id = await next(id);
  }
  return names.length > 0 ? names : undefined;
}
