import { recognisedPagesHeader } from '@paperknife/catalog/http-api';
import type { RunResult } from '~/features/tools/tool-page-extras';

/**
 * The result view of a tool that reads scanned pages with OCR on its way (its catalogue entry lists the
 * recognised-pages header): says how many pages were recognised, so the visitor checks what matters.
 */
export function RecognisedPagesNote({ headers }: RunResult) {
  const pages = Number(headers[recognisedPagesHeader.name] ?? 0) || 0;
  if (pages <= 0) return null;
  return (
    <p role="status" className="rounded-xl border bg-card p-4 text-sm" data-testid="recognised-pages">
      This PDF looks scanned: the text of {pages} {pages === 1 ? 'page' : 'pages'} was recognised (OCR). Check names and
      numbers, since recognition is only as good as the scan.
    </p>
  );
}
