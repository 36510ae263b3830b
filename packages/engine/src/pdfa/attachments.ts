import { writeFile } from 'node:fs/promises';
import { tempPath } from '../jobs/temp-path.js';
import type { ToolContext } from '../jobs/tool-runner.js';
import { runQpdf } from '../programs/qpdf.js';
import { type JsonDict, type PdfJson, isDict, isRef, nameOf, readPdfJson, resolve } from './pdf-json.js';

/**
 * PDF/A-3 keeps attached files, which Ghostscript leaves out: qpdf copies them from the upload into the converted
 * file, then marks each as PDF/A-3 asks (ISO 19005-3, 6.8): a relationship to the document (/AFRelationship,
 * `Unspecified` unless the upload said), a MIME type on the file (`application/octet-stream` unless it had one),
 * and a place in the catalogue's /AF list. Answers the file with the attachments.
 */
export async function keepAttachments(converted: string, upload: string, context: ToolContext): Promise<string> {
  const copied = tempPath(context, 'with-attachments');
  await runQpdf([converted, '--copy-attachments-from', upload, '--', copied], context);
  const pdf = await readPdfJson(copied, context);
  const rootRef = pdf.trailer['/Root'];
  const catalog = resolve(pdf, rootRef);
  if (!isRef(rootRef) || !isDict(catalog)) return copied;
  const names = resolve(pdf, catalog['/Names']);
  const specs = isDict(names) ? fileSpecRefs(pdf, names['/EmbeddedFiles']) : [];
  if (specs.length === 0) return copied;

  const updates: Record<string, unknown> = {};
  for (const ref of specs) {
    const spec = pdf.object(ref) as JsonDict;
    updates[`obj:${ref}`] = { value: { '/AFRelationship': '/Unspecified', ...spec } };
    const files = resolve(pdf, spec['/EF']);
    const fileRef = isDict(files) ? (files['/F'] ?? files['/UF']) : undefined;
    const file = resolve(pdf, fileRef);
    if (isRef(fileRef) && isDict(file) && nameOf(file['/Subtype']) === undefined) {
      updates[`obj:${fileRef}`] = { stream: { dict: { ...file, '/Subtype': '/application#2Foctet-stream' } } };
    }
  }
  updates[`obj:${rootRef}`] = { value: { ...catalog, '/AF': specs } };
  const update = tempPath(context, 'attachments-update', '.json');
  await writeFile(update, JSON.stringify({ qpdf: [{ jsonversion: 2 }, updates] }));
  const marked = tempPath(context, 'pdfa-attachments');
  await runQpdf([copied, `--update-from-json=${update}`, marked], context);
  return marked;
}

/** The file specifications of an embedded-files name tree that are objects of their own, each once. */
function fileSpecRefs(pdf: PdfJson, tree: unknown): string[] {
  const found = new Set<string>();
  const seen = new Set<string>();
  const visit = (node: unknown, depth: number) => {
    if (depth > 32) return;
    if (isRef(node as string)) {
      if (seen.has(node as string)) return;
      seen.add(node as string);
    }
    const dict = resolve(pdf, node as string);
    if (!isDict(dict)) return;
    const entries = resolve(pdf, dict['/Names']);
    if (Array.isArray(entries)) {
      for (let at = 1; at < entries.length; at += 2) {
        const value = entries[at];
        if (isRef(value) && isDict(pdf.object(value))) found.add(value);
      }
    }
    const kids = resolve(pdf, dict['/Kids']);
    if (Array.isArray(kids)) for (const kid of kids) visit(kid, depth + 1);
  };
  visit(tree, 0);
  return [...found];
}
