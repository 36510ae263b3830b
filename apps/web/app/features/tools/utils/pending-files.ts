/**
 * Files handed from the home/tools "Try it now" box to the tool page the visitor chose. Held in memory only, for
 * one hand-over: the files never leave the browser until the tool's action is pressed.
 */
let pending: { toolPath: string; files: File[] } | undefined;

export function handOverFiles(toolPath: string, files: readonly File[]): void {
  pending = { toolPath, files: [...files] };
}

/** The files waiting for the tool page at `toolPath`, once; undefined when there are none. */
export function takeHandedOverFiles(toolPath: string): File[] | undefined {
  if (!pending || pending.toolPath !== toolPath) return undefined;
  const { files } = pending;
  pending = undefined;
  return files;
}
