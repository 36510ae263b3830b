import sharp from 'sharp';
import { writePdfObjects } from './make-pdf.js';

/**
 * A two-page PDF for Redact PDF's tests that names one secret word everywhere a document can: in page text beside
 * other words, over an image, in an invisible OCR-style layer, as a tagged word's /ActualText, and in a bookmark, the
 * Info dictionary, the XMP metadata, the structure tree, an annotation's note and a form field's value and
 * appearance. A blue rectangle (a vector path) and a
 * red image give the boxes something to remove. Coordinates in `redactionFixture` are top-left based points.
 */
export const redactionFixture = {
  secret: 'Secretword',
  pageSize: { width: 612, height: 792 },
  /** Words on the pages that must survive redacting the secret. */
  neighbours: ['Alpha', 'Omega', 'Contact', 'bob@example.com', 'Hidden', 'layer', 'Second', 'names', 'once'],
  email: 'bob@example.com',
  phone: '+44 20 7946 0958',
  /** The blue path, top-left based. */
  bluePath: [72, 292, 132, 312],
  bluePathColour: '0.1 0.6 0.9 rg',
  /** The red image, top-left based, and a part of it with no text on it. */
  image: [300, 136, 428, 232],
  imageCorner: [392, 196, 428, 232],
  /**
   * The secret's hits per page: the first line, over the image, the invisible layer; then page 2. The tagged word's
   * /ActualText is no hit (MuPDF reads the glyphs), yet must go from the content stream.
   */
  hitsPerPage: [3, 1],
  /** Bookmark, Info title and subject, XMP, note, form value, the structure tree's /Alt, the tagged /ActualText. */
  elsewhere: 8,
} as const;

