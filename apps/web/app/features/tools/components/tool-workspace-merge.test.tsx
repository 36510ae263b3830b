import { toolPaths } from '@paperknife/catalog/tools';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '~/components/ui/toast';
import { latestRequest } from '~/testing/fake-xhr';
import { sampleFile } from '~/testing/sample-files';
import {
  actionButton,
  attachment,
  downloads,
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
