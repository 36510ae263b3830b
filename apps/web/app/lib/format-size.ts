/** "2.35 MB": the size of a file as the file rows show it (seed: MB with two decimals). */
export function formatMegabytes2(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** "850 KB" or "2.4 MB": a size in the unit that reads best, for before/after comparisons. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