function stream(dictionary: string, content: string | Buffer): Buffer {
  const body = typeof content === 'string' ? Buffer.from(content, 'latin1') : content;
  return Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${body.length} >>\nstream\n`, 'latin1'),
    body,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

export async function makeRedactionPdf(): Promise<Buffer> {
  const { secret } = redactionFixture;
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 220, g: 30, b: 30 } } })
    .jpeg({ quality: 95 })
    .toBuffer();
  const objects: (string | Buffer)[] = [];
  const add = (body: string | Buffer) => objects.push(body);
  const reserve = () => objects.push('');
  const catalog = reserve();
  const pages = reserve();
  const page1 = reserve();
  const page2 = reserve();
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const image = add(
    stream(
      '/Type /XObject /Subtype /Image /Width 64 /Height 48 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode',
      jpeg,
    ),
  );
  const content1 = add(
    stream(
      '',
      [
        'q 0.1 0.6 0.9 rg 72 480 60 20 re f Q',
        'q 128 0 0 96 300 560 cm /Im1 Do Q',
        `BT /F1 14 Tf 72 700 Td (Alpha ${secret} Omega) Tj ET`,
        `BT /F1 12 Tf 72 650 Td (Contact ${redactionFixture.email} or ${redactionFixture.phone}) Tj ET`,
        `BT /F1 12 Tf 310 600 Td (${secret}) Tj ET`,
        `BT 3 Tr /F1 12 Tf 72 400 Td (Hidden ${secret} layer) Tj ET`,
        `BT /F1 12 Tf 72 350 Td /Span <</ActualText (${secret})>> BDC (Tagged) Tj EMC ET`,
      ].join('\n'),
    ),
  );
  const content2 = add(stream('', `BT /F1 14 Tf 72 700 Td (Second page names ${secret} once) Tj ET`));
  const note = add(`<< /Type /Annot /Subtype /Text /Rect [540 740 560 760] /Contents (Remember ${secret}) >>`);
  const fieldAppearance = add(
    stream(
      '/Type /XObject /Subtype /Form /BBox [0 0 228 20] /Resources << /Font << /F1 ' + font + ' 0 R >> >>',
      `/Tx BMC BT /F1 12 Tf 0 g 2 6 Td (${secret}) Tj ET EMC`,
    ),
  );
  const field = add(
    `<< /Type /Annot /Subtype /Widget /FT /Tx /T (name) /V (${secret}) /DA (/Helv 12 Tf 0 g) /F 4 /Rect [320 100 548 120] /P ${page1} 0 R /AP << /N ${fieldAppearance} 0 R >> >>`,
  );
  const resources = `/Resources << /Font << /F1 ${font} 0 R >> /XObject << /Im1 ${image} 0 R >> >>`;
  objects[page1 - 1] =
    `<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 612 792] ${resources} /Contents ${content1} 0 R /Annots [${note} 0 R ${field} 0 R] >>`;
  objects[page2 - 1] =
    `<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 612 792] ${resources} /Contents ${content2} 0 R >>`;
  objects[pages - 1] = `<< /Type /Pages /Kids [${page1} 0 R ${page2} 0 R] /Count 2 >>`;
  const outlines = reserve();
  const chapter = add(`<< /Title (Chapter on ${secret}) /Parent ${outlines} 0 R /Dest [${page1} 0 R /Fit] >>`);
  objects[outlines - 1] = `<< /Type /Outlines /First ${chapter} 0 R /Last ${chapter} 0 R /Count 1 >>`;
  const xmp = add(
    stream(
      '/Type /Metadata /Subtype /XML',
      `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title><rdf:Alt><rdf:li xml:lang="x-default">${secret} report</rdf:li></rdf:Alt></dc:title></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`,
    ),
  );
  const structRoot = reserve();
  const figure = add(`<< /Type /StructElem /S /Figure /P ${structRoot} 0 R /Alt (Picture of ${secret}) >>`);
  objects[structRoot - 1] = `<< /Type /StructTreeRoot /K [${figure} 0 R] >>`;
  const acroForm = add(`<< /Fields [${field} 0 R] /DA (/Helv 12 Tf 0 g) /DR << /Font << /Helv ${font} 0 R >> >> >>`);
  objects[catalog - 1] =
    `<< /Type /Catalog /Pages ${pages} 0 R /Outlines ${outlines} 0 R /Metadata ${xmp} 0 R /AcroForm ${acroForm} 0 R /StructTreeRoot ${structRoot} 0 R >>`;
  const info = add(`<< /Title (${secret} report) /Author (Jane Roe) /Subject (About ${secret}) >>`);
  return writePdfObjects(objects, `/Root ${catalog} 0 R /Info ${info} 0 R`);
}

/**
 * A one-page PDF that names the secret, shown once on the page, in every other place a document keeps strings
 * or text beside its page content: a bookmark title kept as a string object, a form field's name (which a calculation script of another field refers to),
 * its tooltip and export name, a push button's stored appearance (in a form that asks viewers for new ones, so
 * MuPDF draws its own), link targets (URI and Launch), a named destination a link goes to, an attachment's name and
 * description, application data (/PieceInfo), page labels, a layer's name, a note's name, subject and author,
 * document JavaScript, a marked-content /ActualText inside a form XObject, and a stamp whose appearance alone
 * shows the word. `redactionPlaces` names what must still work after.
 */
export const redactionPlaces = {
  secret: 'Secretword',
  /** The calculated field, whose script sums the secret-named field. */
  totalField: 'total',
  /** A word on the page beside the secret, and the attachment's bytes, which stay. */
  neighbour: 'Visible',
  attachment: 'attached bytes',
} as const;

export function makeRedactionPlacesPdf(): Buffer {
  const { secret, totalField, neighbour, attachment } = redactionPlaces;
  const objects: (string | Buffer)[] = [];
  const add = (body: string | Buffer) => objects.push(body);
  const reserve = () => objects.push('');
  const catalog = reserve();
  const pages = reserve();
  const page = reserve();
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const fonts = `/Font << /F1 ${font} 0 R /Helv ${font} 0 R >>`;
  const tagged = add(
    stream(
      `/Type /XObject /Subtype /Form /BBox [0 0 200 20] /Resources << ${fonts} >>`,
      `BT /F1 12 Tf 0 5 Td /Span <</ActualText (${secret})>> BDC (Tagged) Tj EMC ET`,
    ),
  );
  const contents = add(
    stream(
      '',
      [
        `BT /F1 14 Tf 72 700 Td (${neighbour} ${secret} here) Tj ET`,
        'q 1 0 0 1 72 600 cm /Fm1 Do Q',
        'BT /F1 12 Tf 72 560 Td (Link) Tj ET',
      ].join('\n'),
    ),
  );
  const field = reserve();
  const total = reserve();
  objects[field - 1] =
    `<< /Type /Annot /Subtype /Widget /FT /Tx /T (${secret}) /TU (Enter ${secret}) /TM (${secret}-export) /V (12) /DA (/Helv 12 Tf 0 g) /F 4 /Rect [72 400 272 420] /P ${page} 0 R >>`;
  const calculation = `AFSimple_Calculate("SUM", new Array ("${secret}"));`;
  objects[total - 1] =
    `<< /Type /Annot /Subtype /Widget /FT /Tx /T (${totalField}) /DA (/Helv 12 Tf 0 g) /F 4 /Rect [72 370 272 390] /P ${page} 0 R /AA << /C << /S /JavaScript /JS (${calculation}) >> >> >>`;
  const buttonLook = add(
    stream(
      `/Type /XObject /Subtype /Form /BBox [0 0 100 20] /Resources << ${fonts} >>`,
      `BT /Helv 10 Tf 4 6 Td (${secret}) Tj ET`,
    ),
  );
  const button = add(
    `<< /Type /Annot /Subtype /Widget /FT /Btn /Ff 65536 /T (send) /MK << /CA (Send) >> /DA (/Helv 10 Tf 0 g) /F 4 /Rect [300 370 400 390] /P ${page} 0 R /AP << /N ${buttonLook} 0 R >> >>`,
  );
  const destinationLink = add(
    `<< /Type /Annot /Subtype /Link /Rect [72 555 100 575] /Border [0 0 0] /A << /S /GoTo /D (${secret}-chapter) >> >>`,
  );
  const uriLink = add(
    `<< /Type /Annot /Subtype /Link /Rect [110 555 140 575] /Border [0 0 0] /A << /S /URI /URI (https://example.com/${secret}) >> >>`,
  );
  const launchLink = add(
    `<< /Type /Annot /Subtype /Link /Rect [150 555 180 575] /Border [0 0 0] /A << /S /Launch /F (${secret}.exe) >> >>`,
  );
  const note = add(
    `<< /Type /Annot /Subtype /Text /Rect [540 740 560 760] /Contents (Call me) /NM (${secret}-1) /Subj (${secret}) /T (${secret} Roe) >>`,
  );
  const stampLook = add(
    stream(
      `/Type /XObject /Subtype /Form /BBox [0 0 150 30] /Resources << ${fonts} >>`,
      `BT /F1 18 Tf 5 8 Td (${secret}) Tj ET`,
    ),
  );
  const stamp = add(
    `<< /Type /Annot /Subtype /Stamp /Name /Approved /Rect [400 250 550 280] /F 4 /AP << /N ${stampLook} 0 R >> >>`,
  );
  const layer = add(`<< /Type /OCG /Name (${secret} layer) >>`);
  const file = add(stream('/Type /EmbeddedFile', attachment));
  const fileSpec = add(
    `<< /Type /Filespec /F (${secret}.txt) /UF (${secret}.txt) /Desc (About ${secret}) /EF << /F ${file} 0 R >> >>`,
  );
  const script = add(stream('', `app.alert("Hello ${secret}");`));
  const scriptAction = add(`<< /S /JavaScript /JS ${script} 0 R >>`);
  const annots = [field, total, button, destinationLink, uriLink, launchLink, note, stamp].map((n) => `${n} 0 R`);
  objects[page - 1] =
    `<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 612 792] /Resources << ${fonts} /XObject << /Fm1 ${tagged} 0 R >> >> /Contents ${contents} 0 R /Annots [${annots.join(' ')}] /PieceInfo << /Editor << /LastModified (D:20260101000000Z) /Private << /Note (${secret} draft) >> >> >> >>`;
  objects[pages - 1] = `<< /Type /Pages /Kids [${page} 0 R] /Count 1 >>`;
  const acroForm = add(
    `<< /Fields [${field} 0 R ${total} 0 R ${button} 0 R] /CO [${total} 0 R] /NeedAppearances true /DA (/Helv 12 Tf 0 g) /DR << ${fonts} >> >>`,
  );
  // A bookmark whose title is a string object of its own, as pdfTeX writes them.
  const outlines = reserve();
  const title = add(`(${secret} chapter)`);
  const chapter = add(`<< /Title ${title} 0 R /Parent ${outlines} 0 R /Dest [${page} 0 R /Fit] >>`);
  objects[outlines - 1] = `<< /Type /Outlines /First ${chapter} 0 R /Last ${chapter} 0 R /Count 1 >>`;
  const names =
    `<< /Dests << /Names [(${secret}-chapter) [${page} 0 R /XYZ 0 792 0]] >>` +
    ` /EmbeddedFiles << /Names [(${secret}.txt) ${fileSpec} 0 R] >>` +
    ` /JavaScript << /Names [(${secret} check) ${scriptAction} 0 R] >> >>`;
  objects[catalog - 1] =
    `<< /Type /Catalog /Pages ${pages} 0 R /Outlines ${outlines} 0 R /AcroForm ${acroForm} 0 R /Names ${names}` +
    ` /PageLabels << /Nums [0 << /S /D /P (${secret}-) >>] >>` +
    ` /OCProperties << /OCGs [${layer} 0 R] /D << /Order [${layer} 0 R] /ON [${layer} 0 R] >> >> >>`;
  return writePdfObjects(objects, `/Root ${catalog} 0 R`);
}
