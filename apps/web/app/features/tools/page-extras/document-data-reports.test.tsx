import { repairReportHeader, sanitizeReportHeader } from '@paperknife/catalog/http-api';
import { formatRepairReport } from '@paperknife/catalog/repair-report';
import { formatSanitizeReport } from '@paperknife/catalog/sanitize-report';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { runAndAnswer, setUpWorkspaceTests } from '~/features/tools/components/testing/workspace-harness';

vi.mock('~/components/ui/toast', async () =>
  (await import('~/features/tools/components/testing/workspace-mocks')).toastWithSpies(),
);
vi.mock('~/features/tools/page-view/pdf-pages', async (original) =>
  (await import('~/features/tools/components/testing/workspace-mocks')).pendingPreviews(original),
);
setUpWorkspaceTests();

// Through the workspace, so each fails too when the tool's catalogue entry stops listing its report header.
describe('Repair PDF and Remove hidden data reports', () => {
  it('repair-pdf says whose copy was kept and what was wrong', async () => {
    const report = formatRepairReport({ engine: 'mupdf', pages: 12, characters: 900, problems: ['xref', 'other'] });
    await runAndAnswer('repair-pdf', { [repairReportHeader.name]: report });
    expect(await screen.findByTestId('repair-summary')).toHaveTextContent(
      'Pages recovered: 12. The copy made by MuPDF was kept.',
    );
    expect(screen.getByTestId('repair-problem-xref')).toHaveTextContent(
      'The cross-reference table was damaged or missing.',
    );
    expect(screen.getByTestId('repair-problem-other')).toBeVisible();
  });

  it('repair-pdf says when nothing was wrong', async () => {
    const clean = formatRepairReport({ engine: 'qpdf', pages: 1, characters: 5, problems: [] });
    await runAndAnswer('repair-pdf', { [repairReportHeader.name]: clean });
    expect(await screen.findByText('No damage was found: the file was rewritten cleanly.')).toBeVisible();
  });

  it('sanitize-pdf lists each kind under its option’s label, removed or kept', async () => {
    const report = formatSanitizeReport({
      counts: [
        { kind: 'javascript', found: 2, removed: 2 },
        { kind: 'formFields', found: 3, removed: 0 },
      ],
    });
    await runAndAnswer('sanitize-pdf', { [sanitizeReportHeader.name]: report });
    expect(await screen.findByTestId('sanitize-javascript')).toHaveTextContent(
      'JavaScript and actions: 2 found, 2 removed.',
    );
    expect(screen.getByTestId('sanitize-formFields')).toHaveTextContent('Form fields: 3 found, kept.');
  });

  it('sanitize-pdf says when none of the kinds was found', async () => {
    await runAndAnswer('sanitize-pdf', { [sanitizeReportHeader.name]: formatSanitizeReport({ counts: [] }) });
    expect(await screen.findByText('None of these kinds of hidden data was found in this file.')).toBeVisible();
  });
});
