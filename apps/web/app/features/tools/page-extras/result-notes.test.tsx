import { brokenImagesHeader, recognisedPagesHeader, skippedImagesHeader } from '@paperknife/catalog/http-api';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { runAndAnswer, setUpWorkspaceTests } from '~/features/tools/components/testing/workspace-harness';

vi.mock('~/components/ui/toast', async () =>
  (await import('~/features/tools/components/testing/workspace-mocks')).toastWithSpies(),
);
vi.mock('~/features/tools/page-view/pdf-pages', async (original) =>
  (await import('~/features/tools/components/testing/workspace-mocks')).pendingPreviews(original),
);
setUpWorkspaceTests();

/** The tools whose result view reads a header of the answer: the header, and the note it shows. */
const extractText = { id: 'extract-text', header: recognisedPagesHeader.name, note: 'recognised-pages' } as const;
const pdfToJpg = { id: 'pdf-to-jpg', header: brokenImagesHeader.name, note: 'broken-images' } as const;
const pdfToPng = { ...pdfToJpg, id: 'pdf-to-png' } as const;
const pdfToTiff = { ...pdfToJpg, id: 'pdf-to-tiff' } as const;
const extractImages = { id: 'extract-images', header: skippedImagesHeader.name, note: 'skipped-images' } as const;

// Each case goes through the workspace, so it fails too when the tool's catalogue entry stops listing the header.
describe('result notes read from the answer’s headers', () => {
  it.each([
    { ...extractText, value: '3', text: 'This PDF looks scanned: the text of 3 pages was recognised (OCR).' },
    { ...extractText, value: '1', text: 'This PDF looks scanned: the text of 1 page was recognised (OCR).' },
    {
      ...pdfToJpg,
      value: '2',
      text: '2 pages hold an image that is damaged in the PDF and could not be read: they were drawn without it, as a PDF viewer shows them.',
    },
    {
      ...pdfToPng,
      value: '2',
      text: '2 pages hold an image that is damaged in the PDF and could not be read: they were drawn without it, as a PDF viewer shows them.',
    },
    {
      ...pdfToTiff,
      value: '2',
      text: '2 pages hold an image that is damaged in the PDF and could not be read: they were drawn without it, as a PDF viewer shows them.',
    },
    {
      ...extractImages,
      value: '2',
      text: '2 images are damaged in the PDF and could not be extracted: the ZIP holds the others.',
    },
    {
      ...extractImages,
      value: '1',
      text: 'One image is damaged in the PDF and could not be extracted: the ZIP holds the others.',
    },
    {
      ...pdfToJpg,
      value: '1',
      text: 'One page holds an image that is damaged in the PDF and could not be read: it was drawn without it, as a PDF viewer shows it.',
    },
  ])('$id says so when $header is $value', async ({ id, header, value, note, text }) => {
    await runAndAnswer(id, { [header]: value });
    expect(await screen.findByTestId(note)).toHaveTextContent(text);
  });

  it.each([extractText, pdfToJpg, pdfToPng, pdfToTiff, extractImages])(
    '$id shows no note when $header is 0',
    async ({ id, header, note }) => {
      await runAndAnswer(id, { [header]: '0' });
      // The file row goes in the same update that hands the headers to the result view.
      await waitFor(() => expect(screen.queryByText('document.pdf')).toBeNull());
      expect(screen.queryByTestId(note)).toBeNull();
    },
  );
});
