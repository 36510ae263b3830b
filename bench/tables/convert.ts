/**
 * One PDF to Excel conversion in a process of its own, so the benchmark can take its time and peak memory alone:
 * `node --conditions=source --import tsx convert.ts input.pdf output.xlsx per-page|per-table`. Runs the MuPDF task
 * the tool runs in its worker, in this process's main thread.
 */
const [input, output, sheets] = process.argv.slice(2);
if (!input || !output || (sheets !== 'per-page' && sheets !== 'per-table')) {
  console.error('usage: convert.ts input.pdf output.xlsx per-page|per-table');
  process.exit(2);
}
const { writeExcelWorkbook } = await import('../../packages/engine/src/tables/excel-workbook-task.js');
console.log(JSON.stringify(await writeExcelWorkbook({ input, output, sheets })));
