import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { makePdf, writePdfObjects } from './make-pdf.js';
import { parsePpm, type RgbImage } from './ppm.js';

/**
 * Fixtures for Grayscale PDF: pages whose colour lives outside the page content, where Ghostscript's colour
 * conversion does not reach. Written object by object so each annotation has exactly the shape real files use:
 * link borders drawn from /C and /Border or /BS (no appearance stream), markup annotations with /C and /IC,
 * a stamp whose appearance stream paints RGB and CMYK, an RGB image and a shading, free text coloured by /DA, and
 * form fields with /MK background and border colours.
 */

/** The URI of the first page's first link: tests look for it in the output. */
export const FIXTURE_LINK_URI = 'https://example.com/grayscale-link';

/** The text of each page of `annotatedColourPdf`, as pdftotext reads it back. */
export const ANNOTATED_PAGE_TEXTS = ['Annotated colours', 'Second annotated page'] as const;

function stream(dictionary: string, data: Buffer | string): Buffer {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
  return Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${bytes.length} >>\nstream\n`, 'latin1'),
    bytes,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

/** A small RGB image, Flate-compressed: left half orange, right half teal. */
function rgbImagePixels(width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      const left = x < width / 2;
      pixels[at] = left ? 250 : 20;
      pixels[at + 1] = left ? 140 : 170;
      pixels[at + 2] = left ? 20 : 160;
    }
  }
  return deflateSync(pixels);
}

/**
 * Two letter pages of text, each with coloured link borders (one to a URI, one to the other page), and on the
 * first page: a highlight (/C, no appearance), a square with /C and /IC (no appearance), an ink stroke, a free
 * text annotation coloured by /DA, and a stamp whose appearance stream holds RGB and CMYK fills, an RGB image and
 * an axial RGB shading; on the second: a note whose appearance is a dictionary of states, a comment icon without an
 * appearance and a circle coloured in CMYK. Viewers draw the ones without an appearance from their colour entries.
 */
export function annotatedColourPdf(): Buffer {
  const objects: (string | Buffer)[] = [];
  const add = (body: string | Buffer): number => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add('');
  const pagesRoot = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const page1 = add('');
  const page2 = add('');

  const pageContent = (text: string) =>
    add(stream('', `BT /F1 18 Tf 72 700 Td (${text}) Tj ET\nBT /F1 12 Tf 72 600 Td (Visit the example site) Tj ET\n`));
  const content1 = pageContent(ANNOTATED_PAGE_TEXTS[0]);
  const content2 = pageContent(ANNOTATED_PAGE_TEXTS[1]);

  const uriLink = add(
    `<< /Type /Annot /Subtype /Link /Rect [68 592 230 612] /Border [0 0 3] /C [0 1 0] ` +
      `/A << /S /URI /URI (${FIXTURE_LINK_URI}) >> >>`,
  );
  const pageLink = add(
    `<< /Type /Annot /Subtype /Link /Rect [68 690 260 720] /BS << /W 2 /S /D /D [4 2] >> /C [1 0 0] ` +
      `/Dest [${page2} 0 R /Fit] >>`,
  );
  const backLink = add(
    `<< /Type /Annot /Subtype /Link /Rect [68 690 300 720] /Border [0 0 2] /C [0 0 1] /Dest [${page1} 0 R /Fit] >>`,
  );
  const highlight = add(
    `<< /Type /Annot /Subtype /Highlight /Rect [70 560 300 580] /QuadPoints [70 580 300 580 70 560 300 560] ` +
      `/C [1 1 0] /Contents (Check this) >>`,
  );
  const square = add(
    `<< /Type /Annot /Subtype /Square /Rect [320 420 520 540] /C [0 0 1] /IC [1 0.5 0] /BS << /W 4 >> >>`,
  );
  const ink = add(
    `<< /Type /Annot /Subtype /Ink /Rect [60 300 300 400] /C [0 0.5 1] /BS << /W 5 >> ` +
      `/InkList [[70 310 150 390 220 320 290 390]] >>`,
  );
  const freeText = add(
    `<< /Type /Annot /Subtype /FreeText /Rect [320 300 540 340] /DA (/Helv 14 Tf 1 0 0 rg) ` +
      `/C [0.8 0.9 1] /Contents (Reviewed in red) >>`,
  );

  const stampImage = add(
    stream(
      '/Type /XObject /Subtype /Image /Width 16 /Height 8 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode',
      rgbImagePixels(16, 8),
    ),
  );
  const stampAppearance = add(
    stream(
      `/Type /XObject /Subtype /Form /BBox [0 0 200 80] /Resources << /XObject << /Im1 ${stampImage} 0 R >> ` +
        `/Shading << /Sh1 << /ShadingType 2 /ColorSpace /DeviceRGB /Coords [0 0 200 0] ` +
        `/Function << /FunctionType 2 /Domain [0 1] /C0 [1 0 0] /C1 [0 0 1] /N 1 >> /Extend [true true] >> >> >>`,
      '0.9 0.1 0.1 rg 0 0 200 80 re f\n0 0.6 0 RG 4 w 6 6 188 68 re S\n0 1 1 0 k 12 12 50 24 re f\n' +
        'q 60 0 0 30 70 12 cm /Im1 Do Q\nq 140 44 50 24 re W n /Sh1 sh Q\n',
    ),
  );
  const stamp = add(
    `<< /Type /Annot /Subtype /Stamp /Rect [320 600 520 680] /Name /Approved /C [1 0 0] ` +
      `/AP << /N ${stampAppearance} 0 R >> >>`,
  );

  // Page 2: a note whose appearance is a set of states (the shown one red), and a circle coloured in CMYK.
  const noteShown = add(stream('/Type /XObject /Subtype /Form /BBox [0 0 24 24]', '1 0 0 rg 0 0 24 24 re f\n'));
  const noteHidden = add(stream('/Type /XObject /Subtype /Form /BBox [0 0 24 24]', '0 0.8 0 rg 0 0 24 24 re f\n'));
  const note = add(
    `<< /Type /Annot /Subtype /Text /Rect [400 500 424 524] /C [1 0 0] /Contents (A note) /Open false /AS /Marked ` +
      `/AP << /N << /Marked ${noteShown} 0 R /Unmarked ${noteHidden} 0 R >> >> >>`,
  );
  // A comment icon without an appearance: viewers draw their own icon art for it.
  const comment = add(
    `<< /Type /Annot /Subtype /Text /Rect [460 700 484 724] /C [1 0.9 0.6] /Name /Comment /Contents (Looks good) >>`,
  );
  const circle = add(
    `<< /Type /Annot /Subtype /Circle /Rect [72 300 272 450] /C [0 1 1 0] /IC [0.6 0 0.2 0] /BS << /W 3 >> >>`,
  );

  const resources = `/Resources << /Font << /F1 ${font} 0 R >> >>`;
  objects[page1 - 1] =
    `<< /Type /Page /Parent ${pagesRoot} 0 R /MediaBox [0 0 612 792] ${resources} /Contents ${content1} 0 R ` +
    `/Annots [${[uriLink, pageLink, highlight, square, ink, freeText, stamp].map((n) => `${n} 0 R`).join(' ')}] >>`;
  objects[page2 - 1] =
    `<< /Type /Page /Parent ${pagesRoot} 0 R /MediaBox [0 0 612 792] ${resources} /Contents ${content2} 0 R ` +
    `/Annots [${backLink} 0 R ${note} 0 R ${comment} 0 R ${circle} 0 R] >>`;
  objects[pagesRoot - 1] = `<< /Type /Pages /Kids [${page1} 0 R ${page2} 0 R] /Count 2 >>`;
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesRoot} 0 R >>`;
  return writePdfObjects(objects, `/Root ${catalog} 0 R`);
}

