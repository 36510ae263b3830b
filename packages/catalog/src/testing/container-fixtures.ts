/**
 * The smallest well-formed containers office documents come in, for tests of file recognition: a ZIP package
 * with the given parts (stored, each holding its name as text unless given its own) and an OLE compound file with the given
 * (empty) streams. Enough for the names to be read as the browser and the server read them; not openable documents.
 */

const encoder = new TextEncoder();

function bytesOf(size: number, write: (view: DataView) => void): Uint8Array {
  const bytes = new Uint8Array(size);
  write(new DataView(bytes.buffer));
  return bytes;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A part: its name, or its name and text. */
export type ZipPart = string | readonly [name: string, text: string];

/** A ZIP with these parts in this order; `{ directory: false }` leaves out the central directory (a cut file). */
export function zipPackage(parts: readonly ZipPart[], { directory = true } = {}): Uint8Array {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const part of parts) {
    const [name, text] = typeof part === 'string' ? [part, part] : part;
    const nameBytes = encoder.encode(name);
    const data = encoder.encode(text);
    const local = bytesOf(30, (view) => {
      view.setUint32(0, 0x04034b50, true);
      view.setUint16(4, 20, true);
      view.setUint32(18, data.length, true);
      view.setUint32(22, data.length, true);
      view.setUint16(26, nameBytes.length, true);
    });
    centrals.push(
      bytesOf(46, (view) => {
        view.setUint32(0, 0x02014b50, true);
        view.setUint16(4, 20, true);
        view.setUint16(6, 20, true);
        view.setUint32(20, data.length, true);
        view.setUint32(24, data.length, true);
        view.setUint16(28, nameBytes.length, true);
        view.setUint32(42, offset, true);
      }),
      nameBytes,
    );
    locals.push(local, nameBytes, data);
    offset += 30 + nameBytes.length + data.length;
  }
  if (!directory) return concat(locals);
  const central = concat(centrals);
  const end = bytesOf(22, (view) => {
    view.setUint32(0, 0x06054b50, true);
    view.setUint16(8, parts.length, true);
    view.setUint16(10, parts.length, true);
    view.setUint32(12, central.length, true);
    view.setUint32(16, offset, true);
  });
  return concat([...locals, central, end]);
}

/** An OpenDocument package: `mimetype` first, stored, holding the media type, as the format requires. */
export function openDocumentPackage(mediaType: string): Uint8Array {
  return zipPackage([['mimetype', mediaType], 'content.xml']);
}

const SECTOR = 512;
const FREE = 0xffffffff;
const END_OF_CHAIN = 0xfffffffe;
const FAT_SECTOR = 0xfffffffd;

/** A version 3 compound file (512-byte sectors) whose directory holds a root entry and these empty streams. */
export function compoundFile(streams: readonly string[]): Uint8Array {
  const directorySectors = Math.ceil((streams.length + 1) / 4);
  const header = bytesOf(SECTOR, (view) => {
    [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1].forEach((byte, i) => view.setUint8(i, byte));
    view.setUint16(0x18, 0x3e, true);
    view.setUint16(0x1a, 3, true);
    view.setUint16(0x1c, 0xfffe, true);
    view.setUint16(0x1e, 9, true);
    view.setUint16(0x20, 6, true);
    view.setUint32(0x2c, 1, true);
    view.setUint32(0x30, 1, true);
    view.setUint32(0x38, 4096, true);
    view.setUint32(0x3c, END_OF_CHAIN, true);
    view.setUint32(0x44, END_OF_CHAIN, true);
    for (let i = 0; i < 109; i++) view.setUint32(0x4c + i * 4, i === 0 ? 0 : FREE, true);
  });
  const fat = bytesOf(SECTOR, (view) => {
    for (let i = 0; i < SECTOR / 4; i++) view.setUint32(i * 4, FREE, true);
    view.setUint32(0, FAT_SECTOR, true);
    for (let i = 1; i <= directorySectors; i++)
      view.setUint32(i * 4, i === directorySectors ? END_OF_CHAIN : i + 1, true);
  });
  const directory = bytesOf(directorySectors * SECTOR, (view) => {
    ['Root Entry', ...streams].forEach((name, index) => {
      const at = index * 128;
      for (let i = 0; i < name.length; i++) view.setUint16(at + i * 2, name.charCodeAt(i), true);
      view.setUint16(at + 0x40, (name.length + 1) * 2, true);
      view.setUint8(at + 0x42, index === 0 ? 5 : 2);
      view.setUint32(at + 0x44, FREE, true);
      view.setUint32(at + 0x48, FREE, true);
      view.setUint32(at + 0x4c, FREE, true);
      view.setUint32(at + 0x74, END_OF_CHAIN, true);
    });
  });
  return concat([header, fat, directory]);
}
