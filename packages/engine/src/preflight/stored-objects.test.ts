import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CHUNK_BYTES, ValueReader, storedObjects } from './stored-objects.js';
import { makePdf, passwordProtected, writePdfObjects } from '../testing/make-pdf.js';
import { jobPerTest } from '../testing/test-job.js';

const job = jobPerTest();

const CONTENT = 'BT /F1 24 Tf 72 700 Td (Page 1) Tj ET';

/** One page whose content stream (object 4) is `stream`: its dictionary and what follows it, as written. */
function onePage(stream: string, extra: (string | Buffer)[] = [], catalog = '<< /Type /Catalog /Pages 2 0 R >>') {
  return writePdfObjects(
    [
      catalog,
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
      stream,
      ...extra,
    ],
    '/Root 1 0 R',
  );
}

async function readStream(pdf: Buffer, ref = '4 0 R') {
  const file = await job.input('stored.pdf', pdf);
  const objects = await storedObjects(file, job.context.signal);
  try {
    const stream = await objects.stream(ref);
    return { data: stream?.data.toString('latin1'), outline: await objects.mayHaveOutline() };
  } finally {
    await objects.close();
  }
}

describe('storedObjects', () => {
  it('reads a stream defined once and well framed, with a direct or an indirect /Length', async () => {
    const direct = await readStream(onePage(`<< /Length ${CONTENT.length} >>\nstream\n${CONTENT}\nendstream`));
    expect(direct).toEqual({ data: CONTENT, outline: false });
    const indirect = onePage(`<< /Length 5 0 R >>\r\nstream\r\n${CONTENT}\r\nendstream`, [String(CONTENT.length)]);
    expect((await readStream(indirect)).data).toBe(CONTENT);
  });

  it("reads a file larger than a chunk from the file, a definition across the chunks' boundary", async () => {
    /** The page's content (object 5) after a padding stream of `padding` bytes (object 4). */
    const build = (padding: number) =>
      writePdfObjects(
        [
          '<< /Type /Catalog /Pages 2 0 R >>',
          '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
          '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R >>',
          `<< /Length ${padding} >>\nstream\n${'x'.repeat(padding)}\nendstream`,
          `<< /Length ${CONTENT.length} >>\nstream\n${CONTENT}\nendstream`,
        ],
        '/Root 1 0 R',
      );
    const first = CHUNK_BYTES - 1000;
    const header = (pdf: Buffer) => pdf.indexOf('\n5 0 obj') + 1;
    // `5 0 ` before the boundary, `obj` after it.
    const pdf = build(first + (CHUNK_BYTES - 4 - header(build(first))));
    expect(header(pdf)).toBe(CHUNK_BYTES - 4);
    expect((await readStream(pdf, '5 0 R')).data).toBe(CONTENT);
  });

  it('cannot vouch for a stream whose framing qpdf would have to mend', async () => {
    const cases = {
      'a /Length too short': `<< /Length ${CONTENT.length - 3} >>\nstream\n${CONTENT}\nendstream`,
      'a /Length too long': `<< /Length ${CONTENT.length + 5} >>\nstream\n${CONTENT}\nendstream`,
      'no end of line after stream': `<< /Length ${CONTENT.length} >>\nstream ${CONTENT}\nendstream`,
      'a /Length that is not an integer': `<< /Length 12.5 >>\nstream\n${CONTENT}\nendstream`,
      'an indirect /Length that is no object': `<< /Length 9 0 R >>\nstream\n${CONTENT}\nendstream`,
    };
    const read: Record<string, string | undefined> = {};
    for (const [name, stream] of Object.entries(cases)) read[name] = (await readStream(onePage(stream))).data;
    expect(read).toEqual(Object.fromEntries(Object.keys(cases).map((name) => [name, undefined])));
  });

  it('cannot vouch for an object defined twice (an incremental update) or an encrypted file', async () => {
    const stream = `<< /Length ${CONTENT.length} >>\nstream\n${CONTENT}\nendstream`;
    const pdf = onePage(stream);
    const update = Buffer.from(`4 0 obj\n<< /Length 0 >>\nstream\n\nendstream\nendobj\n`, 'latin1');
    expect((await readStream(Buffer.concat([pdf, update]))).data).toBeUndefined();
    expect((await readStream(passwordProtected(pdf))).data).toBeUndefined();
  });

  it('says a document may have bookmarks unless its catalog has no /Outlines', async () => {
    const stream = `<< /Length ${CONTENT.length} >>\nstream\n${CONTENT}\nendstream`;
    const withOutline = onePage(
      stream,
      ['<< /Type /Outlines /Count 0 >>'],
      '<< /Type /Catalog /Pages 2 0 R /Outlines 5 0 R >>',
    );
    expect((await readStream(withOutline)).outline).toBe(true);
    // A name may be written with #-escapes.
    const escaped = onePage(
      stream,
      ['<< /Type /Outlines /Count 0 >>'],
      '<< /Type /Catalog /Pages 2 0 R /Out#6Cines 5 0 R >>',
    );
    expect((await readStream(escaped)).outline).toBe(true);
  });
});

