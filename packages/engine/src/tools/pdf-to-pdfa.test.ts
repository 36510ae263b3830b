import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfaReportHeader } from '@paperknife/catalog/http-api';
import { type PdfaLevel, type PdfaReport, parsePdfaReport } from '@paperknife/catalog/pdfa-report';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import type { InputFile, ToolResult } from '../jobs/tool-runner.js';
import { conformanceReport } from '../pdfa/conformance-report.js';
import { type DocumentFacts, pdfaIdentification, readDocumentFacts } from '../pdfa/document-facts.js';
import { runQpdfJob } from '../programs/qpdf.js';
import { corpusDir, corpusPresent } from '../testing/corpus.js';
import { makePdf, writePdfObjects } from '../testing/make-pdf.js';
import { assertValidPdf, pdfEncryption, pdfPageTexts } from '../testing/pdf-assertions.js';
import {
  PDFA_FIXTURE_ANNOTATION_ATTACHMENT,
  PDFA_FIXTURE_ANNOTATION_CONTENT,
  PDFA_FIXTURE_ATTACHMENT,
  PDFA_FIXTURE_TEXT,
  pdfaFixture,
} from '../testing/pdfa-fixtures.js';
import { jobPerTest, toolErrorCode } from '../testing/test-job.js';
import { pdfToPdfa } from './pdf-to-pdfa.js';

const job = jobPerTest();
const everything = { javascript: true, launchLink: true, attachment: true, transparency: true };

async function convert(file: InputFile, level: PdfaLevel): Promise<{ result: ToolResult; report: PdfaReport }> {
  const result = await pdfToPdfa([file], parseToolOptions('pdf-to-pdfa', { level }), job.context);
  const report = parsePdfaReport(result.headers?.[pdfaReportHeader.name]);
  if (!report) throw new Error('The answer carries no conformance report');
  return { result, report };
}

const check = (report: PdfaReport, id: string) => report.checks.find((entry) => entry.id === id);

/** What every output must show to tools other than our own checks: qpdf, poppler's font list and text. */
function expectArchivable(path: string, text?: string) {
  assertValidPdf(path);
  const fonts = spawnSync('pdffonts', [path], { encoding: 'utf8' });
  expect(fonts.status).toBe(0);
  // pdffonts' "emb" column: every font listed is embedded.
  for (const line of fonts.stdout.split('\n').slice(2).filter(Boolean))
    expect(line, line).toMatch(/\syes\s+(yes|no)\s/);
  if (text !== undefined) expect(pdfPageTexts(path).join(' ')).toContain(text);
}

function attachmentNames(path: string): string[] {
  const listing = spawnSync('qpdf', ['--list-attachments', path], { encoding: 'utf8' }).stdout;
  return [...listing.matchAll(/^(\S.*?) -> /gm)].map((match) => match[1]!);
}

