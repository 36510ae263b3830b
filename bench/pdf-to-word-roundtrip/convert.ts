/**
 * One PDF to Word conversion in a process of its own, so the benchmark can take its time and peak memory alone:
 * `node --conditions=source --import tsx convert.ts input.pdf output.docx work-folder`. Runs the MuPDF task the
 * tool runs in its worker, in this process's main thread.
 */
const [input, output, folder] = process.argv.slice(2);
if (!input || !output || !folder) {
  console.error('usage: convert.ts input.pdf output.docx work-folder');
  process.exit(2);
}
const { writeWordFromPdf: pdfToWord } =
  await import('../../packages/engine/src/pdf-to-word/pdf-to-word-document-task.js');
const result = await pdfToWord({ input, output, folder, title: 'round trip' });
console.log(JSON.stringify(result));
