/**
 * File sizes as the page's language writes numbers (`Intl`): "2.35 MB" in English, "2,35 MB" in German. The unit
 * symbols are the same in every language the site speaks.
 */

const MB = 1024 * 1024;

function number(value: number, tag: string, fractionDigits: number): string {
  return new Intl.NumberFormat(tag, {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}

/** "2.35 MB": the size of a file as the file rows show it (seed: MB with two decimals). */
export function formatMegabytes2(bytes: number, tag = 'en'): string {
  return `${number(bytes / MB, tag, 2)} MB`;
}

/** "850 KB" or "2.4 MB": a size in the unit that reads best, for before/after comparisons. */
export function formatBytes(bytes: number, tag = 'en'): string {
  if (bytes < 1024) return `${number(bytes, tag, 0)} B`;
  if (bytes < MB) return `${number(Math.round(bytes / 1024), tag, 0)} KB`;
  return `${number(bytes / MB, tag, 1)} MB`;
}

/** "12.5%": a share from 0 to 100, with at most one decimal. */
export function formatPercent(percent: number, tag = 'en'): string {
  return new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 1 }).format(percent / 100);
}
