import { type compressResults, sizeHeaders } from '@paperknife/catalog/http-api';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sampleFile } from '~/testing/sample-files';
import { runAndAnswer, sentFields, setUpWorkspaceTests } from '~/features/tools/components/testing/workspace-harness';

vi.mock('~/components/ui/toast', async () =>
  (await import('~/features/tools/components/testing/workspace-mocks')).toastWithSpies(),
);
vi.mock('~/features/tools/page-view/pdf-pages', async (original) =>
  (await import('~/features/tools/components/testing/workspace-mocks')).pendingPreviews(original),
);
setUpWorkspaceTests();

/** Compress's report in the answer's headers. */
const report = (
  original: number,
  output: number,
  imagesRecompressed: number,
  result: (typeof compressResults)[number],
) => ({
  [sizeHeaders.original.name]: String(original),
  [sizeHeaders.output.name]: String(output),
  [sizeHeaders.imagesRecompressed.name]: String(imagesRecompressed),
  [sizeHeaders.result.name]: result,
});

describe('compress result', () => {
  it('compress shows the sizes before and after from the server’s headers', async () => {
    const request = await runAndAnswer(
      'compress-pdf',
      report(4 * 1024 * 1024, 1024 * 1024, 12, 'smaller'),
      sampleFile('pdf', 'photos.pdf'),
    );
    expect(sentFields(request)).toEqual({ level: ['medium'], file: ['file:photos.pdf'] });
    expect(await screen.findByTestId('size-saved')).toHaveTextContent('75%');
    expect(screen.getByTestId('size-before')).toHaveTextContent('4.0 MB');
    expect(screen.getByTestId('size-after')).toHaveTextContent('1.0 MB');
    expect(screen.getByTestId('images-recompressed')).toHaveTextContent('12 images resampled or re-encoded.');
    expect(screen.queryByText(/already as small/)).toBeNull();
  });

  it('compress says so when the PDF came back unchanged', async () => {
    await runAndAnswer('compress-pdf', report(5000, 5000, 0, 'unchanged'));
    expect(await screen.findByTestId('size-saved')).toHaveTextContent('0%');
    expect(screen.getByText(/already as small as this level can make it/)).toBeVisible();
    expect(screen.queryByTestId('images-recompressed')).toBeNull();
  });
});
