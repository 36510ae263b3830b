import { ToolError } from '@paperknife/catalog/errors';
import { formatMegabytes } from '@paperknife/catalog/limits';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { type ToolId, toolIds, toolPaths, tools } from '@paperknife/catalog/tools';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toast } from '~/components/ui/toast';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { handOverFiles } from '~/features/tools/utils/pending-files';
import { siteConfig } from '~/site-config';
import { installBlobStream } from '~/testing/blob-stream';
import { FakeXhr, installFakeXhr, latestRequest } from '~/testing/fake-xhr';
import { pdfOfMegabytes, sampleFile } from '~/testing/sample-files';
import { FakeEventSource, installFakeEventSource, jobStatus } from '~/features/tools/api/testing/fake-event-source';
import type * as pdfPages from '~/features/tools/page-view/pdf-pages';
import { ToolWorkspace } from './tool-workspace';

vi.mock('~/components/ui/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
// jsdom has neither canvas nor DOMMatrix, which pdf.js needs: the page previews (tested with their own fake in
// page-view/) stay loading here, so the workspace's tests neither import pdf.js nor log its failure.
vi.mock('~/features/tools/page-view/pdf-pages', async (importOriginal) => ({
  ...(await importOriginal<typeof pdfPages>()),
  loadPdfPages: () => new Promise<never>(() => {}),
  openAhead: () => {},
  warmUpPdfJs: () => {},
}));

let removeBlobStream: () => void;
let removeFakeXhr: () => void;
let downloads: { name: string; url: string }[];
/** The blobs handed to URL.createObjectURL: what the downloads hold. */
let savedBlobs: Blob[];
beforeAll(() => {
  removeBlobStream = installBlobStream();
});
// The form's chunk loads once a file comes (decision 074); loading it here keeps its first import out of the
// first test's time limit, as when the workspace imported it directly.
beforeAll(async () => {
  await import('./workspace-form');
});

afterAll(() => removeBlobStream());
beforeEach(() => {
  removeFakeXhr = installFakeXhr();
  downloads = [];
  savedBlobs = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    savedBlobs.push(blob as Blob);
    return 'blob:http://localhost/result';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  // jsdom cannot navigate to a blob URL: record the download the temporary link starts instead.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, url: this.href });
  });
});
afterEach(() => {
  removeFakeXhr();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

function renderTool(id: ToolId) {
  const user = userEvent.setup({ applyAccept: false });
  render(
    <MemoryRouter initialEntries={[toolPaths(id).canonical]}>
      <ToolWorkspace id={id} />
    </MemoryRouter>,
  );
  return user;
}

const fileInput = () => screen.getByTestId<HTMLInputElement>('file-input');
const dropZone = () => screen.getByRole('button', { name: /^Drag & drop/ });

/** What a browser's drag event carries for dragged files. */
const dragData = (files: File[]) => ({
  dataTransfer: {
    files,
    types: ['Files'],
    items: files.map((file) => ({ kind: 'file', type: file.type, getAsFile: () => file })),
  },
});
/**
 * Waits until `count` files are checked, and until the option form's chunk (which the workspace starts loading once
 * a file comes) has landed: the Ready marks could come first, and a test looking for options then found none.
 */
const readyMark = async (count = 1) => {
  await waitFor(() => expect(screen.getAllByRole('img', { name: 'Ready' })).toHaveLength(count));
  await act(async () => {
    await import('./workspace-form');
  });
};
const actionButton = (id: ToolId) => screen.queryByRole('button', { name: tools[id].actionLabel });

/** Makes the browser's reading of `file` stop after its first slice until the returned function is called. */
function holdReading(file: File): () => void {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const stream = file.stream.bind(file);
  file.stream = () => {
    const reader = stream().getReader();
    let first = true;
    return new ReadableStream(
      {
        async pull(controller) {
          if (!first) await gate;
          first = false;
          const { done, value } = await reader.read();
          if (done) controller.close();
          else controller.enqueue(value);
        },
      },
      { highWaterMark: 0 },
    );
  };
  return release;
}

/** The form the page sent, as name -> values (files by name). */
function sentFields(request: FakeXhr): Record<string, string[]> {
  const form = request.body as FormData;
  const fields: Record<string, string[]> = {};
  for (const [name, value] of form.entries()) {
    (fields[name] ??= []).push(typeof value === 'string' ? value : `file:${value.name}`);
  }
  return fields;
}

/** The message the catalogue's schema gives for options it refuses. */
function catalogueMessage(parse: () => unknown): string {
  try {
    parse();
  } catch (error) {
    if (error instanceof ToolError) return error.message;
    throw error;
  }
  throw new Error('The catalogue accepted the options.');
}

const pdfResponse = () => new Blob(['%PDF-1.7 result'], { type: 'application/pdf' });
const attachment = (name: string) => `attachment; filename="${name}"; filename*=UTF-8''${name}`;

describe('choosing a file', () => {
  it('shows the row with name and size while the file is read, and the options and action only once it checks out', async () => {
    const user = renderTool('rotate-pdf');
    expect(screen.getByText('Drag & drop a PDF file')).toBeInTheDocument();
    expect(actionButton('rotate-pdf')).not.toBeInTheDocument();

    const file = pdfOfMegabytes('scan.pdf', 2.35);
    const release = holdReading(file);
    await user.upload(fileInput(), file);

    expect(await screen.findByText('scan.pdf')).toBeInTheDocument();
    expect(screen.getByText('2.35 MB')).toBeInTheDocument();
    const progress = screen.getByRole('progressbar', { name: 'Checking scan.pdf' });
    await waitFor(() => expect(Number(progress.getAttribute('aria-valuenow'))).toBeGreaterThan(0));
    expect(Number(progress.getAttribute('aria-valuenow'))).toBeLessThan(100);
    expect(actionButton('rotate-pdf')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Rotation angle')).not.toBeInTheDocument();
    // A single-file tool hides its drop zone while it holds a file.
    expect(screen.queryByText('Drag & drop a PDF file')).not.toBeInTheDocument();

    release();
    await readyMark();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Rotation angle')).toHaveValue('90');
    expect(actionButton('rotate-pdf')).toBeEnabled();
  });

  it('highlights the drop zone while files are dragged over it and takes a dropped file', async () => {
    renderTool('page-numbers');
    const file = sampleFile('pdf', 'dropped.pdf');
    fireEvent.dragEnter(dropZone(), dragData([file]));
    expect(await screen.findByText('Drop your PDF here')).toBeInTheDocument();
    expect(dropZone()).toHaveAttribute('data-dragging', 'true');
    fireEvent.drop(dropZone(), dragData([file]));
    await readyMark();
    expect(screen.getByText('dropped.pdf')).toBeInTheDocument();
    expect(actionButton('page-numbers')).toBeEnabled();
  });

  it('removes the file with its remove button and brings the drop zone back', async () => {
    const user = renderTool('rotate-pdf');
    await user.upload(fileInput(), sampleFile('pdf', 'scan.pdf'));
    await readyMark();
    await user.click(screen.getByRole('button', { name: 'Remove scan.pdf' }));
    expect(screen.queryByText('scan.pdf')).not.toBeInTheDocument();
    expect(actionButton('rotate-pdf')).not.toBeInTheDocument();
    expect(screen.getByText('Drag & drop a PDF file')).toBeInTheDocument();
  });

  it('takes the files handed over from the Try it now box', async () => {
    handOverFiles(toolPaths('grayscale-pdf').canonical, [sampleFile('pdf', 'handed.pdf')]);
    renderTool('grayscale-pdf');
    await readyMark();
    expect(screen.getByText('handed.pdf')).toBeInTheDocument();
    expect(actionButton('grayscale-pdf')).toBeEnabled();
  });
});

describe('files that do not fit', () => {
  const singleFileTools = toolIds.filter((id) => tools[id].files.max === 1);

  it.each(singleFileTools)('%s: a file of another type gives "Invalid file type" with the tool’s words', async (id) => {
    const user = renderTool(id);
    await user.upload(fileInput(), sampleFile('text', 'notes.txt'));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Invalid file type', {
        description: tools[id].invalidTypeDescription,
      }),
    );
    expect(screen.queryByText('notes.txt')).not.toBeInTheDocument();
  });

  it('checks the content, not the name: a Word file renamed .pdf is refused after reading', async () => {
    const user = renderTool('rotate-pdf');
    await user.upload(fileInput(), sampleFile('docx', 'renamed.pdf', { type: 'application/pdf' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Invalid file type', {
        description: 'Only PDF files are supported for rotation.',
      }),
    );
    await waitFor(() => expect(screen.queryByText('renamed.pdf')).not.toBeInTheDocument());
    expect(actionButton('rotate-pdf')).not.toBeInTheDocument();
  });

  it('more than one file dropped on a single-file tool gives "Too many files"', async () => {
    renderTool('compress-pdf');
    fireEvent.drop(dropZone(), dragData([sampleFile('pdf', 'a.pdf'), sampleFile('pdf', 'b.pdf')]));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Too many files', {
        description: 'Please upload only one PDF file at a time.',
      }),
    );
    expect(screen.queryByText('a.pdf')).not.toBeInTheDocument();
  });

  it('a file over the configured limit is refused with the limit named', async () => {
    const user = renderTool('rotate-pdf');
    const file = sampleFile('pdf', 'huge.pdf');
    // The check trusts the size the browser reports; jsdom cannot hold a file past the real limit cheaply.
    Object.defineProperty(file, 'size', { value: siteConfig.limits.maxFileBytes + 1 });
    await user.upload(fileInput(), file);
    const limit = formatMegabytes(siteConfig.limits.maxFileBytes);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('File too large', {
        description: `huge.pdf is larger than the ${limit} limit. Compress or split it first, or choose a smaller file.`,
      }),
    );
    expect(screen.getByText(`Up to ${limit} per file`)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('huge.pdf')).not.toBeInTheDocument());
  });

  it('merge keeps the PDFs and names the others "Invalid files detected"', async () => {
    const user = renderTool('merge-pdf');
    await user.upload(fileInput(), [sampleFile('pdf', 'one.pdf'), sampleFile('text', 'notes.txt')]);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Invalid files detected', {
        description: 'Only PDF files are supported for merging.',
      }),
    );
    await readyMark();
    expect(screen.getByText('one.pdf')).toBeInTheDocument();
    expect(screen.queryByText('notes.txt')).not.toBeInTheDocument();
  });
});

