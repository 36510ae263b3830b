import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
/**
 * Builds small, valid PDFs for tests, written by hand so fixtures need no engine and no corpus.
 * Each page can have a size, a /Rotate, lines of text in Helvetica, a filled colour box and a JPEG image.
 */
export interface FixturePage {
  width?: number;
  height?: number;
  rotate?: 0 | 90 | 180 | 270;
  /** Lines of text drawn from the top left, 14 pt Helvetica. Default: `Page N`, unless `runs` are given. */
  text?: string[];
  /** Pieces of text placed one by one (x, y: baseline start), in a Helvetica style, size and colour. */
  runs?: FixtureRun[];
  /** A filled rectangle in RGB 0..1, drawn behind the text. */
  box?: { rgb: [number, number, number]; x: number; y: number; width: number; height: number };
  /** A baseline JPEG drawn at (x, y) with the given size in points. */
  image?: {
    jpeg: Uint8Array;
    pixelWidth: number;
    pixelHeight: number;
    x: number;
    y: number;
    width: number;
    height: number;
    gray?: boolean;
  };
}

export interface FixtureRun {
  text: string;
  x: number;
  y: number;
  /** Points; default 12. */
  size?: number;
  style?: 'regular' | 'bold' | 'italic' | 'bold-italic';
  /** Fill colour in RGB 0..1; default black. */
  rgb?: [number, number, number];
  /** Points added after each character (the Tc operator, letter-spaced text); default 0. */
  letterSpacing?: number;
}

const RUN_FONTS = { regular: 'F1', bold: 'F2', italic: 'F3', 'bold-italic': 'F4' } as const;

export interface FixtureOptions {
  pages?: FixturePage[];
  /** Shortcut for `pages`: this many default letter pages. */
  pageCount?: number;
  title?: string;
  /** Adds an outline (bookmark) per page. */
  outline?: boolean;
  /** The page tree's /Count, when it should misstate the pages the tree holds. */
  declaredPageCount?: number;
}

function escapeText(text: string): string {
  return text.replace(/[\\()]/g, (c) => `\\${c}`);
}