describe('declaredPageCount', () => {
  const declared = async (pdf: Buffer) => {
    const objects = await storedObjects(await job.input('counted.pdf', pdf), job.context.signal);
    try {
      return await objects.declaredPageCount();
    } finally {
      await objects.close();
    }
  };
  const stream = `<< /Length ${CONTENT.length} >>\nstream\n${CONTENT}\nendstream`;

  it("reads the page tree's /Count, written there or as an object of its own", async () => {
    expect(await declared(onePage(stream))).toBe(1);
    const indirect = writePdfObjects(
      [
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 5 0 R >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
        '2',
      ],
      '/Root 1 0 R',
    );
    expect(await declared(indirect)).toBe(2);
  });

  it('cannot vouch for a tree defined twice, one that is not a page tree, or an encrypted file', async () => {
    const pdf = onePage(stream);
    const update = Buffer.from('2 0 obj\n<< /Type /Pages /Kids [3 0 R 3 0 R] /Count 2 >>\nendobj\n', 'latin1');
    expect(await declared(Buffer.concat([pdf, update]))).toBeUndefined();
    expect(await declared(onePage(stream, [], '<< /Type /Catalog /Pages 3 0 R >>'))).toBeUndefined();
    expect(await declared(passwordProtected(pdf))).toBeUndefined();
  });
});

describe('ValueReader', () => {
  it('reads names, numbers, references, strings, arrays and nested dictionaries', () => {
    const text =
      '<< /A 1 /B -2.5 /C 3 0 R /D (a (nested\\) ) string) /E <6869> /F [/X 4 0 R null true] /G << /H /I#20J >> >>';
    expect(new ValueReader(text, 0).value()).toMatchObject({
      '/A': 1,
      '/B': -2.5,
      '/C': '3 0 R',
      '/D': { written: '(a (nested\\) ) string)' },
      '/E': { written: '<6869>' },
      '/F': ['/X', '4 0 R', null, true],
      '/G': { '/H': '/I J' },
    });
  });

  it('throws on a value cut short or a token it does not know', () => {
    expect(() => new ValueReader('<< /A [1 2', 0).value()).toThrow();
    expect(() => new ValueReader('<< /A @ >>', 0).value()).toThrow();
  });
});

describe('storedObjects, objects inside object streams', () => {
  /** `pdf` rewritten by qpdf with its objects (catalog and page tree too) in object streams. */
  async function packed(pdf: Buffer): Promise<Buffer> {
    const plain = await job.input('plain.pdf', pdf);
    const out = `${plain.path}-packed.pdf`;
    execFileSync('qpdf', ['--object-streams=generate', '--qdf', '--no-original-object-ids', plain.path, out]);
    const written = await readFile(out);
    expect(written.toString('latin1')).toMatch(/\/Type \/ObjStm/);
    return written;
  }
  const read = async (pdf: Buffer) => {
    const objects = await storedObjects(await job.input('packed.pdf', pdf), job.context.signal);
    try {
      const contents = /\/Contents (\d+ \d+ R)/.exec(pdf.toString('latin1'))?.[1];
      return {
        pages: await objects.declaredPageCount(),
        outline: await objects.mayHaveOutline(),
        content: contents && (await objects.stream(contents))?.data.toString('latin1'),
      };
    } finally {
      await objects.close();
    }
  };
  const stream = `<< /Length ${CONTENT.length} >>\nstream\n${CONTENT}\nendstream`;

  it('reads the catalog and the page tree from an object stream, and streams still at the top level', async () => {
    const pdf = await packed(makePdf({ pageCount: 3 }));
    expect(await read(pdf)).toMatchObject({ pages: 3, outline: false, content: expect.stringContaining('Page 1') });
    const outlined = onePage(
      stream,
      ['<< /Type /Outlines /Count 0 >>'],
      '<< /Type /Catalog /Pages 2 0 R /Outlines 5 0 R >>',
    );
    expect(await read(await packed(outlined))).toMatchObject({ pages: 1, outline: true });
  });

  it('cannot vouch for an object both in an object stream and at the top level, or any in a stream it cannot read', async () => {
    const pdf = await packed(makePdf({ pageCount: 3 }));
    const tree = /(\d+) 0 R/.exec(/\/Pages (\d+ 0 R)/.exec(pdf.toString('latin1'))![1]!)![1];
    const update = Buffer.from(`${tree} 0 obj\n<< /Type /Pages /Kids [] /Count 2 >>\nendobj\n`, 'latin1');
    expect((await read(Buffer.concat([pdf, update]))).pages).toBeUndefined();
    // Its header flipped: the object stream no longer lists what it holds, so no object may be read as defined once.
    const text = pdf.toString('latin1');
    const data = text.indexOf('stream\n', text.indexOf('/Type /ObjStm')) + 'stream\n'.length + 4;
    const flipped = Buffer.from(pdf);
    for (let at = data; at < data + 8; at++) flipped[at] = flipped[at]! ^ 0x5a;
    expect(await read(flipped)).toEqual({ pages: undefined, outline: true, content: undefined });
  });
});
