/**
 * A one-page PDF form written by hand for tests: one field of every kind Fill PDF forms handles (text, multi-line,
 * comb, checkbox, radio group, list, combo, date), none filled, with no appearance streams for text and choices
 * (a viewer or our engine makes them). Field rectangles are in PDF units, origin bottom left, on a Letter page.
 */
export const formFixtureFields = {
  name: { type: 'text', label: 'Full name', rect: [72, 700, 300, 720] },
  address: { type: 'multiline', label: 'address', rect: [72, 620, 300, 690] },
  zip: { type: 'comb', label: 'zip', rect: [72, 580, 172, 600], maxLength: 5 },
  agree: { type: 'checkbox', label: 'I agree', rect: [72, 540, 86, 554], options: ['Yes'] },
  colour: { type: 'radio', label: 'colour', rect: [72, 500, 86, 514], options: ['red', 'blue'] },
  country: { type: 'list', label: 'country', rect: [320, 620, 460, 690], options: ['France', 'Germany', 'Japan'] },
  size: { type: 'combo', label: 'size', rect: [320, 580, 460, 600], options: ['Small', 'Medium', 'Large'] },
  birthday: { type: 'date', label: 'birthday', rect: [320, 540, 460, 560], format: 'dd/mm/yyyy' },
} as const;

export interface FormFixtureOptions {
  /** A second, empty page after the form's. */
  secondPage?: boolean;
  /** Writes an /XFA entry and no fields: a form only an XFA viewer fills. */
  xfaOnly?: boolean;
  /** A value for the name field, with no appearance: /NeedAppearances asks the viewer to draw it. */
  filledName?: string;
  /** A hidden text field (`/F 6`, hidden but printed) holding `-1`, as forms keep constants for their scripts. */
  hiddenField?: boolean;
  /**
   * A text field `side` up the page's right edge (SIDE_FIELD_RECT) whose appearance reads upwards: turned by its
   * stream's /Matrix, with no /MK /R, as some producers write fields along a turned page.
   */
  turnedField?: boolean;
}

/** The turned field's rectangle: 20 pt wide, 200 pt tall. */
export const SIDE_FIELD_RECT = [540, 300, 560, 500] as const;

const box = (rect: readonly number[]) => `/Rect [${rect.join(' ')}]`;

/** A checkbox or radio state's appearance: a filled square when on, nothing when off. */
function onOffAppearance(add: (body: string) => number, state: string): string {
  const on = add(stream('/Type /XObject /Subtype /Form /BBox [0 0 14 14]', '0 g 3 3 8 8 re f'));
  const off = add(stream('/Type /XObject /Subtype /Form /BBox [0 0 14 14]', ''));
  return `/AP << /N << /${state} ${on} 0 R /Off ${off} 0 R >> >>`;
}

