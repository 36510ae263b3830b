import { makePdf, writePdfObjects } from './make-pdf.js';

/**
 * PDFs for Remove hidden data, Edit metadata and Repair PDF, written by hand: a document holding every kind of
 * hidden data the tool removes, and damaged copies of a plain document.
 */

function stream(dictionary: string, data: string): Buffer {
  const bytes = Buffer.from(data, 'latin1');
  return Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${bytes.length} >>\nstream\n`, 'latin1'),
    bytes,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

export const XMP_PACKET = `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" pdfaid:part="2" pdfaid:conformance="B" xmp:CreatorTool="Old Tool">
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">Old title</rdf:li></rdf:Alt></dc:title>
<dc:creator><rdf:Seq><rdf:li>Old Author</rdf:li></rdf:Seq></dc:creator>
<xmp:CreateDate>2001-02-03T04:05:06Z</xmp:CreateDate>
</rdf:Description>
</rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>`;

/**
 * Two pages with, on page 1, text on a visible layer and on a hidden one, a comment with its pop-up, a link, a
 * filled text field; the document has a JavaScript open action and a named script, an attached file, an Info
 * dictionary and an XMP packet. Page 2 draws a Form XObject on the hidden layer.
 */
export function hiddenDataPdf(): Buffer {
  const objects: (string | Buffer)[] = [
    /* 1 */ '<< /Type /Catalog /Pages 2 0 R /OpenAction 3 0 R /Names << /JavaScript 4 0 R /EmbeddedFiles 6 0 R >> /Metadata 9 0 R /OCProperties << /OCGs [10 0 R 11 0 R] /D << /ON [10 0 R] /OFF [11 0 R] /Order [10 0 R 11 0 R] >> >> /AcroForm << /Fields [17 0 R] /DA (/Helv 10 Tf 0 g) /DR << /Font << /Helv 12 0 R >> >> >> >>',
    /* 2 */ '<< /Type /Pages /Kids [13 0 R 20 0 R] /Count 2 >>',
    /* 3 */ "<< /S /JavaScript /JS (app.alert\\('hello'\\);) >>",
    /* 4 */ '<< /Names [(greeting) 5 0 R] >>',
    /* 5 */ "<< /S /JavaScript /JS (console.println\\('hi'\\);) >>",
    /* 6 */ '<< /Names [(notes.txt) 7 0 R] >>',
    /* 7 */ '<< /Type /Filespec /F (notes.txt) /UF (notes.txt) /EF << /F 8 0 R >> >>',
    /* 8 */ stream('/Type /EmbeddedFile', 'private notes'),
    /* 9 */ stream('/Type /Metadata /Subtype /XML', XMP_PACKET),
    /* 10 */ '<< /Type /OCG /Name (Visible layer) >>',
    /* 11 */ '<< /Type /OCG /Name (Hidden layer) >>',
    /* 12 */ '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    /* 13 */ '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 12 0 R >> /Properties << /oc1 10 0 R /oc2 11 0 R >> >> /Contents 14 0 R /Annots [15 0 R 16 0 R 17 0 R 19 0 R] /AA << /O 3 0 R >> >>',
    /* 14 */ stream(
      '',
      'BT /F1 14 Tf 72 720 Td (Visible text) Tj ET\n/OC /oc1 BDC BT /F1 14 Tf 72 690 Td (Layer shown) Tj ET EMC\n/OC /oc2 BDC BT /F1 14 Tf 72 660 Td (Secret layer) Tj ET /Span << /ActualText (x) >> BDC EMC EMC\nBT /F1 14 Tf 72 630 Td (After layers) Tj ET',
    ),
    /* 15 */ '<< /Type /Annot /Subtype /Text /Rect [300 700 320 720] /Contents (A private comment) /Popup 16 0 R >>',
    /* 16 */ '<< /Type /Annot /Subtype /Popup /Rect [320 600 500 700] /Parent 15 0 R >>',
    /* 17 */ '<< /Type /Annot /Subtype /Widget /FT /Tx /T (name) /V (Ada Lovelace) /Rect [72 500 300 520] /P 13 0 R /AP << /N 18 0 R >> >>',
    /* 18 */ stream(
      '/Type /XObject /Subtype /Form /BBox [0 0 228 20] /Resources << /Font << /Helv 12 0 R >> >>',
      '/Tx BMC BT /Helv 12 Tf 2 5 Td (Ada Lovelace) Tj ET EMC',
    ),
    /* 19 */ '<< /Type /Annot /Subtype /Link /Rect [72 400 300 420] /A << /S /URI /URI (https://example.com/) >> >>',
    /* 20 */ '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 12 0 R >> /XObject << /Fm1 21 0 R >> >> /Contents 22 0 R >>',
    /* 21 */ stream(
      '/Type /XObject /Subtype /Form /BBox [0 0 612 792] /OC 11 0 R /Resources << /Font << /F1 12 0 R >> >>',
      'BT /F1 14 Tf 72 600 Td (Hidden form text) Tj ET',
    ),
    /* 22 */ stream('', 'BT /F1 14 Tf 72 720 Td (Second page) Tj ET\n/Fm1 Do'),
    /* 23 */ '<< /Title (Secret title) /Author (Jane Roe) /Producer (Fixture) >>',
  ];
  return writePdfObjects(objects, '/Root 1 0 R /Info 23 0 R');
}

/** The words of `conditionalLayersXfaPdf`'s page a default view shows and hides, by how they are marked. */
export const CONDITIONAL_LAYER_TEXT = {
  expressions: { shown: ['Plain text', 'Expression shown'], hidden: ['Expression secret'] },
  inline: { shown: ['Inline shown'], hidden: ['Inline secret', 'Inline negated'] },
} as const;

/** The XFA form's scripts (one JavaScript, one FormCalc) and the value its data holds. */
export const XFA_FIXTURE = { scripts: ['xfaAlertScript', 'xfaFormCalcScript'], value: 'Filled XFA value' } as const;

/**
 * One page whose hidden content is marked in ways a layer's name alone does not show: /Properties memberships with
 * visibility expressions (shown and hidden AND: hidden; shown or hidden OR: shown, though its /P says otherwise). With
 * `inline`, also memberships written in the content stream (`/OC << ... >> BDC`): the hidden layer, NOT the shown
 * layer, and the shown one. Those name their layers by reference, which readers follow but which is not valid
 * content syntax (qpdf warns, so the preflight refuses the file). The form is XFA: a template with two scripts and a
 * data packet.
 */
export function conditionalLayersXfaPdf({ inline = false } = {}): Buffer {
  const [alert, formCalc] = XFA_FIXTURE.scripts;
  const template = `<template xmlns="http://www.xfa.org/schema/xfa-template/3.3/"><subform name="form1"><field name="name"><event activity="initialize"><script contentType="application/x-javascript">app.alert("${alert}");</script></event><calculate><script>${formCalc} = 1</script></calculate></field></subform></template>`;
  const datasets = `<xfa:datasets xmlns:xfa="http://www.xfa.org/schema/xfa-data/1.0/"><xfa:data><form1><name>${XFA_FIXTURE.value}</name></form1></xfa:data></xfa:datasets>`;
  const text = (y: number, words: string) => `BT /F1 14 Tf 72 ${y} Td (${words}) Tj ET`;
  const [plain, expressionShown] = CONDITIONAL_LAYER_TEXT.expressions.shown;
  const [expressionSecret] = CONDITIONAL_LAYER_TEXT.expressions.hidden;
  const [inlineShown] = CONDITIONAL_LAYER_TEXT.inline.shown;
  const [inlineSecret, inlineNegated] = CONDITIONAL_LAYER_TEXT.inline.hidden;
  const content = [
    text(720, plain),
    `/OC /md1 BDC ${text(600, expressionSecret)} EMC`,
    `/OC /md2 BDC ${text(570, expressionShown)} EMC`,
    ...(inline
      ? [
          `/OC << /Type /OCMD /OCGs 5 0 R >> BDC ${text(690, inlineSecret)} EMC`,
          `/OC << /Type /OCMD /VE [/Not 4 0 R] >> BDC ${text(660, inlineNegated)} EMC`,
          `/OC << /Type /OCMD /OCGs [4 0 R] /P /AllOn >> BDC ${text(630, inlineShown)} EMC`,
        ]
      : []),
  ].join('\n');
  const objects: (string | Buffer)[] = [
    /* 1 */ '<< /Type /Catalog /Pages 2 0 R /NeedsRendering false /OCProperties << /OCGs [4 0 R 5 0 R] /D << /ON [4 0 R] /OFF [5 0 R] >> >> /AcroForm << /Fields [] /XFA [(template) 9 0 R (datasets) 10 0 R] >> >>',
    /* 2 */ '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    /* 3 */ '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 6 0 R >> /Properties << /md1 7 0 R /md2 8 0 R >> >> /Contents 11 0 R >>',
    /* 4 */ '<< /Type /OCG /Name (Shown layer) >>',
    /* 5 */ '<< /Type /OCG /Name (Hidden layer) >>',
    /* 6 */ '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    /* 7 */ '<< /Type /OCMD /OCGs [4 0 R 5 0 R] /VE [/And 4 0 R 5 0 R] >>',
    /* 8 */ '<< /Type /OCMD /OCGs [4 0 R 5 0 R] /P /AllOn /VE [/Or 4 0 R 5 0 R] >>',
    /* 9 */ stream('', template),
    /* 10 */ stream('', datasets),
    /* 11 */ stream('', content),
  ];
  return writePdfObjects(objects, '/Root 1 0 R');
}

/** A plain two-page PDF whose cross-reference table is cut short, as a broken download leaves it. */
export function truncatedXrefPdf(): Buffer {
  const whole = makePdf({ pageCount: 2 });
  const xref = whole.lastIndexOf('\nxref\n');
  return whole.subarray(0, xref + 40);
}

/** A plain two-page PDF whose first content stream's /Length is wrong. */
export function wrongStreamLengthPdf(): Buffer {
  const text = makePdf({ pageCount: 2 }).toString('latin1');
  return Buffer.from(
    text.replace(/\/Length (\d+) >>\nstream/, (_, length) => `/Length ${Number(length) + 37} >>\nstream`),
    'latin1',
  );
}