describe('running a tool', () => {
  it('sends the file and options, shows the phases, downloads the result and clears the file', async () => {
    const user = renderTool('rotate-pdf');
    await user.upload(fileInput(), sampleFile('pdf', 'scan.pdf'));
    await readyMark();
    await user.selectOptions(screen.getByLabelText('Rotation angle'), '180');
    await user.click(actionButton('rotate-pdf')!);

    const request = latestRequest();
    expect(request.url).toBe('/functions/v1/rotate-pdf');
    expect(sentFields(request)).toEqual({ angle: ['180'], file: ['file:scan.pdf'] });
    const busy = await screen.findByRole('button', { name: 'Rotating Pages...' });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove scan.pdf' })).toBeDisabled();

    request.uploadProgress(40, 100);
    expect(await screen.findByText('Uploading 40%')).toBeInTheDocument();
    request.uploadDone();
    expect(await screen.findByText('Processing on the server...')).toBeInTheDocument();
    const result = pdfResponse();
    request.respond(200, result, { 'Content-Disposition': attachment('rotated-document.pdf') });

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Success!', {
        description: 'Your PDF has been rotated successfully.',
      }),
    );
    expect(downloads).toEqual([{ name: 'rotated-document.pdf', url: 'blob:http://localhost/result' }]);
    // The download holds the server's answer itself.
    expect(savedBlobs).toHaveLength(1);
    expect(savedBlobs[0]).toBe(result);
    expect(screen.queryByText('scan.pdf')).not.toBeInTheDocument();
    expect(screen.getByText('Drag & drop a PDF file')).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('names the download after the catalogue when the server sends no name', async () => {
    const user = renderTool('grayscale-pdf');
    await user.upload(fileInput(), sampleFile('pdf', 'colour.pdf'));
    await readyMark();
    await user.click(actionButton('grayscale-pdf')!);
    latestRequest().respond(200, pdfResponse());
    await waitFor(() => expect(downloads).toEqual([expect.objectContaining({ name: 'grayscale-document.pdf' })]));
  });

  it('on failure shows "Error" with the seed sentence and the server’s reason, and keeps the file', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = renderTool('rotate-pdf');
    await user.upload(fileInput(), sampleFile('pdf', 'locked.pdf'));
    await readyMark();
    await user.click(actionButton('rotate-pdf')!);
    const reason = 'This PDF is password-protected: unlock it first with Unlock PDF.';
    latestRequest().respondWithError(422, 'encrypted_pdf', reason);

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', {
        description: `Failed to rotate PDF file. Please try again. ${reason}`,
      }),
    );
    expect(console.error).toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
    expect(downloads).toEqual([]);
    expect(screen.getByText('locked.pdf')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Rotate PDF' })).toBeEnabled();
    expect(screen.getByLabelText('Rotation angle')).toHaveValue('90');
  });

  it('on a network failure shows "Error" and keeps the file', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = renderTool('compress-pdf');
    await user.upload(fileInput(), sampleFile('pdf', 'big.pdf'));
    await readyMark();
    await user.click(actionButton('compress-pdf')!);
    latestRequest().failNetwork();
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', {
        description:
          'Failed to compress PDF file. Please try again. The connection to the server failed. Check your network.',
      }),
    );
    expect(screen.getByText('big.pdf')).toBeInTheDocument();
  });

  it('checks the options against the catalogue before sending', async () => {
    const user = renderTool('rotate-pdf');
    await user.upload(fileInput(), sampleFile('pdf', 'scan.pdf'));
    await readyMark();
    await user.selectOptions(screen.getByLabelText('Pages to rotate'), 'selected');
    await user.type(screen.getByLabelText('Pages'), '5-2');
    await user.click(actionButton('rotate-pdf')!);

    const expected = catalogueMessage(() => parseToolOptions('rotate-pdf', { angle: '90', pages: '5-2' }));
    expect(toast.error).toHaveBeenCalledWith('Check the options', { description: expected });
    expect(FakeXhr.requests).toHaveLength(0);
  });

  it('compress shows the sizes before and after from the server’s headers', async () => {
    const user = renderTool('compress-pdf');
    await user.upload(fileInput(), sampleFile('pdf', 'photos.pdf'));
    await readyMark();
    await user.click(actionButton('compress-pdf')!);
    expect(sentFields(latestRequest())).toEqual({ level: ['medium'], file: ['file:photos.pdf'] });
    latestRequest().respond(200, pdfResponse(), {
      'Content-Disposition': attachment('compressed-document.pdf'),
      'X-Original-Size': String(4 * 1024 * 1024),
      'X-Output-Size': String(1024 * 1024),
      'X-Images-Recompressed': '12',
      'X-Compress-Result': 'smaller',
    });
    expect(await screen.findByTestId('size-saved')).toHaveTextContent('75%');
    expect(screen.getByTestId('size-before')).toHaveTextContent('4.0 MB');
    expect(screen.getByTestId('size-after')).toHaveTextContent('1.0 MB');
    expect(screen.getByTestId('images-recompressed')).toHaveTextContent('12 images resampled or re-encoded.');
    expect(screen.queryByText(/already as small/)).toBeNull();
  });

  it('says when the server recognised scanned pages (OCR), from its header', async () => {
    const user = renderTool('extract-text');
    await user.upload(fileInput(), sampleFile('pdf', 'scan.pdf'));
    await readyMark();
    await user.click(actionButton('extract-text')!);
    latestRequest().respond(200, new Blob(['text'], { type: 'text/plain' }), {
      'Content-Disposition': attachment('extracted-text.txt'),
      'X-Recognised-Pages': '3',
    });
    expect(await screen.findByTestId('recognised-pages')).toHaveTextContent(
      'This PDF looks scanned: the text of 3 pages were recognised (OCR).',
    );
  });

  it('compress says so when the PDF came back unchanged', async () => {
    const user = renderTool('compress-pdf');
    await user.upload(fileInput(), sampleFile('pdf', 'photos.pdf'));
    await readyMark();
    await user.click(actionButton('compress-pdf')!);
    latestRequest().respond(200, pdfResponse(), {
      'Content-Disposition': attachment('compressed-document.pdf'),
      'X-Original-Size': '5000',
      'X-Output-Size': '5000',
      'X-Images-Recompressed': '0',
      'X-Compress-Result': 'unchanged',
    });
    expect(await screen.findByTestId('size-saved')).toHaveTextContent('0%');
    expect(screen.getByText(/already as small as this level can make it/)).toBeVisible();
    expect(screen.queryByTestId('images-recompressed')).toBeNull();
  });
});

