/** A plain-text table with right-aligned numbers. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)));
  const numeric = (cell: string) => /^[-+]?[\d.,]+( ?(ms|MB|KB|dB|%))?$/.test(cell);
  const line = (cells: string[]) =>
    cells.map((cell, i) => (numeric(cell) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join(' | ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('-|-'), ...rows.map(line)].join('\n');
}
