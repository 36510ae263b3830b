import { writePdfObjects } from './make-pdf.js';

/**
 * Fixtures for PDF to PDF/A: one small document holding what PDF/A forbids or needs fixed, each piece on request:
 * text in Helvetica that is not embedded (always), document JavaScript run on opening and kept in the name tree, a
 * link that launches a program, an attached file (in the name tree and as an annotation), a second one attached only
 * by its annotation, and a box painted at half opacity (transparency, which PDF/A-1 does not allow).
 */

export interface PdfaFixtureOptions {
  javascript?: boolean;
  launchLink?: boolean;
  attachment?: boolean;
  annotationAttachment?: boolean;
  transparency?: boolean;
}

/** The text of the fixture's page, as pdftotext reads it back. */
export const PDFA_FIXTURE_TEXT = 'Archive me please';

/** The name of the fixture's attached file. */
export const PDFA_FIXTURE_ATTACHMENT = 'notes.txt';

/** The name of the file attached only by an annotation, and its content. */
export const PDFA_FIXTURE_ANNOTATION_ATTACHMENT = 'sketch.txt';
export const PDFA_FIXTURE_ANNOTATION_CONTENT = 'Attached to the page only.\n';

function stream(dictionary: string, data: string): Buffer {
  const bytes = Buffer.from(data, 'latin1');
  return Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${bytes.length} >>\nstream\n`, 'latin1'),
    bytes,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

export function pdfaFixture(options: PdfaFixtureOptions = {}): Buffer {
  const objects: (string | Buffer)[] = [];
  const add = (body: string | Buffer): number => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add('');
  const pagesRoot = add('');
  const page = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  let content = '';
  let extGState = '';
  if (options.transparency) {
    const halfOpacity = add('<< /Type /ExtGState /ca 0.5 /CA 0.5 >>');
    extGState = ` /ExtGState << /Half ${halfOpacity} 0 R >>`;
    content += 'q /Half gs 0.9 0.2 0.1 rg 72 500 300 150 re f Q\n';
  }
  content += `BT /F1 18 Tf 72 700 Td (${PDFA_FIXTURE_TEXT}) Tj ET\n`;
  const contents = add(stream('', content));

  const annotations: number[] = [];
  if (options.launchLink) {
    annotations.push(
      add('<< /Type /Annot /Subtype /Link /Rect [72 690 300 720] /Border [0 0 0] /A << /S /Launch /F (calc.exe) >> >>'),
    );
  }
  const names: string[] = [];
  if (options.attachment) {
    const file = add(stream('/Type /EmbeddedFile /Subtype /text#2Fplain', 'Notes kept with the document.\n'));
    const spec = add(
      `<< /Type /Filespec /F (${PDFA_FIXTURE_ATTACHMENT}) /UF (${PDFA_FIXTURE_ATTACHMENT}) /EF << /F ${file} 0 R >> >>`,
    );
    names.push(`/EmbeddedFiles << /Names [(${PDFA_FIXTURE_ATTACHMENT}) ${spec} 0 R] >>`);
    annotations.push(
      add(`<< /Type /Annot /Subtype /FileAttachment /Rect [400 700 420 720] /FS ${spec} 0 R /Contents (Notes) >>`),
    );
  }
  if (options.annotationAttachment) {
    const file = add(stream('/Type /EmbeddedFile', PDFA_FIXTURE_ANNOTATION_CONTENT));
    const name = PDFA_FIXTURE_ANNOTATION_ATTACHMENT;
    annotations.push(
      add(
        `<< /Type /Annot /Subtype /FileAttachment /Rect [430 700 450 720] /FS << /Type /Filespec /F (${name}) /UF (${name}) /EF << /F ${file} 0 R >> >> >>`,
      ),
    );
  }
  let catalogExtras = '';
  if (options.javascript) {
    const script = add(stream('', 'app.alert("Hello");'));
    names.push(`/JavaScript << /Names [(hello) << /S /JavaScript /JS ${script} 0 R >>] >>`);
    catalogExtras += ' /OpenAction << /S /JavaScript /JS (app.alert\\("Opened"\\);) >>';
    catalogExtras += ' /AA << /WC << /S /JavaScript /JS (app.alert\\("Closing"\\);) >> >>';
  }
  if (names.length > 0) catalogExtras += ` /Names << ${names.join(' ')} >>`;

  const annots = annotations.length > 0 ? ` /Annots [${annotations.map((ref) => `${ref} 0 R`).join(' ')}]` : '';
  objects[page - 1] =
    `<< /Type /Page /Parent ${pagesRoot} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >>${extGState} >> /Contents ${contents} 0 R${annots} >>`;
  objects[pagesRoot - 1] = `<< /Type /Pages /Kids [${page} 0 R] /Count 1 >>`;
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesRoot} 0 R${catalogExtras} >>`;
  return writePdfObjects(objects, `/Root ${catalog} 0 R`);
}