/**
 * A one-page form: a text field with a yellow /MK background, a red /MK border and blue /DA text, and a checkbox
 * with a green border, each with an appearance stream painted in those colours, as form editors write them.
 */
export function colouredFormPdf(): Buffer {
  const objects: (string | Buffer)[] = [];
  const add = (body: string | Buffer): number => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add('');
  const pagesRoot = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const page = add('');
  const content = add(stream('', 'BT /F1 16 Tf 72 720 Td (Application form) Tj ET\n'));
  const textAppearance = add(
    stream(
      `/Type /XObject /Subtype /Form /BBox [0 0 200 30] /Resources << /Font << /Helv ${font} 0 R >> >>`,
      '1 1 0.6 rg 0 0 200 30 re f\n1 0 0 RG 2 w 1 1 198 28 re S\n' +
        '/Tx BMC q BT /Helv 12 Tf 0 0 1 rg 4 10 Td (Jane Doe) Tj ET Q EMC\n',
    ),
  );
  const textField = add(
    `<< /Type /Annot /Subtype /Widget /FT /Tx /T (name) /V (Jane Doe) /Rect [72 640 272 670] /F 4 ` +
      `/DA (/Helv 12 Tf 0 0 1 rg) /MK << /BG [1 1 0.6] /BC [1 0 0] >> /P ${page} 0 R /AP << /N ${textAppearance} 0 R >> >>`,
  );
  const checkOn = add(
    stream(
      '/Type /XObject /Subtype /Form /BBox [0 0 20 20]',
      '0.8 1 0.8 rg 0 0 20 20 re f\n0 0.7 0 RG 2 w 1 1 18 18 re S\n0 0.5 0 rg 4 4 12 12 re f\n',
    ),
  );
  const checkOff = add(
    stream(
      '/Type /XObject /Subtype /Form /BBox [0 0 20 20]',
      '0.8 1 0.8 rg 0 0 20 20 re f\n0 0.7 0 RG 2 w 1 1 18 18 re S\n',
    ),
  );
  const checkbox = add(
    `<< /Type /Annot /Subtype /Widget /FT /Btn /T (agree) /V /Yes /AS /Yes /Rect [72 600 92 620] /F 4 ` +
      `/MK << /BG [0.8 1 0.8] /BC [0 0.7 0] >> /P ${page} 0 R ` +
      `/AP << /N << /Yes ${checkOn} 0 R /Off ${checkOff} 0 R >> >> >>`,
  );
  objects[page - 1] =
    `<< /Type /Page /Parent ${pagesRoot} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> >> ` +
    `/Contents ${content} 0 R /Annots [${textField} 0 R ${checkbox} 0 R] >>`;
  objects[pagesRoot - 1] = `<< /Type /Pages /Kids [${page} 0 R] /Count 1 >>`;
  objects[catalog - 1] =
    `<< /Type /Catalog /Pages ${pagesRoot} 0 R /AcroForm << /Fields [${textField} 0 R ${checkbox} 0 R] ` +
    `/DA (/Helv 0 Tf 0 g) /DR << /Font << /Helv ${font} 0 R >> >> >> >>`;
  return writePdfObjects(objects, `/Root ${catalog} 0 R`);
}

