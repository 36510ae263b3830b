import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '~/components/ui/toast';
import { FakeXhr, latestRequest } from '~/testing/fake-xhr';
import { sampleFile } from '~/testing/sample-files';
import {
  actionButton,
  downloads,
  fileInput,
  pdfResponse,
  readyMark,
  renderTool,
  setUpWorkspaceTests,
} from '~/features/tools/components/testing/workspace-harness';
import { DeviceLimitError, runOnDevice } from './device-client';

vi.mock('~/components/ui/toast', async () =>
  (await import('~/features/tools/components/testing/workspace-mocks')).toastWithSpies(),
);
vi.mock('~/features/tools/page-view/pdf-pages', async (original) =>
  (await import('~/features/tools/components/testing/workspace-mocks')).pendingPreviews(original),
);
// The worker and the wasm are the browser's (the Playwright spec runs them); here the page's side is tested.
vi.mock('./device-client', () => ({
  DeviceLimitError: class extends Error {
    constructor(readonly limit: string) {
      super(limit);
    }
  },
  runOnDevice: vi.fn(),
  warmUpDevice: vi.fn(),
}));
setUpWorkspaceTests();
afterEach(() => localStorage.clear());

const deviceWay = () => screen.getByRole('radio', { name: 'On this device (not uploaded)' });
const serverWay = () => screen.getByRole('radio', { name: 'On our server (uploaded)' });

describe('where a page tool runs', () => {
  it('offers both ways with the download size, starts on the server and remembers the device once chosen', async () => {
    const user = renderTool('merge-pdf');
    expect(serverWay()).toBeChecked();
    expect(screen.getByText(/^Your files stay in this browser\. One-time download \d+ kB\.$/)).toBeInTheDocument();
    await user.click(deviceWay());
    expect(deviceWay()).toBeChecked();
    cleanup();
    renderTool('merge-pdf');
    expect(deviceWay()).toBeChecked();
    cleanup();
    renderTool('compress-pdf');
    expect(screen.queryByRole('radio', { name: 'On this device (not uploaded)' })).not.toBeInTheDocument();
  });

  it("names each engine's own download, and the device chosen for qpdf's is not chosen for mupdf.js's", async () => {
    const user = renderTool('merge-pdf');
    const qpdf = screen.getByText(/^Your files stay in this browser\. One-time download \d+ kB\.$/).textContent;
    await user.click(deviceWay());
    cleanup();
    for (const id of ['pdf-to-jpg', 'pdf-to-png', 'extract-text', 'extract-images'] as const) {
      renderTool(id);
      const text = screen.getByText(/^Your files stay in this browser\. One-time download [\d.]+ MB\.$/).textContent;
      expect(text, id).not.toBe(qpdf);
      expect(serverWay(), id).toBeChecked();
      cleanup();
    }
  });

  it('runs a MuPDF tool in its own engine and saves the download under the name the job gave', async () => {
    vi.mocked(runOnDevice).mockResolvedValue({
      blob: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
      fileName: 'page-1.jpg',
      headers: () => null,
    });
    const user = renderTool('pdf-to-jpg');
    await user.click(deviceWay());
    await user.upload(fileInput(), sampleFile('pdf', 'one-page.pdf'));
    await readyMark();
    await user.click(actionButton('pdf-to-jpg')!);
    await waitFor(() => expect(downloads).toEqual([expect.objectContaining({ name: 'page-1.jpg' })]));
    expect(vi.mocked(runOnDevice).mock.calls[0]?.[0]).toBe('pdf-to-jpg');
    expect(vi.mocked(runOnDevice).mock.calls[0]?.[3]).toMatchObject({ engine: 'mupdf' });
    expect(FakeXhr.requests).toHaveLength(0);
  });

  it('asks before uploading a file whose scanned pages need OCR, and sends nothing on no', async () => {
    vi.mocked(runOnDevice).mockRejectedValue(new DeviceLimitError('needs-ocr', 'needs OCR'));
    const user = renderTool('extract-text');
    await user.click(deviceWay());
    await user.upload(fileInput(), sampleFile('pdf', 'scan.pdf'));
    await readyMark();
    await user.click(actionButton('extract-text')!);
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent(
      'Some pages are scans: reading their text (OCR) can only be done on our server. Upload the file?',
    );
    await user.click(screen.getByRole('button', { name: "Don't upload" }));
    expect(FakeXhr.requests).toHaveLength(0);
    expect(vi.mocked(runOnDevice).mock.calls[0]?.[3]).toMatchObject({ engine: 'mupdf' });
  });

  it('runs on the device and downloads as the server way does, with nothing sent', async () => {
    vi.mocked(runOnDevice).mockResolvedValue({ blob: pdfResponse(), fileName: undefined, headers: () => null });
    const user = renderTool('rotate-pdf');
    await user.click(deviceWay());
    await user.upload(fileInput(), sampleFile('pdf', 'scan.pdf'));
    await readyMark();
    await user.click(actionButton('rotate-pdf')!);
    await waitFor(() => expect(downloads).toEqual([expect.objectContaining({ name: 'rotated-document.pdf' })]));
    expect(vi.mocked(runOnDevice).mock.calls[0]?.slice(0, 3)).toEqual([
      'rotate-pdf',
      [expect.objectContaining({ name: 'scan.pdf' })],
      { angle: 90 },
    ]);
    expect(FakeXhr.requests).toHaveLength(0);
    expect(toast.success).toHaveBeenCalledWith('Success!', { description: 'Your PDF has been rotated successfully.' });
  });

  it('asks before uploading a file the device cannot do, and uploads only after yes', async () => {
    vi.mocked(runOnDevice).mockRejectedValue(new DeviceLimitError('needs-repair', 'needs a repair'));
    const user = renderTool('rotate-pdf');
    await user.click(deviceWay());
    await user.upload(fileInput(), sampleFile('pdf', 'damaged.pdf'));
    await readyMark();

    await user.click(actionButton('rotate-pdf')!);
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent('This file needs repair, which only our server can do. Upload it?');
    await user.click(screen.getByRole('button', { name: "Don't upload" }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(FakeXhr.requests).toHaveLength(0);
    expect(screen.getByText('damaged.pdf')).toBeInTheDocument();

    await user.click(actionButton('rotate-pdf')!);
    await user.click(await screen.findByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    expect(latestRequest().url).toBe('/functions/v1/rotate-pdf');
  });
});
