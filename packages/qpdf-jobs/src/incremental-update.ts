import { type PdfDict, type PdfValue, serialise } from './pdf-syntax.js';
import type { QpdfFile } from './qpdf-runner.js';
import type { QpdfSession } from './qpdf-session.js';

/**
 * New objects appended to a PDF as an incremental update (ISO 32000-1, 7.5.6): the file's bytes stay as they are,
 * and a new cross-reference section after them adds objects and replaces the document catalogue. Used on files qpdf
 * has just written (`--empty --pages`), which have a classic cross-reference table, no object streams and no
 * encryption: that saves qpdf reading and writing the whole file a second time. A file of another shape is
 * `undefined` from `readCatalogue`, and the caller goes another way.
 */

/** What an update needs of the file: where it ends, its objects' count, the catalogue and the pages in order. */
export interface ClassicCatalogue {
  /** Offset of the last cross-reference table, for the new trailer's /Prev. */
  xrefOffset: number;
  /** The trailer's /Size: the next free object number. */
  size: number;
  /** The catalogue's object number and its dictionary as written (`<< ... >>`). */
  root: { object: number; dict: string };
  /** The trailer's /ID array as written, if any. */
  id?: string;
  /** The page objects' numbers, in order (a flat page tree, as qpdf writes one after `--pages`). */
  pages: number[];
  /** The file's length: the update starts there. */
  length: number;
}

/**
 * The catalogue and pages of a file with a classic cross-reference table and a flat page tree, or `undefined` when it
 * is of another shape (a cross-reference stream, several sections, encryption, objects in object streams, a nested
 * page tree): the reads stay within the file's last section.
 */
export async function readCatalogue(session: QpdfSession, file: QpdfFile): Promise<ClassicCatalogue | undefined> {
  const { runner } = session;
  const length = await runner.size(file);
  const read = async (offset: number, bytes: number) =>
    latin1Text(await runner.read(file, offset, Math.max(0, Math.min(bytes, length - offset))));
  const tail = await read(Math.max(0, length - 1024), 1024);
  const start = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!start) return undefined;
  const xrefOffset = Number(start[1]);
  if (xrefOffset >= length) return undefined;
  const section = await read(xrefOffset, length - xrefOffset);
  const table = /^xref\s+0 (\d+)\s+/.exec(section);
  const trailerAt = section.indexOf('trailer');
  if (!table || trailerAt < 0) return undefined;
  const size = Number(table[1]);
  const entries = section.slice(table[0].length, trailerAt);
  const trailer = section.slice(trailerAt + 'trailer'.length, section.indexOf('startxref', trailerAt));
  const sizeKey = /\/Size (\d+)/.exec(trailer);
  // One section covering every object; no earlier revision and nothing to decrypt.
  if (!sizeKey || Number(sizeKey[1]) !== size || /\/(Prev|Encrypt|XRefStm)\b/.test(trailer)) return undefined;
  const offsets = entries.match(/\d{10} \d{5} [nf]/g) ?? [];
  if (offsets.length !== size) return undefined;
  const offsetOf = (object: number) => {
    const entry = offsets[object];
    return entry?.endsWith('n') ? Number(entry.slice(0, 10)) : undefined;
  };
  // An object's bytes run to the next object's start (or the table): the offsets, sorted.
  const starts = offsets
    .filter((entry) => entry.endsWith('n'))
    .map((entry) => Number(entry.slice(0, 10)))
    .sort((a, b) => a - b);
  const readDict = async (object: number) => {
    const offset = offsetOf(object);
    if (offset === undefined) return undefined;
    const end = starts.find((next) => next > offset) ?? xrefOffset;
    const text = await read(offset, end - offset);
    const body = new RegExp(`^${object} 0 obj\\s*(<<[\\s\\S]*>>)\\s*endobj\\s*$`).exec(text);
    return body?.[1];
  };

  const rootRef = /\/Root (\d+) 0 R/.exec(trailer);
  if (!rootRef) return undefined;
  const root = await readDict(Number(rootRef[1]));
  const pagesRef = root && /\/Pages (\d+) 0 R/.exec(root);
  const pageTree = pagesRef && (await readDict(Number(pagesRef[1])));
  const kids = pageTree && /\/Kids\s*\[([^\]]*)\]/.exec(pageTree);
  const count = pageTree && /\/Count (\d+)/.exec(pageTree);
  if (!root || !kids || !count) return undefined;
  const pages = [...kids[1]!.matchAll(/(\d+) 0 R/g)].map((match) => Number(match[1]));
  if (pages.length !== Number(count[1])) return undefined;
  const id = /\/ID\s*(\[[^\]]*\])/.exec(trailer)?.[1];
  return {
    xrefOffset,
    size,
    root: { object: Number(rootRef[1]), dict: root },
    ...(id === undefined ? {} : { id }),
    pages,
    length,
  };
}

/**
 * Appends `objects` (numbered from `catalogue.size` in order) and the catalogue with `rootKeys` added to it. The
 * catalogue must not hold those keys already (checked: a key twice is not a dictionary).
 */
export async function appendUpdate(
  session: QpdfSession,
  file: QpdfFile,
  catalogue: ClassicCatalogue,
  objects: readonly PdfValue[],
  rootKeys: PdfDict,
): Promise<QpdfFile> {
  for (const key of Object.keys(rootKeys)) {
    if (new RegExp(`/${key}(?![A-Za-z0-9#])`).test(catalogue.root.dict)) {
      throw new Error(`The catalogue already has /${key}`);
    }
  }
  const parts: string[] = ['\n'];
  const written: { object: number; offset: number }[] = [];
  let offset = catalogue.length + 1;
  const add = (object: number, value: string) => {
    const text = `${object} 0 obj\n${value}\nendobj\n`;
    written.push({ object, offset });
    parts.push(text);
    offset += text.length;
  };
  const added = Object.entries(rootKeys)
    .map(([key, value]) => (value === undefined ? '' : ` /${key} ${serialise(value)}`))
    .join('');
  add(catalogue.root.object, `<<${added}${catalogue.root.dict.slice(2)}`);
  objects.forEach((value, index) => add(catalogue.size + index, serialise(value)));

  const size = catalogue.size + objects.length;
  const entry = (at: number) => `${String(at).padStart(10, '0')} 00000 n \n`;
  const xref = [
    'xref\n',
    `${catalogue.root.object} 1\n`,
    entry(written[0]!.offset),
    ...(objects.length > 0
      ? [`${catalogue.size} ${objects.length}\n`, ...written.slice(1).map((w) => entry(w.offset))]
      : []),
  ].join('');
  const id = catalogue.id === undefined ? '' : ` /ID ${catalogue.id}`;
  parts.push(
    xref,
    `trailer\n<< /Size ${size} /Root ${catalogue.root.object} 0 R /Prev ${catalogue.xrefOffset}${id} >>\n`,
    `startxref\n${offset}\n%%EOF\n`,
  );
  return session.runner.append(file, latin1Bytes(parts.join('')));
}

/** Bytes as the characters of the same codes (the PDF syntax our code reads and writes is ASCII). */
export function latin1Text(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return text;
}

function latin1Bytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}