describe('pdf-to-pdfa', () => {
  it('writes PDF/A-2b: fonts embedded, scripts, launch link and attachment removed, and says so', async () => {
    const { result, report } = await convert(await job.input('in.pdf', pdfaFixture(everything)), '2b');
    expect(result.download.name).toBe('pdfa-document.pdf');
    expectArchivable(result.path, PDFA_FIXTURE_TEXT);
    expect(attachmentNames(result.path)).toEqual([]);
    expect(report).toEqual({
      level: '2b',
      conforms: true,
      checks: [
        { id: 'identification', ok: true, changed: 1 },
        { id: 'output-intent', ok: true, changed: 1 },
        { id: 'fonts-embedded', ok: true, changed: 1, fonts: ['Helvetica'] },
        { id: 'no-encryption', ok: true, changed: 0 },
        // OpenAction, the named script, the close action (/AA and its script) and the launch link.
        { id: 'no-scripts', ok: true, changed: 5 },
        { id: 'attachments', ok: true, changed: 1 },
        { id: 'document-id', ok: true, changed: 1 },
      ],
    });
    const facts = await readDocumentFacts(result.path, job.context);
    expect(facts).toMatchObject({ pdfaId: { part: 2, conformance: 'B' }, outputIntent: true, forbiddenActions: 0 });
  });

  it('flattens transparency for PDF/A-1b', async () => {
    const { result, report } = await convert(await job.input('in.pdf', pdfaFixture(everything)), '1b');
    expectArchivable(result.path);
    expect(report.conforms).toBe(true);
    expect(check(report, 'no-transparency')).toEqual({ id: 'no-transparency', ok: true, changed: 1 });
    expect(readFileSync(result.path).subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    const facts = await readDocumentFacts(result.path, job.context);
    expect(facts).toMatchObject({ pdfaId: { part: 1, conformance: 'B' }, transparency: false });
  });

  it('keeps transparency in PDF/A-2b and has no transparency check there', async () => {
    const { result, report } = await convert(await job.input('in.pdf', pdfaFixture({ transparency: true })), '2b');
    expect(check(report, 'no-transparency')).toBeUndefined();
    expect((await readDocumentFacts(result.path, job.context)).transparency).toBe(true);
    expect(pdfPageTexts(result.path)[0]).toContain(PDFA_FIXTURE_TEXT);
  });

  it('keeps attached files in PDF/A-3b, marked as associated files', async () => {
    const { result, report } = await convert(await job.input('in.pdf', pdfaFixture(everything)), '3b');
    expectArchivable(result.path, PDFA_FIXTURE_TEXT);
    expect(attachmentNames(result.path)).toEqual([PDFA_FIXTURE_ATTACHMENT]);
    expect(report.conforms).toBe(true);
    expect(check(report, 'attachments')).toEqual({ id: 'attachments', ok: true, changed: 1 });
    const facts = await readDocumentFacts(result.path, job.context);
    expect(facts).toMatchObject({ pdfaId: { part: 3 }, attachments: 1, unmarkedAttachments: 0 });
  });

  it('keeps a file attached only by its annotation in PDF/A-3b, as an attachment of the document', async () => {
    const fixture = pdfaFixture({ attachment: true, annotationAttachment: true });
    const { result, report } = await convert(await job.input('in.pdf', fixture), '3b');
    expectArchivable(result.path, PDFA_FIXTURE_TEXT);
    expect(attachmentNames(result.path).sort()).toEqual([PDFA_FIXTURE_ATTACHMENT, PDFA_FIXTURE_ANNOTATION_ATTACHMENT]);
    const shown = spawnSync('qpdf', ['--show-attachment=' + PDFA_FIXTURE_ANNOTATION_ATTACHMENT, result.path]);
    expect(shown.stdout.toString('latin1')).toBe(PDFA_FIXTURE_ANNOTATION_CONTENT);
    expect(report.conforms).toBe(true);
    expect(check(report, 'attachments')).toEqual({ id: 'attachments', ok: true, changed: 2 });
  });

  it('removes owner-only restrictions and reports it', async () => {
    const plain = await job.input('plain.pdf', makePdf({ pageCount: 2 }));
    const restricted = `${plain.path}-restricted`;
    await runQpdfJob(
      {
        inputFile: plain.path,
        outputFile: restricted,
        encrypt: { userPassword: '', ownerPassword: 'owner', '256bit': { print: 'none' } },
      },
      job.context,
    );
    const { result, report } = await convert({ path: restricted, name: 'restricted.pdf', size: 0 }, '2b');
    expect(pdfEncryption(result.path).encrypted).toBe(false);
    expect(check(report, 'no-encryption')).toEqual({ id: 'no-encryption', ok: true, changed: 1 });
    expect(pdfPageTexts(result.path)).toEqual(['Page 1', 'Page 2']);
  });

  it('refuses a password-protected PDF, an empty file and a file that is not a PDF', async () => {
    const plain = await job.input('plain.pdf', makePdf());
    const locked = `${plain.path}-locked`;
    await runQpdfJob(
      {
        inputFile: plain.path,
        outputFile: locked,
        encrypt: { userPassword: 'open', ownerPassword: 'owner', '256bit': {} },
      },
      job.context,
    );
    const run = (file: InputFile) => pdfToPdfa([file], parseToolOptions('pdf-to-pdfa', {}), job.context);
    expect(await toolErrorCode(run({ path: locked, name: 'locked.pdf', size: 0 }))).toBe('encrypted_pdf');
    expect(await toolErrorCode(run(await job.input('empty.pdf', new Uint8Array())))).toBe('unsupported_file_type');
    expect(await toolErrorCode(run(await job.input('text.pdf', Buffer.from('plain text, not a PDF'))))).toBe(
      'unsupported_file_type',
    );
  });
});

/**
 * A page with a file attachment (in the name tree and as an annotation) whose embedded file holds its MIME type in /Params as a name with an
 * escaped delimiter (`/text#2Fplain`), the shape of qpdf's test file qpdf-annotations-rotated-90.pdf. Ghostscript
 * 10.00 writes that name unescaped, so its own output fails `qpdf --check`.
 */
function attachmentParamsFixture(): Buffer {
  const content = `BT /F1 18 Tf 72 700 Td (${PDFA_FIXTURE_TEXT}) Tj ET`;
  const notes = 'Notes kept with the document.';
  return writePdfObjects(
    [
      `<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(${PDFA_FIXTURE_ATTACHMENT}) 7 0 R] >> >> >>`,
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R /Annots [8 0 R] >>',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
      `<< /Type /EmbeddedFile /Params << /Size ${notes.length} /Subtype /text#2Fplain >> /Length ${notes.length} >>\nstream\n${notes}\nendstream`,
      `<< /Type /Filespec /F (${PDFA_FIXTURE_ATTACHMENT}) /UF (${PDFA_FIXTURE_ATTACHMENT}) /EF << /F 6 0 R >> >>`,
      '<< /Type /Annot /Subtype /FileAttachment /Rect [400 700 420 720] /FS 7 0 R /Contents (Notes) >>',
    ],
    '/Root 1 0 R',
  );
}

describe('pdf-to-pdfa outputs that Ghostscript writes wrong', () => {
  it.each(['1b', '2b', '3b'] as const)(
    'pass qpdf --check in PDF/A-%s when an attached file has a MIME type name in its parameters',
    async (level) => {
      const upload = await job.input('in.pdf', attachmentParamsFixture());
      assertValidPdf(upload.path);
      const { result, report } = await convert(upload, level);
      expectArchivable(result.path, PDFA_FIXTURE_TEXT);
      expect(report.conforms).toBe(true);
      expect(attachmentNames(result.path)).toEqual(level === '3b' ? [PDFA_FIXTURE_ATTACHMENT] : []);
    },
  );
});

describe('PDF/A checks', () => {
  it('find every problem of a document that is not PDF/A', async () => {
    const upload = await job.input('in.pdf', pdfaFixture(everything));
    const facts = await readDocumentFacts(upload.path, job.context);
    expect(facts).toEqual({
      outputIntent: false,
      unembeddedFonts: ['Helvetica'],
      encrypted: false,
      forbiddenActions: 5,
      attachments: 1,
      unmarkedAttachments: 1,
      transparentPages: 1,
      transparency: true,
      documentId: false,
    });
    for (const level of ['1b', '2b', '3b'] as const) {
      const report = conformanceReport(level, { ...facts, encryptedUpload: false }, facts);
      expect(report.conforms).toBe(false);
      expect(report.checks.filter((entry) => entry.ok).map((entry) => entry.id)).toEqual(['no-encryption']);
    }
  });

  it('say a font left unembedded by name instead of claiming conformance', () => {
    const output: DocumentFacts = {
      pdfaId: { part: 2, conformance: 'B' },
      outputIntent: true,
      unembeddedFonts: ['Wingdings'],
      encrypted: false,
      forbiddenActions: 0,
      attachments: 0,
      unmarkedAttachments: 0,
      transparentPages: 0,
      transparency: false,
      documentId: true,
    };
    const report = conformanceReport(
      '2b',
      { ...output, unembeddedFonts: ['Wingdings'], encryptedUpload: false },
      output,
    );
    expect(report.conforms).toBe(false);
    expect(check(report, 'fonts-embedded')).toEqual({
      id: 'fonts-embedded',
      ok: false,
      changed: 1,
      fonts: ['Wingdings'],
    });
    // A part or conformance other than the one asked for does not pass either.
    const otherPart = conformanceReport(
      '3b',
      { ...output, encryptedUpload: false },
      { ...output, unembeddedFonts: [] },
    );
    expect(check(otherPart, 'identification')?.ok).toBe(false);
  });

  it('read the identification written as attributes or as elements', () => {
    expect(pdfaIdentification(`<rdf:Description pdfaid:part='1' pdfaid:conformance='B'/>`)).toEqual({
      pdfaId: { part: 1, conformance: 'B' },
    });
    expect(pdfaIdentification('<pdfaid:part>3</pdfaid:part><pdfaid:conformance>b</pdfaid:conformance>')).toEqual({
      pdfaId: { part: 3, conformance: 'B' },
    });
    expect(pdfaIdentification('<x:xmpmeta/>')).toEqual({});
  });
});

const corpusFiles = ['sf-crazyones-pdfa.pdf', 'pdfjs-tracemonkey.pdf', 'sf-cmyk-image.pdf', 'pdfcpu-annottest.pdf'];

describe.skipIf(!corpusPresent())('pdf-to-pdfa on corpus files (skipped without ../shared/corpus)', () => {
  it.each(corpusFiles)(
    '%s becomes PDF/A-2b that passes every check',
    async (name) => {
      const path = join(corpusDir, 'pdf', name);
      if (!existsSync(path)) throw new Error(`${name} is missing from the corpus`);
      const { result, report } = await convert(await job.input(name, readFileSync(path)), '2b');
      expectArchivable(result.path);
      expect(report.checks.filter((entry) => !entry.ok)).toEqual([]);
      expect(report.conforms).toBe(true);
    },
    120_000,
  );

  it('keeps the corpus attachment in PDF/A-3b', async () => {
    const name = 'sf-with-attachment.pdf';
    const path = join(corpusDir, 'pdf', name);
    const before = attachmentNames(path);
    const { result, report } = await convert(await job.input(name, readFileSync(path)), '3b');
    expectArchivable(result.path);
    expect(before.length).toBeGreaterThan(0);
    expect(attachmentNames(result.path).sort()).toEqual(before.sort());
    expect(report.conforms).toBe(true);
  }, 120_000);

  it.each(['1b', '2b', '3b'] as const)(
    'turns qpdf-annotations-rotated-90.pdf into PDF/A-%s that passes qpdf --check',
    async (level) => {
      const name = 'qpdf-annotations-rotated-90.pdf';
      const { result, report } = await convert(
        await job.input(name, readFileSync(join(corpusDir, 'pdf', name))),
        level,
      );
      expectArchivable(result.path);
      expect(report.conforms).toBe(true);
    },
    120_000,
  );
});