describe('protect', () => {
  it('shows its action only when both passwords are filled, and gives the seed’s toasts in order', async () => {
    const user = renderTool('protect-pdf');
    await user.upload(fileInput(), sampleFile('pdf', 'contract.pdf'));
    await readyMark();
    const password = screen.getByLabelText('Password');
    const confirmation = screen.getByLabelText('Confirm password');
    expect(actionButton('protect-pdf')).not.toBeInTheDocument();

    await user.type(password, 'abc');
    expect(actionButton('protect-pdf')).not.toBeInTheDocument();
    await user.type(confirmation, 'abd');
    await user.click(actionButton('protect-pdf')!);
    expect(toast.error).toHaveBeenLastCalledWith("Passwords don't match", {
      description: 'Please make sure both password fields match.',
    });

    await user.clear(confirmation);
    await user.type(confirmation, 'abc');
    await user.click(actionButton('protect-pdf')!);
    expect(toast.error).toHaveBeenLastCalledWith('Password too short', {
      description: 'Password must be at least 6 characters long.',
    });
    expect(FakeXhr.requests).toHaveLength(0);

    await user.type(password, 'def');
    await user.type(confirmation, 'def');
    await user.click(actionButton('protect-pdf')!);
    expect(sentFields(latestRequest())).toEqual({
      userPassword: ['abcdef'],
      allowPrinting: ['true'],
      allowCopying: ['true'],
      allowEditing: ['true'],
      file: ['file:contract.pdf'],
    });
    latestRequest().respond(200, pdfResponse(), { 'Content-Disposition': attachment('protected-document.pdf') });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Success!', {
        description: 'Your PDF has been password protected successfully.',
      }),
    );
    expect(toast.error).toHaveBeenCalledTimes(2);

    // The passwords are cleared with the file: the next file starts with empty fields.
    await user.upload(fileInput(), sampleFile('pdf', 'next.pdf'));
    await readyMark();
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Confirm password')).toHaveValue('');
  });
});

