import { zipPackage } from '@paperknife/catalog/testing/container-fixtures';
import { toolPaths, tools } from '@paperknife/catalog/tools';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { toast } from '~/components/ui/toast';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { takeHandedOverFiles } from '~/features/tools/utils/pending-files';
import { toolInputKinds } from '~/features/tools/utils/tool-suggestions';
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

const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array<number>(64).fill(0)])], name, {
    type: 'image/png',
  });
const xlsx = (name: string) =>
  new File([new Uint8Array(zipPackage(['[Content_Types].xml', 'xl/workbook.xml']))], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
/** A Windows program ("MZ", then the DOS stub) given a picture's name and type. */
const renamedProgram = (name: string) =>
  new File([new TextEncoder().encode('MZ\x90\0\x03\0\0\0This program cannot be run in DOS mode.')], name, {
    type: 'image/png',
  });

/** The English name of every kind some tool takes; a new kind needs its name here and in the messages. */
const englishNames: Record<(typeof toolInputKinds)[number]['label'], string> = {
  PDF: 'PDF',
  Word: 'Word',
  Excel: 'Excel',
  PowerPoint: 'PowerPoint',
  HTML: 'web pages',
  JPG: 'images',
};
/** The kinds as the English hint lists them, in catalogue order. */
const englishKinds = new Intl.ListFormat('en', { type: 'conjunction' }).format(
  toolInputKinds.map((kind) => englishNames[kind.label]),
);

const fileInput = () => screen.getByTestId<HTMLInputElement>('file-input');
const readyMark = (count = 1) =>
  waitFor(() => expect(screen.getAllByRole('img', { name: 'Ready' })).toHaveLength(count));
const toolChoices = () =>
  screen
    .getAllByRole('button')
    .filter((button) => button.closest('#try-it-tools'))
    .map((button) => button.textContent);
const choiceOf = (id: keyof typeof tools) => new RegExp(`^${tools[id].title}`);

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

  it('names every kind some tool takes in its hint, and lets the picker offer their files', () => {
    renderUploader();
    expect(englishKinds).toMatch(/^PDF, Word, .+, and images$/);
    expect(screen.getByText(englishKinds)).toBeInTheDocument();
    const accept = fileInput().accept.split(',');
    for (const taken of ['.pdf', '.docx', '.xlsx', '.csv', '.pptx', '.html', '.zip', '.png', '.heic', 'image/webp']) {
      expect(accept).toContain(taken);
    }
  });

  it('offers JPG to PDF for a PNG and hands the picture to that page', async () => {
    const user = renderUploader();
    const photo = png('photo.png');
    await user.upload(fileInput(), photo);
    await readyMark();
    await user.click(screen.getByRole('button', { name: 'Process Files' }));

    expect(toolChoices()).toEqual([expect.stringMatching(choiceOf('jpg-to-pdf'))]);
    await user.click(screen.getByRole('button', { name: choiceOf('jpg-to-pdf') }));
    const path = toolPaths('jpg-to-pdf').canonical;
    expect(await screen.findByText(`Tool page ${path}`)).toBeInTheDocument();
    expect(takeHandedOverFiles(path)).toEqual([photo]);
  });

  it('offers JPG to PDF for several pictures', async () => {
    const user = renderUploader();
    await user.upload(fileInput(), [png('front.png'), png('back.png')]);
    await readyMark(2);
    await user.click(screen.getByRole('button', { name: 'Process Files' }));
    expect(toolChoices()).toEqual([expect.stringMatching(choiceOf('jpg-to-pdf'))]);
  });

  it('offers Excel to PDF for a workbook', async () => {
    const user = renderUploader();
    await user.upload(fileInput(), xlsx('budget.xlsx'));
    await readyMark();
    await user.click(screen.getByRole('button', { name: 'Process Files' }));
    expect(toolChoices()).toEqual([expect.stringMatching(choiceOf('excel-to-pdf'))]);
  });

  it('offers no tool for a picture and a PDF together, and says why', async () => {
    const user = renderUploader();
    await user.upload(fileInput(), [png('photo.png'), sampleFile('pdf', 'report.pdf')]);
    await readyMark(2);
    await user.click(screen.getByRole('button', { name: 'Process Files' }));
    expect(screen.getByRole('heading', { name: 'No single tool takes these files together' })).toBeInTheDocument();
    expect(screen.getByText(/A tool takes one kind of file at a time/)).toBeInTheDocument();
    expect(toolChoices()).toEqual([]);
  });

  it('refuses a program renamed as a picture by its content', async () => {
    const user = renderUploader();
    await user.upload(fileInput(), renamedProgram('holiday.png'));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Invalid file type', {
        description: `holiday.png is not one of the files supported here: ${englishKinds}.`,
      }),
    );
    await waitFor(() => expect(screen.queryByText('holiday.png')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Process Files' })).not.toBeInTheDocument();
  });

  it('refuses by name a file no tool takes', async () => {
    const user = renderUploader();
    await user.upload(fileInput(), sampleFile('text', 'notes.txt'));
    expect(toast.error).toHaveBeenCalledWith('Invalid file type', {
      description: `Only these files are supported here: ${englishKinds}.`,
    });
    expect(screen.queryByText('notes.txt')).not.toBeInTheDocument();
  });

  it('refuses a file that is no kind any tool takes by its content', async () => {
    const user = renderUploader();
    await user.upload(fileInput(), sampleFile('text', 'notes.pdf', { type: 'application/pdf' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Invalid file type', {
        description: `notes.pdf is not one of the files supported here: ${englishKinds}.`,
      }),
    );
    await waitFor(() => expect(screen.queryByText('notes.pdf')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Process Files' })).not.toBeInTheDocument();
  });
});
