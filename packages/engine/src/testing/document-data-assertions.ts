import { spawnSync } from 'node:child_process';

/** What pdfinfo reports of a document's properties and contents ("Title", "JavaScript", "Form", ...), by name. */
export function pdfInfo(path: string): Record<string, string> {
  const { stdout } = spawnSync('pdfinfo', ['-isodates', path], { encoding: 'utf8' });
  return Object.fromEntries(
    stdout.split('\n').flatMap((line) => {
      const match = /^([^:]+):\s*(.*)$/.exec(line);
      return match ? [[match[1]!, match[2]!]] : [];
    }),
  );
}

/** The document's XMP packet as text (pdfinfo -meta), empty when it has none. */
export function pdfXmp(path: string): string {
  return spawnSync('pdfinfo', ['-meta', path], { encoding: 'utf8' }).stdout;
}

/** Every object of the document as qpdf prints them, streams uncompressed: for "is this gone" checks. */
export function pdfObjectsText(path: string): string {
  return spawnSync('qpdf', ['--qdf', '--object-streams=disable', path, '-'], {
    encoding: 'latin1',
    maxBuffer: 64 * 1024 * 1024,
  }).stdout;
}
