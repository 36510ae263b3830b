import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { latestRequest } from '~/testing/fake-xhr';
import { sampleFile } from '~/testing/sample-files';
import type * as pdfPages from '~/features/tools/page-view/pdf-pages';
import {
  actionButton,
  attachment,
  fileInput,
  readyMark,
  renderTool,
  setUpWorkspaceTests,
} from '~/features/tools/components/testing/workspace-harness';

vi.mock('~/components/ui/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
// jsdom has neither canvas nor DOMMatrix, which pdf.js needs: the page previews (tested with their own fake in
// page-view/) stay loading here, so the workspace's tests neither import pdf.js nor log its failure.
vi.mock('~/features/tools/page-view/pdf-pages', async (importOriginal) => ({
  ...(await importOriginal<typeof pdfPages>()),
  loadPdfPages: () => new Promise<never>(() => {}),
  openAhead: () => {},
  warmUpPdfJs: () => {},
}));
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
