import type { ToolId } from '@paperknife/catalog/tools';

/**
 * The second upload a tool's panel chose (Fill PDF forms' rows file), sent with the next run in the field the
 * catalogue names. The panel sets and clears it; the run reads it.
 */
const chosen = new Map<ToolId, File>();

export function setDataFile(id: ToolId, file: File | undefined): void {
  if (file) chosen.set(id, file);
  else chosen.delete(id);
}

export function dataFileFor(id: ToolId): File | undefined {
  return chosen.get(id);
}