export function makePdf(options: FixtureOptions = {}): Buffer {
  const pages: FixturePage[] =
    options.pages ?? Array.from({ length: options.pageCount ?? 1 }, () => ({}) satisfies FixturePage);
  const objects: (string | Buffer)[] = [];
  const add = (body: string | Buffer): number => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add(''); // filled in below
  const pagesRoot = add('');
  const helvetica = (name: string) =>
    add(`<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`);
  const font = helvetica('Helvetica');
  const fontResources = `/Font << /F1 ${font} 0 R /F2 ${helvetica('Helvetica-Bold')} 0 R /F3 ${helvetica('Helvetica-Oblique')} 0 R /F4 ${helvetica('Helvetica-BoldOblique')} 0 R >>`;
  const pageRefs: number[] = [];

  pages.forEach((page, index) => {
    const width = page.width ?? 612;
    const height = page.height ?? 792;
    const lines = page.text ?? (page.runs ? [] : [`Page ${index + 1}`]);
    let content = '';
    let resources = fontResources;
    if (page.box) {
      const { rgb, x, y, width: w, height: h } = page.box;
      content += `q ${rgb.join(' ')} rg ${x} ${y} ${w} ${h} re f Q\n`;
    }
    if (page.image) {
      const img = page.image;
      const stream = Buffer.from(img.jpeg);
      const head = `<< /Type /XObject /Subtype /Image /Width ${img.pixelWidth} /Height ${img.pixelHeight} /ColorSpace /${img.gray ? 'DeviceGray' : 'DeviceRGB'} /BitsPerComponent 8 /Filter /DCTDecode /Length ${stream.length} >>\nstream\n`;
      const imageRef = add(Buffer.concat([Buffer.from(head, 'latin1'), stream, Buffer.from('\nendstream', 'latin1')]));
      resources += ` /XObject << /Im1 ${imageRef} 0 R >>`;
      content += `q ${img.width} 0 0 ${img.height} ${img.x} ${img.y} cm /Im1 Do Q\n`;
    }
    content += 'BT /F1 14 Tf 16 TL\n';
    content += `72 ${height - 72} Td\n`;
    content += lines.map((line) => `(${escapeText(line)}) Tj T*`).join('\n');
    content += '\nET\n';
    for (const run of page.runs ?? []) {
      const colour = (run.rgb ?? [0, 0, 0]).join(' ');
      content += `BT /${RUN_FONTS[run.style ?? 'regular']} ${run.size ?? 12} Tf ${run.letterSpacing ?? 0} Tc ${colour} rg ${run.x} ${run.y} Td (${escapeText(run.text)}) Tj ET\n`;
    }
    const contentBytes = Buffer.from(content, 'latin1');
    const contentRef = add(
      Buffer.concat([
        Buffer.from(`<< /Length ${contentBytes.length} >>\nstream\n`, 'latin1'),
        contentBytes,
        Buffer.from('endstream', 'latin1'),
      ]),
    );
    const rotate = page.rotate ? ` /Rotate ${page.rotate}` : '';
    pageRefs.push(
      add(
        `<< /Type /Page /Parent ${pagesRoot} 0 R /MediaBox [0 0 ${width} ${height}]${rotate} /Resources << ${resources} >> /Contents ${contentRef} 0 R >>`,
      ),
    );
  });

  objects[pagesRoot - 1] =
    `<< /Type /Pages /Kids [${pageRefs.map((r) => `${r} 0 R`).join(' ')}] /Count ${options.declaredPageCount ?? pageRefs.length} >>`;
  let outlineEntry = '';
  if (options.outline && pageRefs.length > 0) {
    const outlineRoot = add('');
    const items = pageRefs.map(() => add(''));
    items.forEach((ref, i) => {
      const prev = i > 0 ? ` /Prev ${items[i - 1]} 0 R` : '';
      const next = i < items.length - 1 ? ` /Next ${items[i + 1]} 0 R` : '';
      objects[ref - 1] =
        `<< /Title (Page ${i + 1}) /Parent ${outlineRoot} 0 R /Dest [${pageRefs[i]} 0 R /Fit]${prev}${next} >>`;
    });
    objects[outlineRoot - 1] =
      `<< /Type /Outlines /First ${items[0]} 0 R /Last ${items[items.length - 1]} 0 R /Count ${items.length} >>`;
    outlineEntry = ` /Outlines ${outlineRoot} 0 R`;
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesRoot} 0 R${outlineEntry} >>`;
  const info = options.title ? add(`<< /Title (${escapeText(options.title)}) >>`) : undefined;

  return writePdfObjects(objects, `/Root ${catalog} 0 R${info ? ` /Info ${info} 0 R` : ''}`);
}

/**
 * A PDF file of numbered objects (object N is `objects[N - 1]`), with its cross-reference table and a trailer
 * holding `trailer` (e.g. `/Root 1 0 R`).
 */
export function writePdfObjects(objects: readonly (string | Buffer)[], trailer: string): Buffer {
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    chunks.push(chunk);
    offset += chunk.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} ${trailer} >>\nstartxref\n${offset}\n%%EOF\n`;
  chunks.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}

/**
 * The PDF encrypted by qpdf with AES-256 under a user password (the owner password the same), as a visitor's
 * password-protected upload: the bytes, made in a folder of their own that is removed after.
 */
export function passwordProtected(pdf: Uint8Array, password = 'secret123'): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'paperknife-protected-'));
  try {
    const [plain, locked] = [join(dir, 'plain.pdf'), join(dir, 'locked.pdf')];
    writeFileSync(plain, pdf);
    execFileSync('qpdf', ['--encrypt', password, password, '256', '--', plain, locked]);
    return readFileSync(locked);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A one-page Letter PDF drawing `content` (a content stream) with Helvetica as /F1 (object 4); `fontKeys` are added
 * to the font's dictionary, and `more` objects follow from object 6.
 */
export function helveticaPagePdf(content: string, fontKeys = '', more: readonly string[] = []): Buffer {
  return writePdfObjects(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
      `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding${fontKeys} >>`,
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
      ...more,
    ],
    '/Root 1 0 R',
  );
}