describe('text options', () => {
  it('extract keeps its action disabled while the pages are blank, and clears them after success', async () => {
    const user = renderTool('extract-pages');
    await user.upload(fileInput(), sampleFile('pdf', 'book.pdf'));
    await readyMark();
    const pages = screen.getByLabelText('Pages to extract');
    expect(actionButton('extract-pages')).toBeDisabled();
    await user.type(pages, '   ');
    expect(actionButton('extract-pages')).toBeDisabled();
    await user.type(pages, '1-3,5 ');
    expect(actionButton('extract-pages')).toBeEnabled();
    await user.click(actionButton('extract-pages')!);
    expect(sentFields(latestRequest())).toEqual({ pages: ['1-3,5'], file: ['file:book.pdf'] });
    latestRequest().respond(200, pdfResponse());
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Success!', {
        description: 'Pages have been extracted successfully.',
      }),
    );
    expect(downloads).toEqual([expect.objectContaining({ name: 'extracted-pages.pdf' })]);

    await user.upload(fileInput(), sampleFile('pdf', 'next.pdf'));
    await readyMark();
    expect(screen.getByLabelText('Pages to extract')).toHaveValue('');
  });

  it('watermark keeps its action disabled while the text is blank and sends the seed’s fields', async () => {
    const user = renderTool('watermark-pdf');
    await user.upload(fileInput(), sampleFile('pdf', 'draft.pdf'));
    await readyMark();
    expect(actionButton('watermark-pdf')).toBeDisabled();
    await user.type(screen.getByLabelText('Watermark text'), '  ');
    expect(actionButton('watermark-pdf')).toBeDisabled();
    await user.type(screen.getByLabelText('Watermark text'), 'DRAFT ');
    expect(screen.getByLabelText('Colour')).toHaveValue('#808080');
    await user.click(actionButton('watermark-pdf')!);
    expect(sentFields(latestRequest())).toEqual({
      text: ['DRAFT'],
      opacity: ['0.5'],
      fontSize: ['24'],
      color: ['#808080'],
      position: ['center'],
      rotation: ['0'],
      file: ['file:draft.pdf'],
    });
  });
});

