import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as pdfPages from '~/features/tools/page-view/pdf-pages';
import { type PdfPages, PdfPagesError, loadPdfPages } from '~/features/tools/page-view/pdf-pages';
import type { FileItem } from './file-row';
import { MergeFileList } from './merge-file-list';

// jsdom has no canvas: pdf.js is replaced at the page-view module's boundary by a document of known pages.
vi.mock('~/features/tools/page-view/pdf-pages', async (importOriginal) => ({
  ...(await importOriginal<typeof pdfPages>()),
  loadPdfPages: vi.fn(),
}));

const load = vi.mocked(loadPdfPages);

function fakeDocument(pageCount: number): PdfPages & { rendered: number[]; destroyed: () => boolean } {
  const rendered: number[] = [];
  let destroyed = false;
  return {
    pageCount,
    firstPageSize: { width: 612, height: 792 },
    rendered,
    destroyed: () => destroyed,
    pageSize: () => Promise.resolve({ width: 612, height: 792 }),
    render: (page) => {
      rendered.push(page);
      return { done: Promise.resolve(), cancel: () => undefined };
    },
    destroy: () => {
      destroyed = true;
      return Promise.resolve();
    },
  };
}

const pdf = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' });
const ready = (id: string, file: File): FileItem => ({ id, file, status: 'success', progress: 100 });

function renderList(items: FileItem[], files: 'pdf' | 'image' = 'pdf') {
  const user = userEvent.setup();
  render(<MergeFileList items={items} files={files} disabled={false} onRemove={vi.fn()} onMoveTo={vi.fn()} />);
  return user;
}

beforeEach(() => load.mockReset());

describe('merge rows: all pages on demand', () => {
  it('opens a file for its pages only when its row is unfolded, and lists every page in order', async () => {
    const three = pdf('three.pdf');
    const five = pdf('five.pdf');
    const documents = new Map([
      [three, fakeDocument(3)],
      [five, fakeDocument(5)],
    ]);
    load.mockImplementation((file) => Promise.resolve(documents.get(file as File)!));
    const user = renderList([ready('a', three), ready('b', five)]);
    await screen.findAllByTestId('first-page-preview');
    const opensBefore = load.mock.calls.length;

    const show = screen.getByRole('button', { name: 'Show pages of five.pdf' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: /^Pages of/ })).not.toBeInTheDocument();
    await user.click(show);

    const pages = await screen.findByRole('list', { name: 'Pages of five.pdf' });
    expect(load.mock.calls.length).toBe(opensBefore + 1);
    expect(load.mock.calls.at(-1)?.[0]).toBe(five);
    const hide = screen.getByRole('button', { name: 'Hide pages of five.pdf' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    expect(hide).toHaveAttribute('aria-controls', pages.parentElement?.id);
    expect(
      within(pages)
        .getAllByRole('listitem')
        .map((page) => page.getAttribute('aria-label')),
    ).toEqual(['Page 1', 'Page 2', 'Page 3', 'Page 4', 'Page 5']);
    await waitFor(() => expect(documents.get(five)!.rendered).toEqual(expect.arrayContaining([1, 2, 3, 4, 5])));
    // The other row stays folded.
    expect(screen.getByRole('button', { name: 'Show pages of three.pdf' })).toHaveAttribute('aria-expanded', 'false');

    await user.click(hide);
    expect(screen.queryByRole('list', { name: 'Pages of five.pdf' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show pages of five.pdf' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('draws only the rows near the view for a long file', async () => {
    const long = pdf('long.pdf');
    load.mockResolvedValue(fakeDocument(1000));
    const user = renderList([ready('a', long)]);
    await user.click(await screen.findByRole('button', { name: 'Show pages of long.pdf' }));
    const pages = await screen.findByRole('list', { name: 'Pages of long.pdf' });
    const drawn = within(pages).getAllByRole('listitem');
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.length).toBeLessThan(100);
    expect(drawn[0]).toHaveAttribute('aria-setsize', '1000');
  });

  it('says when a file cannot be shown, and offers no unfolding while a file is still being checked', async () => {
    load
      .mockRejectedValueOnce(new PdfPagesError('password-needed'))
      .mockRejectedValueOnce(new PdfPagesError('password-needed'));
    const checking: FileItem = { id: 'c', file: pdf('checking.pdf'), status: 'checking', progress: 40 };
    const user = renderList([ready('a', pdf('locked.pdf')), checking]);
    expect(screen.queryByRole('button', { name: /pages of checking\.pdf/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show pages of locked.pdf' }));
    expect(await screen.findByText('This PDF is password-protected, so its pages cannot be shown here.')).toBeVisible();
  });
});

describe('image rows', () => {
  it('show each image from an object URL, a HEIC photo as the file icon, no pages, and revoke the URLs', async () => {
    let next = 0;
    const created: string[] = [];
    const revoked: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
      created.push(`blob:image-${++next}`);
      return created.at(-1)!;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
    const png = new File([new Uint8Array([0x89, 0x50])], 'b.png', { type: 'image/png' });
    const heic = new File([new Uint8Array([0])], 'IMG_0001.HEIC', { type: '' });
    const user = renderList(
      [
        ready('a', new File([new Uint8Array([0xff, 0xd8])], 'a.jpg', { type: 'image/jpeg' })),
        ready('b', png),
        ready('c', heic),
      ],
      'image',
    );
    const thumbnails = await screen.findAllByTestId('image-thumbnail');
    expect(thumbnails.map((img) => img.getAttribute('src'))).toEqual(['blob:image-1', 'blob:image-2']);
    expect(created).toHaveLength(2);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: /Show pages/ })).not.toBeInTheDocument();
    // Reordering stays, with the file's name in each button.
    expect(screen.getByRole('button', { name: 'Move IMG_0001.HEIC up' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Move a.jpg down' }));
    cleanup();
    expect(revoked.sort()).toEqual(['blob:image-1', 'blob:image-2']);
    vi.restoreAllMocks();
  });
});