/**
 * One page of text with a file attached, in the document's name tree and by a file attachment annotation. The
 * embedded file's MIME type is a name with an escaped slash (`/text#2Fplain`), as its /Subtype and again inside its
 * /Params (as `qpdf-annotations-rotated-90.pdf` of the corpus has it). Ghostscript 10.00 keeps the annotation's file
 * and writes the nested one as `/text/plain`, two names, which breaks the /Params dictionary.
 */
export function attachmentPdf(): Buffer {
  const content = stream('', 'BT /F1 16 Tf 72 720 Td (Invoice with its data attached) Tj ET\n');
  const data = Buffer.from('Invoice data, as plain text', 'latin1');
  return writePdfObjects(
    [
      '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(invoice.txt) 6 0 R] >> >> >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R ' +
        '/Annots [8 0 R] >>',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      content,
      '<< /Type /Filespec /F (invoice.txt) /UF (invoice.txt) /EF << /F 7 0 R >> >>',
      stream(
        `/Type /EmbeddedFile /Subtype /text#2Fplain /Params << /Size ${data.length} /Subtype /text#2Fplain >>`,
        data,
      ),
      '<< /Type /Annot /Subtype /FileAttachment /Rect [72 650 92 674] /FS 6 0 R /Name /Paperclip /C [0 0 1] >>',
    ],
    '/Root 1 0 R',
  );
}