describe('merge', () => {
  it('has no action with one file, merges two in the order of the list after a move, and shows the success panel', async () => {
    const user = renderTool('merge-pdf');
    expect(screen.getByText('Drag & drop PDF files')).toBeInTheDocument();
    await user.upload(fileInput(), sampleFile('pdf', 'first.pdf'));
    await readyMark();
    expect(actionButton('merge-pdf')).not.toBeInTheDocument();
    expect(screen.getByText('Add at least one more PDF to merge.')).toBeInTheDocument();

    await user.upload(fileInput(), sampleFile('pdf', 'second.pdf'));
    await readyMark(2);
    const list = screen.getByRole('list', { name: 'Files to merge, in order' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([expect.stringContaining('first.pdf'), expect.stringContaining('second.pdf')]);
    expect(screen.getByRole('button', { name: 'Move first.pdf up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move second.pdf up' }));
    expect(screen.getByText('second.pdf moved to position 1 of 2.')).toBeInTheDocument();
    await user.click(actionButton('merge-pdf')!);
    expect(sentFields(latestRequest())).toEqual({ files: ['file:second.pdf', 'file:first.pdf'] });
    latestRequest().respond(200, pdfResponse(), { 'Content-Disposition': attachment('merged-document.pdf') });

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Success!', {
        description: 'Your PDF files have been merged successfully.',
      }),
    );
    expect(screen.getByRole('heading', { name: 'Your PDF has been merged successfully!' })).toBeInTheDocument();
    expect(screen.getByText('The merged document has been downloaded to your device.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Compress the merged PDF' })).toHaveAttribute(
      'href',
      toolPaths('compress-pdf').canonical,
    );
    expect(screen.queryByText('first.pdf')).not.toBeInTheDocument();
    expect(downloads).toEqual([expect.objectContaining({ name: 'merged-document.pdf' })]);
  });

  it('failure keeps every file', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = renderTool('merge-pdf');
    await user.upload(fileInput(), [sampleFile('pdf', 'first.pdf'), sampleFile('pdf', 'second.pdf')]);
    await readyMark(2);
    await user.click(actionButton('merge-pdf')!);
    latestRequest().respondWithError(422, 'damaged_pdf', 'This PDF is damaged and could not be repaired.');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', {
        description: 'Failed to merge PDF files. Please try again. This PDF is damaged and could not be repaired.',
      }),
    );
    expect(screen.getByText('first.pdf')).toBeInTheDocument();
    expect(screen.getByText('second.pdf')).toBeInTheDocument();
    expect(actionButton('merge-pdf')).toBeEnabled();
  });
});

