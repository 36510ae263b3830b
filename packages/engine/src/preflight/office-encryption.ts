import { readFile } from 'node:fs/promises';
import { isEncryptedOpenDocument } from './odf-encryption.js';

/**
 * Tells whether an Office file is password-protected, from its bytes. LibreOffice only says "could not be loaded"
 * for such files, and users need to hear "remove the password" rather than "damaged".
 *
 * Microsoft's kinds are OLE compound files: an encrypted .docx, .xlsx or .pptx is a compound file holding
 * EncryptionInfo and EncryptedPackage streams; an encrypted .doc has the fEncrypted flag (or the XOR obfuscation
 * flag) in the header (FIB) of its WordDocument stream; an encrypted .xls has a FILEPASS record among the first
 * records of its Workbook stream; an encrypted .ppt carries an EncryptedSummary stream. An OpenDocument file's
 * manifest tells (odf-encryption.ts).
 */
export async function isEncryptedOfficeFile(path: string): Promise<boolean> {
  const file = await readFile(path);
  if (isEncryptedOpenDocument(file)) return true;
  try {
    const entries = readDirectory(file);
    const names = new Set(entries.map((entry) => entry.name));
    if (names.has('EncryptionInfo') || names.has('EncryptedPackage') || names.has('EncryptedSummary')) return true;
    const word = entries.find((entry) => entry.name === 'WordDocument');
    if (word) return wordIsEncrypted(file, word);
    const workbook = entries.find((entry) => entry.name === 'Workbook' || entry.name === 'Book');
    if (workbook) return workbookIsEncrypted(file, workbook);
    return false;
  } catch {
    return false; // not a readable compound file: LibreOffice will say so
  }
}

function wordIsEncrypted(file: Buffer, word: Entry): boolean {
  if (word.size < 12) return false;
  const fib = readStreamStart(file, word, 12);
  if (!fib || fib.readUInt16LE(0) !== 0xa5ec) return false;
  const flags = fib.readUInt16LE(0x0a);
  return (flags & 0x0100) !== 0 || (flags & 0x8000) !== 0;
}

const BIFF_FILEPASS = 0x002f;
/** Records that come after FILEPASS's place: the first sheet's name, the end of the workbook globals. */
const BIFF_PAST_FILEPASS = new Set([0x0085, 0x000a]);

/** BIFF records are [type, length, data]; FILEPASS, when present, follows the workbook's first records. */
function workbookIsEncrypted(file: Buffer, workbook: Entry): boolean {
  const start = readStreamStart(file, workbook, Math.min(workbook.size, 8192));
  if (!start) return false;
  for (let at = 0; at + 4 <= start.length;) {
    const type = start.readUInt16LE(at);
    if (type === BIFF_FILEPASS) return true;
    if (BIFF_PAST_FILEPASS.has(type)) return false;
    at += 4 + start.readUInt16LE(at + 2);
  }
  return false;
}

interface Entry {
  name: string;
  start: number;
  size: number;
}

const END_OF_CHAIN = 0xfffffffe;
const SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

interface Layout {
  sectorSize: number;
  fat: number[];
  miniCutoff: number;
}

function layoutOf(file: Buffer): Layout {
  if (!file.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a compound file');
  const sectorSize = 1 << file.readUInt16LE(0x1e);
  const sector = (id: number) => file.subarray((id + 1) * sectorSize, (id + 2) * sectorSize);
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) {
    const id = file.readUInt32LE(0x4c + i * 4);
    if (id < END_OF_CHAIN - 2) fatSectors.push(id);
  }
  let difat = file.readUInt32LE(0x44);
  for (let guard = 0; difat < END_OF_CHAIN - 2 && guard < 10_000; guard++) {
    const block = sector(difat);
    const perSector = sectorSize / 4 - 1;
    for (let i = 0; i < perSector; i++) {
      const id = block.readUInt32LE(i * 4);
      if (id < END_OF_CHAIN - 2) fatSectors.push(id);
    }
    difat = block.readUInt32LE(perSector * 4);
  }
  const fat: number[] = [];
  for (const id of fatSectors) {
    const block = sector(id);
    for (let i = 0; i + 4 <= block.length; i += 4) fat.push(block.readUInt32LE(i));
  }
  return { sectorSize, fat, miniCutoff: file.readUInt32LE(0x38) };
}

function readChain(file: Buffer, layout: Layout, start: number, maxBytes: number): Buffer {
  const parts: Buffer[] = [];
  let total = 0;
  const seen = new Set<number>();
  for (
    let id = start;
    id < END_OF_CHAIN - 2 && total < maxBytes && !seen.has(id);
    id = layout.fat[id] ?? END_OF_CHAIN
  ) {
    seen.add(id);
    const offset = (id + 1) * layout.sectorSize;
    const part = file.subarray(offset, offset + layout.sectorSize);
    if (part.length === 0) break;
    parts.push(part);
    total += part.length;
  }
  return Buffer.concat(parts);
}

function readDirectory(file: Buffer): Entry[] {
  const layout = layoutOf(file);
  const directory = readChain(file, layout, file.readUInt32LE(0x30), 4 * 1024 * 1024);
  const entries: Entry[] = [];
  for (let at = 0; at + 128 <= directory.length; at += 128) {
    const nameBytes = Math.min(64, directory.readUInt16LE(at + 0x40));
    if (nameBytes < 2) continue;
    entries.push({
      name: directory.toString('utf16le', at, at + nameBytes - 2),
      start: directory.readUInt32LE(at + 0x74),
      size: directory.readUInt32LE(at + 0x78),
    });
  }
  return entries;
}

/** The first bytes of a stream stored in regular sectors (WordDocument and Workbook streams are: over 4 KB). */
function readStreamStart(file: Buffer, entry: Entry, bytes: number): Buffer | undefined {
  const layout = layoutOf(file);
  if (entry.size < layout.miniCutoff) return undefined;
  return readChain(file, layout, entry.start, bytes).subarray(0, bytes);
}
