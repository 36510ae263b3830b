import { toolPaths, tools } from '@paperknife/catalog/tools';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { toast } from '~/components/ui/toast';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { takeHandedOverFiles } from '~/features/tools/utils/pending-files';
import { installBlobStream } from '~/testing/blob-stream';
import { sampleFile } from '~/testing/sample-files';
import { TryItUploader } from './try-it-uploader';

vi.mock('~/components/ui/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

let removeBlobStream: () => void;
beforeAll(() => {
  removeBlobStream = installBlobStream();
});
afterAll(() => removeBlobStream());
afterEach(() => vi.clearAllMocks());

function ToolPageStub() {
  return <p>Tool page {useLocation().pathname}</p>;
}

function renderUploader() {
  const user = userEvent.setup({ applyAccept: false });
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<TryItUploader />} />
        <Route path="*" element={<ToolPageStub />} />
      </Routes>
    </MemoryRouter>,
  );
  return user;
}

const fileInput = () => screen.getByTestId<HTMLInputElement>('file-input');
const readyMark = (count = 1) =>
  waitFor(() => expect(screen.getAllByRole('img', { name: 'Ready' })).toHaveLength(count));

describe('Try it now', () => {
  it('offers Word to PDF for a Word file and hands the file to that page', async () => {
    const user = renderUploader();
    const letter = sampleFile('docx', 'letter.docx');
    await user.upload(fileInput(), letter);
    await readyMark();
    await user.click(screen.getByRole('button', { name: 'Process Files' }));

    const choices = screen.getAllByRole('button', { name: new RegExp(tools['word-to-pdf'].title) });
    expect(choices).toHaveLength(1);
    expect(screen.queryByRole('button', { name: new RegExp(tools['compress-pdf'].title) })).not.toBeInTheDocument();
    await user.click(choices[0]!);

    const path = toolPaths('word-to-pdf').canonical;
    expect(await screen.findByText(`Tool page ${path}`)).toBeInTheDocument();
    expect(takeHandedOverFiles(path)).toEqual([letter]);
  });

  it('offers merge for several PDFs', async () => {
    const user = renderUploader();
    await user.upload(fileInput(), [sampleFile('pdf', 'a.pdf'), sampleFile('pdf', 'b.pdf')]);
    await readyMark(2);
    await user.click(screen.getByRole('button', { name: 'Process Files' }));
    expect(screen.getByRole('button', { name: new RegExp(tools['merge-pdf'].title) })).toBeInTheDocument();
  });

  it('refuses a file that is neither PDF nor Word by its content', async () => {
    const user = renderUploader();
    await user.upload(fileInput(), sampleFile('text', 'notes.pdf', { type: 'application/pdf' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Invalid file type', {
        description: 'notes.pdf is not a PDF or Word document.',
      }),
    );
    await waitFor(() => expect(screen.queryByText('notes.pdf')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Process Files' })).not.toBeInTheDocument();
  });
});
