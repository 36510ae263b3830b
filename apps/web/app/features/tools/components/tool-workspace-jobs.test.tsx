import { recognisedPagesHeader } from '@paperknife/catalog/http-api';
import { tools } from '@paperknife/catalog/tools';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '~/components/ui/toast';
import { FakeEventSource, installFakeEventSource, jobStatus } from '~/features/tools/api/testing/fake-event-source';
import { latestRequest } from '~/testing/fake-xhr';
import { pdfOfMegabytes, sampleFile } from '~/testing/sample-files';
import {
  actionButton,
  attachment,
  downloads,
  fileInput,
  pdfResponse,
  readyMark,
  renderTool,
  setUpWorkspaceTests,
} from '~/features/tools/components/testing/workspace-harness';

vi.mock('~/components/ui/toast', async () =>
  (await import('~/features/tools/components/testing/workspace-mocks')).toastWithSpies(),
);
vi.mock('~/features/tools/page-view/pdf-pages', async (original) =>
  (await import('~/features/tools/components/testing/workspace-mocks')).pendingPreviews(original),
);
setUpWorkspaceTests();

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

  it('shows the stage, page i of n with a bar when the server counts pages, then downloads with the seed’s toast and the result view', async () => {
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
    latestRequest().respond(200, pdfResponse(), {
      'Content-Disposition': attachment('converted-document.docx'),
      [recognisedPagesHeader.name]: '4',
    });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Success!', {
        description: 'Your PDF has been converted to Word successfully.',
      }),
    );
    // The job's result answer reaches the tool's result view as a single request's does.
    expect(await screen.findByTestId('recognised-pages')).toHaveTextContent('the text of 4 pages was recognised');
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
