import { deflateSync } from 'node:zlib';
import { writePdfObjects } from './make-pdf.js';

/** One page's content: its streams' data as stored, and the filter they say they are in. */
export interface ContentPage {
  streams: readonly Buffer[];
  filter?: '/FlateDecode';
}

/**
 * A sound PDF (cross-reference table, page tree, a Helvetica font as /F1) whose pages hold exactly the content
 * streams given: for tests of how content is read, damaged or not.
 */
export function contentPdf(pages: readonly ContentPage[]): Buffer {
  const objects: (string | Buffer)[] = ['', '', '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'];
  const pageRefs: number[] = [];
  for (const page of pages) {
    const refs = page.streams.map((data) => {
      const filter = page.filter ? ` /Filter ${page.filter}` : '';
      objects.push(
        Buffer.concat([
          Buffer.from(`<< /Length ${data.length}${filter} >>\nstream\n`, 'latin1'),
          data,
          Buffer.from('\nendstream', 'latin1'),
        ]),
      );
      return objects.length;
    });
    const contents = refs.length === 1 ? `${refs[0]} 0 R` : `[${refs.map((ref) => `${ref} 0 R`).join(' ')}]`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contents} >>`,
    );
    pageRefs.push(objects.length);
  }
  objects[0] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[1] = `<< /Type /Pages /Kids [${pageRefs.map((ref) => `${ref} 0 R`).join(' ')}] /Count ${pageRefs.length} >>`;
  return writePdfObjects(objects, '/Root 1 0 R');
}

/** A page's text content as a tool's fixture shows it: "Page N" in Helvetica. */
export function pageText(page: number): Buffer {
  return Buffer.from(`BT /F1 24 Tf 72 700 Td (Page ${page}) Tj ET\n`, 'latin1');
}

/**
 * Two pages whose first content stream holds a token that no longer parses, as a flipped byte leaves it: a stray
 * `]` (qpdf's check: "treating unexpected array close token as null"). Viewers draw the page; qpdf's writes copy it.
 */
export function unparsableContentPdf(): Buffer {
  const damaged = Buffer.from(pageText(1).toString('latin1').replace('BT /F1', 'BT]/F1'), 'latin1');
  return contentPdf([{ streams: [damaged] }, { streams: [pageText(2)] }]);
}

/**
 * Two pages in Flate whose first content stream no longer inflates past its first bytes: bytes flipped in the
 * middle of its deflated data (qpdf's check: an error decoding the stream).
 */
export function uninflatableContentPdf(): Buffer {
  const text = Buffer.concat([pageText(1), Buffer.from('0 0 1 rg 72 72 200 200 re f\n'.repeat(40), 'latin1')]);
  const damaged = deflateSync(text);
  for (let at = damaged.length >> 1; at < (damaged.length >> 1) + 6; at++) damaged[at] = damaged[at]! ^ 0x5a;
  return contentPdf([
    { streams: [damaged], filter: '/FlateDecode' },
    { streams: [deflateSync(pageText(2))], filter: '/FlateDecode' },
  ]);
}
