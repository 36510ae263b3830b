import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { latestRequest } from '~/testing/fake-xhr';
import { sampleFile } from '~/testing/sample-files';
import {
  actionButton,
  attachment,
  fileInput,
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

describe('extract text result', () => {
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
});
