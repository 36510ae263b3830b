import { describe, expect, it } from 'vitest';
import { compareTasks } from './compare/compare-tasks.js';
import { compressTasks } from './compress/compress-tasks.js';
import { documentDataTasks } from './document-data/document-data-tasks.js';
import { formsTasks } from './forms/forms-tasks.js';
import { grayscaleTasks } from './grayscale/grayscale-tasks.js';
import { poolTasks } from './mupdf/pool-tasks.js';
import { pageLayoutTasks } from './page-layout/page-layout-tasks.js';
import { pdfToWordTasks } from './pdf-to-word/pdf-to-word-tasks.js';
import { pdfToPowerpointTasks } from './pdf-to-powerpoint/pdf-to-powerpoint-tasks.js';
import { preflightTasks } from './preflight/preflight-tasks.js';
import { redactionTasks } from './redaction/redaction-tasks.js';
import { renderTasks } from './render/render-tasks.js';
import { signingTasks } from './signing/signing-tasks.js';
import { stampingTasks } from './stamping/stamping-tasks.js';
import { tablesTasks } from './tables/tables-tasks.js';
import { workerTasks } from './worker-tasks.js';

describe('worker tasks', () => {
  it('holds every family task under its own name, none shadowing another', () => {
    const families = [
      poolTasks,
      preflightTasks,
      compressTasks,
      grayscaleTasks,
      pdfToWordTasks,
      tablesTasks,
      pdfToPowerpointTasks,
      stampingTasks,
      pageLayoutTasks,
      signingTasks,
      renderTasks,
      documentDataTasks,
      compareTasks,
      formsTasks,
      redactionTasks,
    ];
    const names = families.flatMap((family) => Object.keys(family));
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(workerTasks).sort()).toEqual([...names].sort());
    for (const family of families) {
      for (const [name, task] of Object.entries(family))
        expect(workerTasks[name as keyof typeof workerTasks]).toBe(task);
    }
  });
});
