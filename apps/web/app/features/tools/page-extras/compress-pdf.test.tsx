import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { latestRequest } from '~/testing/fake-xhr';
import { sampleFile } from '~/testing/sample-files';
import {
  actionButton,
  attachment,
  fileInput,
  pdfResponse,
  readyMark,
  renderTool,
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

describe('compress result', () => {
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