/**
 * A page hatched with uncoloured tiling patterns (PaintType 2), the way LaTeX and CAD output draw shaded areas:
 * filled red through `[/Pattern /DeviceRGB]`, stroked cyan through `[/Pattern /DeviceCMYK]` inside a form XObject,
 * and filled through `[/Pattern [/Indexed /DeviceRGB ..]]`, with text around that must stay text.
 */
export function uncolouredPatternPdf(): Buffer {
  const objects: (string | Buffer)[] = [];
  const add = (body: string | Buffer): number => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add('');
  const pagesRoot = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const hatch = add(
    stream(
      '/Type /Pattern /PatternType 1 /PaintType 2 /TilingType 1 /BBox [0 0 8 8] /XStep 8 /YStep 8 /Resources << >>',
      '0 0 m 8 8 l S 2 w 0 8 m 8 0 l S\n',
    ),
  );
  const colourSpaces =
    '/ColorSpace << /CsRgb [/Pattern /DeviceRGB] /CsCmyk [/Pattern /DeviceCMYK] ' +
    '/CsIndexed [/Pattern [/Indexed /DeviceRGB 1 <ff000000c000>]] >>';
  const form = add(
    stream(
      `/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << ${colourSpaces} /Pattern << /Hatch ${hatch} 0 R >> >>`,
      '/CsCmyk CS 1 0 0 0 /Hatch SCN 12 w 72 120 468 140 re S\n',
    ),
  );
  const content = add(
    stream(
      '',
      'BT /F1 18 Tf 72 720 Td (Hatched areas \\(scn\\)) Tj ET\n' +
        'q /CsRgb cs 1 0 0 /Hatch scn 72 420 220 260 re f Q\n' +
        'q /CsIndexed cs 1 /Hatch scn 320 420 220 260 re f Q\n/Fm1 Do\n',
    ),
  );
  const page = add(
    `<< /Type /Page /Parent ${pagesRoot} 0 R /MediaBox [0 0 612 792] /Contents ${content} 0 R /Resources << ` +
      `/Font << /F1 ${font} 0 R >> ${colourSpaces} /Pattern << /Hatch ${hatch} 0 R >> /XObject << /Fm1 ${form} 0 R >> >> >>`,
  );
  objects[pagesRoot - 1] = `<< /Type /Pages /Kids [${page} 0 R] /Count 1 >>`;
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesRoot} 0 R >>`;
  return writePdfObjects(objects, `/Root ${catalog} 0 R`);
}

/** Largest difference between the channels of a pixel that still counts as gray (renderers round). */
/**
 * A scan as people bring them: `pages` pages, each one 2550x3509 (300 ppi A4) gray JPEG over the whole page, one
 * image object per page. Ghostscript passes gray JPEGs through, so converting it takes a fraction of the time a
 * full decode of every JPEG takes (what `qpdf --check` does). For the benchmark; too big for unit tests.
 */
export async function grayJpegScanPdf(pages = 6): Promise<Buffer> {
  const width = 2550;
  const height = 3509;
  const pixels = new Uint8Array(width * height);
  // Paper with lines of "text": a texture JPEG cannot squeeze to nothing, like a real scan.
  for (let y = 0; y < height; y++) {
    const inLine = y % 60 < 24;
    for (let x = 0; x < width; x++)
      pixels[y * width + x] = inLine && (x * 7 + y * 3) % 23 < 9 ? 40 : 235 - ((x ^ y) & 15);
  }
  // One-component JPEG data, as the image's DeviceGray says: sharp writes three (YCbCr) unless told, and a reader
  // that goes by the colour space (Ghostscript's pass-through) then takes a third of the data.
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 1 } })
    .toColourspace('b-w')
    .jpeg({ quality: 80 })
    .toBuffer();
  const image = { jpeg, gray: true, pixelWidth: width, pixelHeight: height, x: 0, y: 0, width: 595, height: 842 };
  return makePdf({ pages: Array.from({ length: pages }, () => ({ width: 595, height: 842, text: [], image })) });
}

export const GRAY_TOLERANCE = 2;

/** Pixels (RGB triples) whose channels differ by more than `GRAY_TOLERANCE`. */
export function countColouredPixels(pixels: Uint8Array): number {
  let coloured = 0;
  for (let i = 0; i < pixels.length; i += 3) {
    const red = pixels[i]!;
    const green = pixels[i + 1]!;
    const blue = pixels[i + 2]!;
    if (Math.max(red, green, blue) - Math.min(red, green, blue) > GRAY_TOLERANCE) coloured += 1;
  }
  return coloured;
}

/**
 * Every page rendered by pdftoppm at `dpi`, which draws annotations as viewers do. One pdftoppm run for the whole
 * file: it writes the pages as PPM images one after another.
 */
export function renderPages(path: string, dpi: number): RgbImage[] {
  const result = spawnSync('pdftoppm', ['-r', String(dpi), path], { maxBuffer: 2 * 1024 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`pdftoppm failed on ${path}: ${result.stderr.toString()}`);
  const pages: RgbImage[] = [];
  let rest = result.stdout;
  while (rest.length > 0) {
    const page = parsePpm(rest);
    pages.push(page);
    rest = rest.subarray(page.pixels.byteOffset - rest.byteOffset + page.pixels.byteLength);
  }
  return pages;
}

/** Coloured pixels (see `countColouredPixels`) of every page rendered at `dpi` (see renderPages). */
export function colouredPixelsPerPage(path: string, dpi: number): number[] {
  return renderPages(path, dpi).map((page) => countColouredPixels(page.pixels));
}

/** Colour gradients for `colourImagesPdf`: hue across, lightness down, so every pixel differs from its neighbours. */
function gradientPixels(width: number, height: number, channels: 3 | 4): Buffer {
  const pixels = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * channels;
      const across = x / (width - 1);
      const down = y / (height - 1);
      pixels[at] = Math.round(255 * across);
      pixels[at + 1] = Math.round(255 * down);
      pixels[at + 2] = Math.round(255 * (1 - across) * (1 - down / 2));
      if (channels === 4) pixels[at + 3] = Math.round(60 * down);
    }
  }
  return pixels;
}

/** The images of `colourImagesPdf`, by name, as they are drawn (in a 3 x 3 grid, left to right, top down). */
export const COLOUR_IMAGE_NAMES = [
  'rgb',
  'cmyk',
  'jpegWithSoftMask',
  'inverted',
  'colourKeyMasked',
  'small',
  'nested',
] as const;

/**
 * One page of 8-bit colour images in the shapes real files use, for the step that turns large colour images gray
 * before Ghostscript: RGB and CMYK Flate images (400 x 300), an RGB JPEG with a soft mask that has a /Matte (which
 * MuPDF decodes with alpha), drawn on the page or from a form XObject; and images that step leaves to Ghostscript: one with a /Decode
 * array, one with a colour-key /Mask, one under its minimum size (100 x 100).
 */
export async function colourImagesPdf(): Promise<Buffer> {
  const objects: (string | Buffer)[] = [];
  const add = (body: string | Buffer) => objects.push(body);
  const [catalog, pagesRoot, page] = [add(''), add(''), add('')];
  const flateImage = (width: number, height: number, colorSpace: string, extra = '') =>
    add(
      stream(
        `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /${colorSpace} ` +
          `/BitsPerComponent 8 /Filter /FlateDecode${extra}`,
        deflateSync(gradientPixels(width, height, colorSpace === 'DeviceCMYK' ? 4 : 3)),
      ),
    );
  // A soft mask with a black /Matte: the JPEG holds its colours already blended with black by the mask's coverage.
  const coverage = 200;
  const softMask = add(
    stream(
      '/Type /XObject /Subtype /Image /Width 400 /Height 300 /ColorSpace /DeviceGray /BitsPerComponent 8 ' +
        '/Filter /FlateDecode /Matte [0 0 0]',
      deflateSync(Buffer.alloc(400 * 300, coverage)),
    ),
  );
  const blended = gradientPixels(400, 300, 3).map((value) => Math.round((value * coverage) / 255));
  const jpeg = await sharp(blended, { raw: { width: 400, height: 300, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  const images = {
    rgb: flateImage(400, 300, 'DeviceRGB'),
    cmyk: flateImage(400, 300, 'DeviceCMYK'),
    jpegWithSoftMask: add(
      stream(
        `/Type /XObject /Subtype /Image /Width 400 /Height 300 /ColorSpace /DeviceRGB /BitsPerComponent 8 ` +
          `/Filter /DCTDecode /SMask ${softMask} 0 R`,
        jpeg,
      ),
    ),
    inverted: flateImage(400, 300, 'DeviceRGB', ' /Decode [1 0 1 0 1 0]'),
    colourKeyMasked: flateImage(400, 300, 'DeviceRGB', ' /Mask [0 40 0 40 0 255]'),
    small: flateImage(100, 100, 'DeviceRGB'),
    nested: flateImage(400, 300, 'DeviceRGB'),
  };
  const form = add(
    stream(
      `/Type /XObject /Subtype /Form /BBox [0 0 1 1] /Resources << /XObject << /Im ${images.nested} 0 R >> >>`,
      '/Im Do\n',
    ),
  );
  const xobjects = COLOUR_IMAGE_NAMES.filter((name) => name !== 'nested')
    .map((name) => `/${name} ${images[name]} 0 R`)
    .join(' ');
  const content = COLOUR_IMAGE_NAMES.map((name, index) => {
    const [x, y] = [36 + (index % 3) * 190, 792 - 36 - 150 - Math.floor(index / 3) * 190];
    return `q 180 0 0 135 ${x} ${y} cm /${name === 'nested' ? 'Form' : name} Do Q`;
  }).join('\n');
  const contents = add(stream('', content));
  objects[page - 1] =
    `<< /Type /Page /Parent ${pagesRoot} 0 R /MediaBox [0 0 612 792] ` +
    `/Resources << /XObject << ${xobjects} /Form ${form} 0 R >> >> /Contents ${contents} 0 R >>`;
  objects[pagesRoot - 1] = `<< /Type /Pages /Kids [${page} 0 R] /Count 1 >>`;
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesRoot} 0 R >>`;
  return writePdfObjects(objects, `/Root ${catalog} 0 R`);
}

