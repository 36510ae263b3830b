import { type DetectedType, SNIFF_BYTES, acceptedTypes } from '@paperknife/catalog/file-types';
import { formatMegabytes } from '@paperknife/catalog/limits';
import { pdfInput, wordInput } from '@paperknife/catalog/tools';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { siteConfig } from '~/site-config';
import { formatSizeLimit } from '~/lib/format-size';
import { bytesStreamed, installBlobStream } from '~/testing/blob-stream';
import { sampleFile } from '~/testing/sample-files';
import { checkFile, looksLike, pickerAccept } from './file-check';

const CHUNK_BYTES = 256;
let removeBlobStream: () => void;
beforeAll(() => {
  // Small slices so a few kilobytes take several reads, as a large file does in a browser.
  removeBlobStream = installBlobStream({ chunkBytes: CHUNK_BYTES });
});
afterAll(() => removeBlobStream());

const MB = 1024 * 1024;
const maxBytes = siteConfig.limits.maxFileBytes;
const check = (file: File, accepted: readonly DetectedType[] = acceptedTypes.PDF, limit = maxBytes) =>
  checkFile(file, accepted, limit, () => undefined);

describe('checkFile: type by content', () => {
  it('accepts a PDF by its %PDF- signature', async () => {
    expect(await check(sampleFile('pdf', 'report.pdf'))).toEqual({ detected: 'pdf' });
  });

  it('finds a PDF header after leading junk within the first 1 KB, across read slices', async () => {
    // The header straddles the boundary between the second and third slice.
    const file = sampleFile('pdf', 'junk-first.pdf', { offset: 2 * CHUNK_BYTES - 2 });
    expect(await check(file)).toEqual({ detected: 'pdf' });
  });

  it('does not look for the header past the first 1 KB', async () => {
    const file = sampleFile('pdf', 'late-header.pdf', { offset: SNIFF_BYTES });
    expect(await check(file)).toEqual({ detected: null, problem: { kind: 'type', detected: null } });
  });

  it('accepts a .docx (ZIP package) and a .doc (OLE compound file) for Word', async () => {
    expect(await check(sampleFile('docx', 'letter.docx'), acceptedTypes.Word)).toEqual({ detected: 'docx' });
    expect(await check(sampleFile('doc', 'letter.doc'), acceptedTypes.Word)).toEqual({ detected: 'doc' });
  });

  it('takes PDFs and Word files in one reading when both are accepted', async () => {
    const either = [...acceptedTypes.PDF, ...acceptedTypes.Word];
    expect(await check(sampleFile('pdf', 'report.pdf'), either)).toEqual({ detected: 'pdf' });
    expect(await check(sampleFile('doc', 'letter.doc'), either)).toEqual({ detected: 'doc' });
    const file = sampleFile('docx', 'letter.docx');
    expect(await check(file, either)).toEqual({ detected: 'docx' });
    expect(bytesStreamed(file)).toBe(file.size);
  });

  it('rejects a file whose content is not what the tool takes, whatever its name and browser type say', async () => {
    const renamedDocx = sampleFile('docx', 'renamed.pdf', { type: 'application/pdf' });
    expect(await check(renamedDocx)).toEqual({ detected: 'docx', problem: { kind: 'type', detected: 'docx' } });

    const text = sampleFile('text', 'notes.pdf', { type: 'application/pdf' });
    expect(await check(text)).toEqual({ detected: null, problem: { kind: 'type', detected: null } });

    const pdfForWord = sampleFile('pdf', 'report.docx');
    expect(await check(pdfForWord, acceptedTypes.Word)).toEqual({
      detected: 'pdf',
      problem: { kind: 'type', detected: 'pdf' },
    });
  });
});