describe('running a long tool as a job', () => {
  let removeFakeEventSource: () => void;
  beforeEach(() => {
    removeFakeEventSource = installFakeEventSource();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(null, { status: 200 }))),
    );
  });
  afterEach(() => {
    removeFakeEventSource();
    vi.unstubAllGlobals();
  });

  const json = (value: unknown) => new Blob([JSON.stringify(value)], { type: 'application/json' });

  /** Chooses a PDF, presses Convert and plays the server's answer to the upload: the job, queued. */
  async function startJob() {
    const user = renderTool('pdf-to-word');
    await user.upload(fileInput(), sampleFile('pdf', 'scan.pdf'));
    await readyMark();
    await user.click(actionButton('pdf-to-word')!);
    const create = latestRequest();
    expect(create.url).toBe('/functions/v1/jobs/pdf-to-word');
    create.uploadProgress(30, 100);
    expect(await screen.findByText('Uploading 30%')).toBeInTheDocument();
    const job = jobStatus({ status: 'queued', stage: 'Waiting for a free slot' });
    create.uploadDone();
    create.respond(202, json(job));
    await waitFor(() => expect(FakeEventSource.latest()?.url).toBe(job.links.events));
    return { user, job, events: FakeEventSource.latest()! };
  }

  it('shows the stage, page i of n with a bar when the server counts pages, then downloads with the seed’s toast', async () => {
    const { job, events } = await startJob();
    expect(await screen.findByText('Waiting for a free slot...')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();

    events.emit(jobStatus({ ...job, stage: 'Processing' }));
    expect(await screen.findByText('Processing...')).toBeInTheDocument();
    // A stage without counted pages gets no made-up percentage.
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    events.emit(jobStatus({ ...job, stage: 'Converting pages', done: 3, total: 12, percent: 25 }));
    expect(await screen.findByText('Converting pages: page 3 of 12 (25%)')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Processing' })).toHaveAttribute('aria-valuenow', '25');

    events.emit(jobStatus({ ...job, status: 'done', stage: 'Done' }));
    await waitFor(() => expect(latestRequest().url).toBe(job.links.result));
    latestRequest().respond(200, pdfResponse(), { 'Content-Disposition': attachment('converted-document.docx') });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Success!', {
        description: 'Your PDF has been converted to Word successfully.',
      }),
    );
    expect(downloads).toEqual([{ name: 'converted-document.docx', url: 'blob:http://localhost/result' }]);
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.queryByText('scan.pdf')).not.toBeInTheDocument();
  });

  it('Cancel tells the server to stop the job and returns the page to ready, keeping the file', async () => {
    const { user, job, events } = await startJob();
    events.emit(jobStatus({ ...job, stage: 'Processing' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Cancelled', {
        description: 'Processing was stopped and the upload deleted from the server. Your file is still here.',
      }),
    );
    expect(fetch).toHaveBeenCalledWith(job.links.cancel, expect.objectContaining({ method: 'DELETE' }));
    expect(events.closed).toBe(true);
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.getByText('scan.pdf')).toBeInTheDocument();
    expect(actionButton('pdf-to-word')).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(downloads).toEqual([]);
  });

  it('a failed job shows "Error" with the seed sentence and the server’s reason, and keeps the file', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { job, events } = await startJob();
    events.emit(jobStatus({ ...job, status: 'failed', error: { code: 'encrypted_pdf', message: 'Unlock it first.' } }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', {
        description: 'Failed to convert PDF to Word. Please try again. Unlock it first.',
      }),
    );
    expect(screen.getByText('scan.pdf')).toBeInTheDocument();
  });

  it('compress stays one request for small files and becomes a job from the catalogue’s size', async () => {
    const user = renderTool('compress-pdf');
    const bytes = tools['compress-pdf'].longJobFromBytes!;
    await user.upload(fileInput(), pdfOfMegabytes('big.pdf', bytes / 1024 / 1024));
    await readyMark();
    await user.click(actionButton('compress-pdf')!);
    expect(latestRequest().url).toBe('/functions/v1/jobs/compress-pdf');
  });
});
