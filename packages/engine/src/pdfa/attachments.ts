import { readFile, rm, writeFile } from 'node:fs/promises';
import { tempPath } from '../jobs/temp-path.js';
import type { ToolContext } from '../jobs/tool-runner.js';
import { runQpdf } from '../programs/qpdf.js';
import {
  type JsonDict,
  type JsonValue,
  type PdfJson,
  isDict,
  isRef,
  nameOf,
  reachableDicts,
  readPdfJson,
  readStreamData,
  resolve,
} from './pdf-json.js';

/**
 * PDF/A-3 keeps attached files. Ghostscript keeps some (those of a name tree with /Kids) and leaves others out: when
 * the converted file has none, qpdf copies them from the upload, and files attached only by an annotation are added. Each is then marked as PDF/A-3 asks (ISO 19005-3,
 * 6.8): a relationship to the document (/AFRelationship, `Unspecified` unless the upload said), a MIME type on the
 * file (`application/octet-stream` unless it had one), and a place in the catalogue's /AF list. Answers the file
 * with the attachments.
 */
export async function keepAttachments(converted: string, upload: string, context: ToolContext): Promise<string> {
  let copied = converted;
  if ((await attachmentKeys(converted, context)).length === 0) {
    copied = tempPath(context, 'with-attachments');
    await runQpdf([converted, '--copy-attachments-from', upload, '--', copied], context);
  }
  copied = await attachAnnotationFiles(copied, upload, context);
  const pdf = await readPdfJson(copied, context);
  const rootRef = pdf.trailer['/Root'];
  const catalog = resolve(pdf, rootRef);
  if (!isRef(rootRef) || !isDict(catalog)) return copied;
  const names = resolve(pdf, catalog['/Names']);
  const places = isDict(names) ? fileSpecPlaces(pdf, names['/EmbeddedFiles']) : [];
  if (places.length === 0) return copied;

  const updates: Record<string, unknown> = {};
  /** Name tree nodes as rewritten so far: a direct file specification is moved into an object of its own. */
  const nodes = new Map<string, JsonValue[]>();
  const specs: string[] = [];
  let nextId = pdf.maxObjectId;
  for (const { node, index, value } of places) {
    const spec = resolve(pdf, value);
    if (!isDict(spec)) continue;
    let ref = value;
    if (!isRef(ref)) {
      ref = `${++nextId} 0 R`;
      const entries = nodes.get(node) ?? [
        ...((resolve(pdf, (pdf.object(node) as JsonDict)['/Names']) as JsonValue[]) ?? []),
      ];
      entries[index] = ref;
      nodes.set(node, entries);
    }
    specs.push(ref);
    const name = spec['/UF'] ?? spec['/F'];
    updates[`obj:${ref}`] = {
      value: { '/AFRelationship': '/Unspecified', ...(name ? { '/F': name, '/UF': name } : {}), ...spec },
    };
    const files = resolve(pdf, spec['/EF']);
    const fileRef = isDict(files) ? (files['/F'] ?? files['/UF']) : undefined;
    const file = resolve(pdf, fileRef);
    if (isRef(fileRef) && isDict(file) && nameOf(file['/Subtype']) === undefined) {
      updates[`obj:${fileRef}`] = { stream: { dict: { ...file, '/Subtype': '/application#2Foctet-stream' } } };
    }
  }
  for (const [node, entries] of nodes) {
    updates[`obj:${node}`] = { value: { ...(pdf.object(node) as JsonDict), '/Names': entries } };
  }
  updates[`obj:${rootRef}`] = { value: { ...catalog, '/AF': specs } };
  const update = tempPath(context, 'attachments-update', '.json');
  await writeFile(update, JSON.stringify({ qpdf: [{ jsonversion: 2 }, updates] }));
  const marked = tempPath(context, 'pdfa-attachments');
  await runQpdf([copied, `--update-from-json=${update}`, marked], context);
  return marked;
}

/**
 * Files the upload attaches only through an annotation (no entry in its embedded-files name tree): Ghostscript leaves
 * the annotation's file out, so each is added to the converted file's name tree under its own name (numbered when
 * the name is taken), and kept as an attachment of the document. Answers the file with them.
 */
