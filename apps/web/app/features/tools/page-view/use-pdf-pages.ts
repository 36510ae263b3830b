import { useEffect, useState } from 'react';
import { type PdfPages, PdfPagesError, loadPdfPages } from './pdf-pages';

export type PdfPagesState =
  | { status: 'loading' }
  | { status: 'ready'; pages: PdfPages }
  /** `wrongPassword`: a password was tried and refused. */
  | { status: 'locked'; wrongPassword: boolean }
  | { status: 'damaged' };

/** Opens `file` for thumbnails while mounted (and again when the password changes); frees it afterwards. */
export function usePdfPages(file: Blob, password?: string): PdfPagesState {
  const [state, setState] = useState<PdfPagesState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    let opened: PdfPages | undefined;
    setState({ status: 'loading' });
    loadPdfPages(file, password).then(
      (pages) => {
        opened = pages;
        if (current) setState({ status: 'ready', pages });
        else void pages.destroy();
      },
      (error: unknown) => {
        if (!current) return;
        if (error instanceof PdfPagesError && error.problem !== 'damaged') {
          setState({ status: 'locked', wrongPassword: error.problem === 'password-wrong' });
        } else {
          console.warn('The PDF could not be opened for previews.', error);
          setState({ status: 'damaged' });
        }
      },
    );
    return () => {
      current = false;
      void opened?.destroy();
    };
  }, [file, password]);
  return state;
}
