/**
 * File sizes as the page's language writes them (`Intl`, number and unit): "2.35 MB" in English, "2,35 MB" in
 * German, "2,35 Mo" in French, "2,35 МБ" in Russian.
 */

const MB = 1024 * 1024;

function size(
  value: number,
  unit: 'byte' | 'kilobyte' | 'megabyte',
  tag: string,
  digits: { min: number; max: number },
) {
  return new Intl.NumberFormat(tag, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    minimumFractionDigits: digits.min,
    maximumFractionDigits: digits.max,
  }).format(value);
}

/** "2.35 MB": the size of a file as the file rows show it (seed: MB with two decimals). */
export function formatMegabytes2(bytes: number, tag = 'en'): string {
  return size(bytes / MB, 'megabyte', tag, { min: 2, max: 2 });
}

/** "850 kB" or "2.4 MB": a size in the unit that reads best, for before/after comparisons. */
export function formatBytes(bytes: number, tag = 'en'): string {
  if (bytes < 1024) return size(bytes, 'byte', tag, { min: 0, max: 0 });
  if (bytes < MB) return size(Math.round(bytes / 1024), 'kilobyte', tag, { min: 0, max: 0 });
  return size(bytes / MB, 'megabyte', tag, { min: 1, max: 1 });
}

/** "100 MB": a configured limit (whole megabytes, or one decimal), as the limits are quoted. */
export function formatSizeLimit(bytes: number, tag = 'en'): string {
  return size(bytes / MB, 'megabyte', tag, { min: 0, max: 1 });
}

/** "12.5%": a share from 0 to 100, with at most one decimal. */
export function formatPercent(percent: number, tag = 'en'): string {
  return new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 1 }).format(percent / 100);
}
