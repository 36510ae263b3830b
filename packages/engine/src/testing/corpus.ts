import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The shared corpus of real-world files (`../shared/corpus` beside the repository), as the corpus sweep and the
 * engine benchmark use it. Absent on machines without it: callers skip with a message then.
 */
export const corpusDir = fileURLToPath(new URL('../../../../../shared/corpus/', import.meta.url));

export function corpusPresent(): boolean {
  return existsSync(join(corpusDir, 'pdf')) && existsSync(join(corpusDir, 'MANIFEST.tsv'));
}

/**
 * The corpus PDFs, sound (pdf/) and damaged (broken/), by name and path in name order; with `only`, those whose name
 * holds one of its strings (a bench's `--only=` or `--files=`).
 */
export function corpusPdfFiles(only?: readonly string[]): { name: string; path: string }[] {
  return ['pdf', 'broken']
    .flatMap((folder) =>
      readdirSync(join(corpusDir, folder))
        .filter((name) => name.endsWith('.pdf'))
        .map((name) => ({ name, path: join(corpusDir, folder, name) })),
    )
    .filter((file) => !only || only.some((part) => file.name.includes(part)))
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** Open passwords of the encrypted corpus PDFs, from the corpus README. */
export const corpusPasswords: Readonly<Record<string, string>> = {
  'sf-libreoffice-writer-password.pdf': 'openpassword',
  'pdfjs-issue3371-encrypted.pdf': 'ELXRTQWS',
  'pdfjs-issue6010-2-encrypted-nonascii.pdf': 'æøå',
  'pdfjs-issue21579-encrypted.pdf': 'pässwört',
  'pdfjs-saslprep-r6-encrypted.pdf': 'SaSLprep',
  'qpdf-20-pages-encrypted.pdf': 'user',
  'qpdf-enc-r2-rc4-40.pdf': 'view',
  'qpdf-enc-r6-aes256.pdf': 'view',
};

/** Corpus PDFs restricted by an owner password only: they open without one. */
export const ownerOnlyPdfs: ReadonlySet<string> = new Set([
  'pdfjs-issue17069-owner-only.pdf',
  'qpdf-v4-aes128-owner-only.pdf',
]);

/** Tools that read page content (the catalogue's `readsPageContent`) get documents of at most this many pages. */
export const CONTENT_MAX_PAGES = 20;

/** Page counts by file name from MANIFEST.tsv (none for Word files and unreadable PDFs). */
export function manifestPageCounts(): Map<string, number> {
  const counts = new Map<string, number>();
  if (!corpusPresent()) return counts;
  const [header, ...rows] = readFileSync(join(corpusDir, 'MANIFEST.tsv'), 'utf8').trim().split('\n');
  const columns = header!.split('\t');
  const fileColumn = columns.indexOf('file');
  const pagesColumn = columns.indexOf('pages');
  for (const row of rows) {
    const cells = row.split('\t');
    const pages = Number(cells[pagesColumn]);
    if (cells[pagesColumn] && Number.isFinite(pages) && pages > 0) counts.set(basename(cells[fileColumn]!), pages);
  }
  return counts;
}
