import { Suspense, lazy } from 'react';
import type { RunResult, ToolPageExtras } from '~/features/tools/tool-page-extras';
import { toolInfo } from '~/lib/tool-info.prebuilt';

// pdf.js and the view load only after a comparison, never with the page (decision 070).
const LazyCompareView = lazy(() =>
  import('~/features/tools/compare-view/compare-view').then((module) => ({ default: module.CompareView })),
);

const [jsonDownload] = toolInfo['compare-pdf'].extraDownloads ?? [];

/** After a comparison: both documents side by side with their differences, from the answer just downloaded. */
function CompareResult({ output, files }: RunResult) {
  const [original, changed] = files ?? [];
  if (!output || !original || !changed) return null;
  const downloadName =
    output.type.includes('json') && jsonDownload ? jsonDownload.name : toolInfo['compare-pdf'].download.name;
  return (
    <Suspense fallback={null}>
      <LazyCompareView files={[original, changed]} output={output} downloadName={downloadName} />
    </Suspense>
  );
}

export const pageExtras: ToolPageExtras = { AfterSuccess: CompareResult };
