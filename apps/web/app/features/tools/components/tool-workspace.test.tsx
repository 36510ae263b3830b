import { formatMegabytes } from '@paperknife/catalog/limits';
import { toolIds, toolPaths, tools } from '@paperknife/catalog/tools';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '~/components/ui/toast';
import { handOverFiles } from '~/features/tools/utils/pending-files';
import { siteConfig } from '~/site-config';
import { pdfOfMegabytes, sampleFile } from '~/testing/sample-files';
import {
  actionButton,
  dragData,
  dropZone,
  fileInput,
  holdReading,
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