describe('checkFile: size and empty files', () => {
  it('rejects a file over the configured limit without reading it; pages name the limit as the catalogue writes it', async () => {
    const file = sampleFile('pdf', 'huge.pdf');
    // jsdom cannot hold a file past the real limit cheaply; the check only looks at the size the browser reports.
    Object.defineProperty(file, 'size', { value: maxBytes + 1 });
    const onProgress = vi.fn();
    expect(await checkFile(file, acceptedTypes.PDF, maxBytes, onProgress)).toEqual({
      detected: null,
      problem: { kind: 'size' },
    });
    // The toast names the limit as the catalogue and the page write it, in the page's language.
    expect(formatSizeLimit(maxBytes)).toBe(formatMegabytes(maxBytes));
    expect(formatSizeLimit(maxBytes, 'fr')).toMatch(/^\d+(,\d)?\s+Mo$/);
    expect(onProgress).not.toHaveBeenCalled();
    expect(bytesStreamed(file)).toBe(0);
  });

  it('accepts a file of exactly the limit and rejects one byte more', async () => {
    const limit = 1.5 * MB;
    expect(await check(sampleFile('pdf', 'at-limit.pdf', { size: limit }), acceptedTypes.PDF, limit)).toEqual({
      detected: 'pdf',
    });
    expect(await check(sampleFile('pdf', 'over.pdf', { size: limit + 1 }), acceptedTypes.PDF, limit)).toEqual({
      detected: null,
      problem: { kind: 'size' },
    });
  });

  it('reports an empty file', async () => {
    expect(await check(new File([], 'empty.pdf', { type: 'application/pdf' }))).toEqual({
      detected: null,
      problem: { kind: 'empty' },
    });
  });

  it('reports a file the browser cannot read', async () => {
    const file = sampleFile('pdf', 'gone.pdf');
    // A file removed from disk after it was chosen fails while it is read.
    file.stream = () =>
      new ReadableStream<Uint8Array<ArrayBuffer>>({
        pull(controller) {
          controller.error(new DOMException('The file could not be read.', 'NotReadableError'));
        },
      });
    expect(await check(file)).toEqual({ detected: null, problem: { kind: 'unreadable' } });
  });
});

describe('checkFile: progress', () => {
  it('reports the share of the file read so far after every read, then 100', async () => {
    const file = sampleFile('pdf', 'progress.pdf', { size: 10 * CHUNK_BYTES + 100 });
    const reports: { percent: number; read: number }[] = [];
    const result = await checkFile(file, acceptedTypes.PDF, maxBytes, (percent) => {
      reports.push({ percent, read: bytesStreamed(file) });
    });

    expect(result).toEqual({ detected: 'pdf' });
    // One report per slice read, and the final 100 once the check is done.
    expect(reports).toHaveLength(Math.ceil(file.size / CHUNK_BYTES) + 1);
    for (const { percent, read } of reports.slice(0, -1)) {
      expect(percent).toBe(Math.min(99, Math.floor((read / file.size) * 100)));
    }
    expect(reports.map((report) => report.percent)).toEqual(
      [...reports.map((report) => report.percent)].sort((a, b) => a - b),
    );
    expect(reports.at(-2)).toEqual({ percent: 99, read: file.size });
    expect(reports.at(-1)?.percent).toBe(100);
  });

  it('reads the whole file, not only its first bytes', async () => {
    const file = sampleFile('pdf', 'whole.pdf', { size: 40 * CHUNK_BYTES });
    await check(file);
    expect(bytesStreamed(file)).toBe(file.size);
  });
});

describe('looksLike', () => {
  it('goes by extension, in any case, or by the browser’s type', () => {
    expect(looksLike(new File(['x'], 'REPORT.PDF'), pdfInput)).toBe(true);
    expect(looksLike(new File(['x'], 'scan', { type: 'application/pdf' }), pdfInput)).toBe(true);
    expect(looksLike(new File(['x'], 'photo.jpg', { type: 'image/jpeg' }), pdfInput)).toBe(false);
    expect(looksLike(new File(['x'], 'pdf.txt', { type: 'text/plain' }), pdfInput)).toBe(false);
  });

  it('takes .doc and .docx for Word, not PDFs', () => {
    expect(looksLike(new File(['x'], 'letter.doc'), wordInput)).toBe(true);
    expect(looksLike(new File(['x'], 'letter.docx'), wordInput)).toBe(true);
    expect(looksLike(new File(['x'], 'report.pdf', { type: 'application/pdf' }), wordInput)).toBe(false);
  });
});

describe('pickerAccept', () => {
  it('lists the extensions and MIME types of the kind', () => {
    expect(pickerAccept(pdfInput)).toBe('.pdf,application/pdf');
    expect(pickerAccept(wordInput).split(',')).toEqual([...wordInput.extensions, ...wordInput.mimeTypes]);
  });
});
