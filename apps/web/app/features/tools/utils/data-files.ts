import type { ToolId } from '@paperknife/catalog/tools';

/**
 * The second upload a tool's panel chose (Fill PDF forms' rows file, the pictures Add Text and Images places), sent
 * with the next run in the field the catalogue names. The panel sets and clears it; the run reads it.
 */
const chosen = new Map<ToolId, readonly File[]>();

export function setDataFile(id: ToolId, file: File | undefined): void {
  setDataFiles(id, file ? [file] : []);
}

/** Several files for a field that takes several, in the order the tool's options number them. */
export function setDataFiles(id: ToolId, files: readonly File[]): void {
  if (files.length > 0) chosen.set(id, files);
  else chosen.delete(id);
}

export function dataFilesFor(id: ToolId): readonly File[] {
  return chosen.get(id) ?? [];
}
