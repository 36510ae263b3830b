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

describe('PDF to JPG result', () => {
  it('says when a page was drawn without an image it could not decode, from its header', async () => {
    const user = renderTool('pdf-to-jpg');
    await user.upload(fileInput(), sampleFile('pdf', 'scan.pdf'));
    await readyMark();
    await user.click(actionButton('pdf-to-jpg')!);
    latestRequest().respond(200, new Blob(['jpg'], { type: 'image/jpeg' }), {
      'Content-Disposition': attachment('page-1.jpg'),
      'X-Pages-With-Broken-Images': '2',
    });
    expect(await screen.findByTestId('broken-images')).toHaveTextContent(
      '2 pages hold an image that is damaged in the PDF and could not be read: they were drawn without it, as a PDF viewer shows them.',
    );
  });
});
