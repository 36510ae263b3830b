import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '~/components/ui/toast';
import { FakeXhr, latestRequest } from '~/testing/fake-xhr';
import { sampleFile } from '~/testing/sample-files';
import {
  actionButton,
  attachment,
  catalogueMessage,
  downloads,
  fileInput,
  pdfResponse,
  readyMark,
  renderTool,
  savedBlobs,
  sentFields,
  setUpWorkspaceTests,
} from '~/features/tools/components/testing/workspace-harness';

vi.mock('~/components/ui/toast', async () =>
  (await import('~/features/tools/components/testing/workspace-mocks')).toastWithSpies(),
);
vi.mock('~/features/tools/page-view/pdf-pages', async (original) =>
  (await import('~/features/tools/components/testing/workspace-mocks')).pendingPreviews(original),
);
setUpWorkspaceTests();

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
