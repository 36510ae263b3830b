import { toolPaths } from '@paperknife/catalog/tools';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBlobStream } from '~/testing/blob-stream';
import { sampleFile } from '~/testing/sample-files';
import { ToolWorkspace } from '~/features/tools/components/tool-workspace';
import type * as pdfPages from './pdf-pages';
import { type PdfPages, PdfPagesError, loadPdfPages } from './pdf-pages';

// jsdom has no canvas: pdf.js is replaced at the page-view module's boundary by a document of known pages.
vi.mock('./pdf-pages', async (importOriginal) => ({
  ...(await importOriginal<typeof pdfPages>()),
  loadPdfPages: vi.fn(),
}));
vi.mock('~/components/ui/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const load = vi.mocked(loadPdfPages);

function fakeDocument(pageCount: number): PdfPages & { rendered: { page: number; rotation: number }[] } {
  const rendered: { page: number; rotation: number }[] = [];
  return {
    pageCount,
    firstPageSize: { width: 612, height: 792 },
    rendered,
    pageSize: () => Promise.resolve({ width: 612, height: 792 }),
    render: (page, _canvas, _width, rotation = 0) => {
      rendered.push({ page, rotation });
      return { done: Promise.resolve(), cancel: () => undefined };
    },
    destroy: () => Promise.resolve(),
  };
}

async function dropOn(id: 'extract-pages' | 'rotate-pdf' | 'delete-pages' | 'split-pdf') {
  const user = userEvent.setup({ applyAccept: false });
  render(
    <MemoryRouter initialEntries={[toolPaths(id).canonical]}>
      <ToolWorkspace id={id} />
    </MemoryRouter>,
  );
  await user.upload(screen.getByTestId<HTMLInputElement>('file-input'), sampleFile('pdf', 'ten.pdf'));
  return user;
}

const grid = () => screen.findByRole('listbox', { name: /^Page previews/ });
const option = (page: number) => screen.getByRole('option', { name: new RegExp(`^Page ${page}(,|$)`) });
const selectedPages = () =>
  screen
    .getAllByRole('option', { selected: true })
    .map((element) => Number(element.getAttribute('aria-posinset')))
    .sort((a, b) => a - b);

// The form's chunk loads once a file comes (decision 074); loading it here keeps its first import out of the
// first test's time limit, as when the workspace imported it directly.
beforeAll(async () => {
  await import('~/features/tools/components/workspace-form');
});

let removeBlobStream: () => void;
beforeAll(() => {
  removeBlobStream = installBlobStream();
});
afterAll(() => removeBlobStream());
beforeEach(() => load.mockReset().mockResolvedValue(fakeDocument(10)));
afterEach(() => vi.clearAllMocks());

describe('picking pages on the thumbnails', () => {
  it('writes clicks, Shift+clicks and Ctrl+clicks into the field as compact ranges', async () => {
    const user = await dropOn('extract-pages');
    const listbox = await grid();
    expect(listbox).toHaveAttribute('aria-multiselectable', 'true');
    const field = screen.getByLabelText('Pages to extract');

    await user.click(option(2));
    await user.keyboard('{Shift>}');
    await user.click(option(4));
    await user.keyboard('{/Shift}');
    expect(field).toHaveValue('2-4');
    await user.keyboard('{Control>}');
    await user.click(option(3));
    await user.click(option(7));
    await user.keyboard('{/Control}');
    expect(field).toHaveValue('2,4,7');
    expect(selectedPages()).toEqual([2, 4, 7]);
  });

  it('lights up what is typed, and keeps the last valid selection while the text is half written', async () => {
    const user = await dropOn('extract-pages');
    await grid();
    const field = screen.getByLabelText('Pages to extract');
    await user.type(field, '1-3,9');
    expect(selectedPages()).toEqual([1, 2, 3, 9]);
    await user.type(field, ',');
    expect(selectedPages()).toEqual([1, 2, 3, 9]);
    await user.type(field, '5');
    expect(selectedPages()).toEqual([1, 2, 3, 5, 9]);
  });

  it('is operable by keyboard: arrows move, Space toggles, Shift+arrows extend, Ctrl+A selects all', async () => {
    const user = await dropOn('delete-pages');
    const listbox = await grid();
    listbox.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(listbox.getAttribute('aria-activedescendant')).toBe(option(3).id);
    await user.keyboard(' ');
    await user.keyboard('{Shift>}{ArrowRight}{ArrowRight}{/Shift}');
    expect(screen.getByLabelText('Pages to delete')).toHaveValue('3-5');
    expect(within(option(4)).getByText('Will be deleted')).toBeInTheDocument();
    await user.keyboard('{Control>}a{/Control}');
    expect(screen.getByLabelText('Pages to delete')).toHaveValue('1-10');
    await user.click(screen.getByRole('button', { name: 'Select none' }));
    expect(screen.getByLabelText('Pages to delete')).toHaveValue('');
  });

  it('rotate: all pages preview turned; a click switches to selected pages and turns only those', async () => {
    const document = fakeDocument(10);
    load.mockResolvedValue(document);
    const user = await dropOn('rotate-pdf');
    await grid();
    expect(option(1)).toHaveAccessibleName('Page 1, Turned 90°');
    await user.click(option(3));
    expect(screen.getByLabelText('Pages to rotate')).toHaveValue('selected');
    expect(screen.getByLabelText('Pages', { exact: true })).toHaveValue('3');
    expect(option(1)).toHaveAccessibleName('Page 1');
    await user.selectOptions(screen.getByLabelText('Rotation angle'), '180');
    expect(option(3)).toHaveAccessibleName('Page 3, Turned 180°');
    await waitFor(() => expect(document.rendered).toContainEqual({ page: 3, rotation: 180 }));
  });

  it('split: each range is a file; a picked page joins the range it touches, or starts a file', async () => {
    const user = await dropOn('split-pdf');
    await grid();
    await user.click(option(1));
    await user.click(option(2));
    expect(screen.getByRole('radio', { name: /^Custom ranges/ })).toBeChecked();
    expect(screen.getByLabelText('Ranges')).toHaveValue('1-2');
    await user.type(screen.getByLabelText('Ranges'), ',3-5');
    expect(option(3)).toHaveAccessibleName('Page 3, File 2 starts');
    await user.click(option(6));
    expect(screen.getByLabelText('Ranges')).toHaveValue('1-2,3-6');
    await user.click(option(9));
    expect(screen.getByLabelText('Ranges')).toHaveValue('1-2,3-6,9');
    expect(option(9)).toHaveAccessibleName('Page 9, File 3 starts');
  });
});

describe('files the browser cannot show', () => {
  it('asks for the password of a locked PDF and uses it only to open the previews', async () => {
    load.mockRejectedValueOnce(new PdfPagesError('password-needed'));
    load.mockRejectedValueOnce(new PdfPagesError('password-wrong'));
    const user = await dropOn('extract-pages');
    const prompt = await screen.findByTestId('page-view-locked');
    await user.type(within(prompt).getByLabelText('Password for the previews'), 'nope');
    await user.click(within(prompt).getByRole('button', { name: 'Show pages' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That password is not right.');
    await user.clear(within(prompt).getByLabelText('Password for the previews'));
    await user.type(within(prompt).getByLabelText('Password for the previews'), 'open-sesame');
    await user.click(within(prompt).getByRole('button', { name: 'Show pages' }));
    await grid();
    expect(load).toHaveBeenLastCalledWith(expect.any(File), 'open-sesame');
    // The typed field still works for whoever skips the previews.
    expect(screen.getByLabelText('Pages to extract')).toBeEnabled();
  });

  it('says a damaged PDF cannot be shown and keeps the field and the action', async () => {
    load.mockRejectedValueOnce(new PdfPagesError('damaged'));
    const user = await dropOn('extract-pages');
    expect(await screen.findByText(/cannot be shown here/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Pages to extract'), '1');
    expect(screen.getByRole('button', { name: 'Extract Pages' })).toBeEnabled();
  });
});

describe('merge', () => {
  it("shows each file's first page and page count", async () => {
    load.mockResolvedValue(fakeDocument(3));
    const user = userEvent.setup({ applyAccept: false });
    render(
      <MemoryRouter initialEntries={[toolPaths('merge-pdf').canonical]}>
        <ToolWorkspace id="merge-pdf" />
      </MemoryRouter>,
    );
    await user.upload(screen.getByTestId<HTMLInputElement>('file-input'), [
      sampleFile('pdf', 'a.pdf'),
      sampleFile('pdf', 'b.pdf'),
    ]);
    await waitFor(() => expect(screen.getAllByTestId('first-page-preview')).toHaveLength(2));
    expect(screen.getAllByText('3 pages')).toHaveLength(2);
  });
});