async function attachAnnotationFiles(converted: string, upload: string, context: ToolContext): Promise<string> {
  const pdf = await readPdfJson(upload, context);
  const catalog = resolve(pdf, pdf.trailer['/Root']);
  const names = isDict(catalog) ? resolve(pdf, catalog['/Names']) : undefined;
  const inTree = new Set(
    (isDict(names) ? fileSpecPlaces(pdf, names['/EmbeddedFiles']) : []).map(({ value }) => resolve(pdf, value)),
  );
  const annotationOnly = reachableDicts(pdf, pdf.trailer['/Root']).filter(
    (dict) => dict['/EF'] !== undefined && !inTree.has(dict),
  );
  if (annotationOnly.length === 0) return converted;
  const taken = new Set(await attachmentKeys(converted, context));
  const args: string[] = [];
  for (const spec of annotationOnly) {
    const files = resolve(pdf, spec['/EF']);
    const fileRef = isDict(files) ? (files['/UF'] ?? files['/F']) : undefined;
    const data = isRef(fileRef) ? await readStreamData(upload, fileRef, context) : undefined;
    if (!data) continue;
    const name = textOf(spec['/UF']) ?? textOf(spec['/F']) ?? 'attachment';
    let key = name;
    for (let number = 2; taken.has(key); number++) key = `${number}-${name}`;
    taken.add(key);
    const path = tempPath(context, 'annotation-file');
    await writeFile(path, data);
    args.push('--add-attachment', path, `--key=${key}`, `--filename=${key}`, '--');
  }
  if (args.length === 0) return converted;
  const output = tempPath(context, 'with-annotation-files');
  await runQpdf([converted, ...args, output], context);
  return output;
}

/** The text of a PDF string as `qpdf --json=2` writes it (`u:` text, `b:` bytes as hex, read as Latin-1). */
function textOf(value: JsonValue | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (value.startsWith('u:')) return value.slice(2) || undefined;
  if (value.startsWith('b:')) return Buffer.from(value.slice(2), 'hex').toString('latin1') || undefined;
  return undefined;
}

/**
 * PDF/A-1 and -2 allow no attached files (PDF/A-2 only PDF/A files, which we do not verify): those Ghostscript kept
 * are removed. Answers the file without them.
 */
export async function removeAttachments(converted: string, context: ToolContext): Promise<string> {
  const keys = await attachmentKeys(converted, context);
  if (keys.length === 0) return converted;
  const output = tempPath(context, 'without-attachments');
  await runQpdf([converted, ...keys.map((key) => `--remove-attachment=${key}`), output], context);
  return output;
}

/** The keys of a PDF's attached files (the names in its embedded-files name tree). */
async function attachmentKeys(path: string, context: ToolContext): Promise<string[]> {
  const target = tempPath(context, 'attachments', '.json');
  try {
    await runQpdf(['--json=2', '--json-key=attachments', path, target], context);
    const json = JSON.parse(await readFile(target, 'utf8')) as { attachments?: Record<string, unknown> };
    return Object.keys(json.attachments ?? {});
  } finally {
    await rm(target, { force: true });
  }
}

/** Where each file specification of an embedded-files name tree sits: the tree node (an object) and its index. */
function fileSpecPlaces(
  pdf: PdfJson,
  tree: JsonValue | undefined,
): { node: string; index: number; value: JsonValue }[] {
  const found: { node: string; index: number; value: JsonValue }[] = [];
  const seen = new Set<string>();
  const visit = (node: JsonValue | undefined, depth: number) => {
    if (depth > 32 || !isRef(node) || seen.has(node)) return;
    seen.add(node);
    const dict = pdf.object(node);
    if (!isDict(dict)) return;
    const entries = resolve(pdf, dict['/Names']);
    if (Array.isArray(entries)) {
      for (let index = 1; index < entries.length; index += 2) found.push({ node, index, value: entries[index]! });
    }
    const kids = resolve(pdf, dict['/Kids']);
    if (Array.isArray(kids)) for (const kid of kids) visit(kid, depth + 1);
  };
  if (isRef(tree)) visit(tree, 0);
  else if (isDict(tree)) {
    // A root written in the catalogue itself: its kids are objects; its own entries must be too.
    const kids = resolve(pdf, tree['/Kids']);
    if (Array.isArray(kids)) for (const kid of kids) visit(kid, 1);
    const entries = resolve(pdf, tree['/Names']);
    if (Array.isArray(entries)) {
      for (let index = 1; index < entries.length; index += 2) {
        if (isRef(entries[index])) found.push({ node: '', index, value: entries[index]! });
      }
    }
  }
  return found;
}