function stream(dictionary: string, content: string): string {
  return `<< ${dictionary} /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;
}

export function makeFormPdf(options: FormFixtureOptions = {}): Buffer {
  const objects: string[] = [];
  const add = (body: string): number => objects.push(body);
  const reserve = (): number => objects.push('');
  const catalog = reserve();
  const pagesRef = reserve();
  const page = reserve();
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const da = '/DA (/Helv 10 Tf 0 g)';
  const widget = `/Type /Annot /Subtype /Widget /P ${page} 0 R /F 4`;
  const f = formFixtureFields;
  const fields: number[] = [];
  const pageWidgets: number[] = [];
  const field = (body: string): number => {
    const ref = add(`<< ${widget} ${body} >>`);
    fields.push(ref);
    pageWidgets.push(ref);
    return ref;
  };
  if (!options.xfaOnly) {
    const value = options.filledName === undefined ? '' : ` /V (${options.filledName})`;
    field(`/FT /Tx /T (name) /TU (${f.name.label})${value} ${da} ${box(f.name.rect)}`);
    if (options.turnedField) {
      // Drawn in a 200 x 20 box, turned a quarter counterclockwise onto the 20 x 200 rectangle.
      const look = add(stream('/Type /XObject /Subtype /Form /BBox [0 0 200 20] /Matrix [0 1 -1 0 0 0]', ''));
      const side = `/Type /Annot /Subtype /Widget /P ${page} 0 R /F 4 /FT /Tx /T (side) /AP << /N ${look} 0 R >>`;
      const ref = add(`<< ${side} ${da} ${box(SIDE_FIELD_RECT)} >>`);
      fields.push(ref);
      pageWidgets.push(ref);
    }
    if (options.hiddenField) {
      const hidden = `/Type /Annot /Subtype /Widget /P ${page} 0 R /F 6 /FT /Tx /T (minus1) /V (-1)`;
      const ref = add(`<< ${hidden} ${da} ${box([72, 460, 172, 480])} >>`);
      fields.push(ref);
      pageWidgets.push(ref);
    }
    field(`/FT /Tx /T (address) /Ff 4096 ${da} ${box(f.address.rect)}`);
    field(`/FT /Tx /T (zip) /Ff ${2 ** 24 + 2 ** 23} /MaxLen ${f.zip.maxLength} ${da} ${box(f.zip.rect)}`);
    field(
      `/FT /Btn /T (agree) /TU (${f.agree.label}) /V /Off /AS /Off ${box(f.agree.rect)} ${onOffAppearance(add, 'Yes')}`,
    );
    const radio = reserve();
    const [x0, y0, x1, y1] = f.colour.rect;
    const kids = f.colour.options.map((state, index) => {
      const rect = [x0 + index * 30, y0, x1 + index * 30, y1];
      const ref = add(`<< ${widget} /Parent ${radio} 0 R /AS /Off ${box(rect)} ${onOffAppearance(add, state)} >>`);
      pageWidgets.push(ref);
      return ref;
    });
    objects[radio - 1] =
      `<< /FT /Btn /T (colour) /Ff ${2 ** 15 + 2 ** 14} /V /Off /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] >>`;
    fields.push(radio);
    const opt = (values: readonly string[]) => `/Opt [${values.map((value) => `(${value})`).join(' ')}]`;
    field(`/FT /Ch /T (country) ${opt(f.country.options)} ${da} ${box(f.country.rect)}`);
    field(`/FT /Ch /T (size) /Ff ${2 ** 17} ${opt(f.size.options)} ${da} ${box(f.size.rect)}`);
    const format = add(`<< /S /JavaScript /JS (AFDate_FormatEx\\("${f.birthday.format}"\\);) >>`);
    field(`/FT /Tx /T (birthday) /AA << /F ${format} 0 R >> ${da} ${box(f.birthday.rect)}`);
  }
  const xfa = options.xfaOnly
    ? ` /XFA ${add(stream('', '<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template/></xdp:xdp>'))} 0 R`
    : '';
  const needAppearances = options.filledName === undefined ? '' : ' /NeedAppearances true';
  const acroForm = add(
    `<< /Fields [${fields.map((ref) => `${ref} 0 R`).join(' ')}] /DR << /Font << /Helv ${font} 0 R >> >> /DA (/Helv 10 Tf 0 g)${xfa}${needAppearances} >>`,
  );
  const content = add(stream('', 'BT /Helv 14 Tf 72 740 Td (Application form) Tj ET'));
  const resources = `/Resources << /Font << /Helv ${font} 0 R >> >>`;
  objects[page - 1] =
    `<< /Type /Page /Parent ${pagesRef} 0 R /MediaBox [0 0 612 792] ${resources} /Contents ${content} 0 R /Annots [${pageWidgets.map((ref) => `${ref} 0 R`).join(' ')}] >>`;
  const second = options.secondPage
    ? add(`<< /Type /Page /Parent ${pagesRef} 0 R /MediaBox [0 0 612 792] >>`)
    : undefined;
  const kids = [page, ...(second ? [second] : [])];
  objects[pagesRef - 1] =
    `<< /Type /Pages /Kids [${kids.map((ref) => `${ref} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesRef} 0 R /AcroForm ${acroForm} 0 R >>`;

  let body = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