/** Page 1 drawn by MuPDF in gray at 72 dpi: one pixel per point. */
export function renderGray(path: string): { width: number; pixels: Uint8Array } {
  const doc = mupdf.Document.openDocument(readFileSync(path), 'application/pdf');
  try {
    const page = doc.loadPage(0);
    const pixmap = page.toPixmap(mupdf.Matrix.identity, mupdf.ColorSpace.DeviceGray, false);
    const render = { width: pixmap.getWidth(), pixels: Uint8Array.from(pixmap.getPixels()) };
    pixmap.destroy();
    page.destroy();
    return render;
  } finally {
    doc.destroy();
  }
}

/**
 * The largest difference between two renders inside the cell where `colourImagesPdf` draws image `name` (180 x 135
 * points), leaving out the 3 pixels along its edges, where resampling differs.
 */
export function largestCellDifference(
  a: { width: number; pixels: Uint8Array },
  b: { width: number; pixels: Uint8Array },
  name: (typeof COLOUR_IMAGE_NAMES)[number],
): number {
  const index = COLOUR_IMAGE_NAMES.indexOf(name);
  const left = 36 + (index % 3) * 190;
  const top = 36 + Math.floor(index / 3) * 190;
  let largest = 0;
  for (let y = top + 3; y < top + 132; y++) {
    for (let x = left + 3; x < left + 177; x++) {
      largest = Math.max(largest, Math.abs(a.pixels[y * a.width + x]! - b.pixels[y * a.width + x]!));
    }
  }
  return largest;
}
