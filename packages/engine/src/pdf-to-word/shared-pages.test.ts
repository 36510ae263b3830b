import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { makePdf } from '../testing/make-pdf.js';
import { jobPerTest } from '../testing/test-job.js';
import type { ToolProgress } from '../jobs/tool-runner.js';
import { HELPER, HELPER_GONE, claimsLength } from './shared-pages.js';
import { pdfToWordPages } from './pdf-to-word-pages-task.js';
import { writeWordFromPdf } from './pdf-to-word-document-task.js';

const job = jobPerTest();

const PAGE_COUNT = 24;
const pdf = () =>
  makePdf({
    pages: Array.from({ length: PAGE_COUNT }, (_, index) => ({
      runs: [
        { text: 'Shared reading', x: 72, y: 750, size: 9 },
        { text: `Text of page ${index + 1} reads in order.`, x: 72, y: 400 },
      ],
    })),
  });

const newClaims = () => new Int32Array(new SharedArrayBuffer(claimsLength(PAGE_COUNT) * Int32Array.BYTES_PER_ELEMENT));

async function bodyTexts(path: string): Promise<string[]> {
  const xml = strFromU8(unzipSync(await readFile(path))['word/document.xml']!);
  return (xml.match(/<w:p[\s>].*?<\/w:p>/g) ?? [])
    .map((paragraph) => [...paragraph.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((match) => match[1]).join(''))
    .filter(Boolean);
}

const inOrder = Array.from({ length: PAGE_COUNT }, (_, index) => `Text of page ${index + 1} reads in order.`);

// The two tasks run one after the other in this thread, on claims set up beforehand, so which pages each reads is
// known; in the pool they run at once on two workers (tools/pdf-to-word.test.ts).
describe('PDF to Word pages shared with a helper', () => {
  it("puts the helper's pages and its own together in page order, with page progress one by one", async () => {
    const input = await job.input('long.pdf', pdf());
    const claims = newClaims();
    // Pages 1 to 10 are nobody's (as past the claims of a document longer than counted): the task reads them.
    Atomics.store(claims, 0, 10);
    const { port1, port2 } = new MessageChannel();
    const helper = await pdfToWordPages({
      input: input.path,
      folder: job.context.workDir,
      pages: { claims, port: port2 },
    });
    expect(helper.pages).toBe(PAGE_COUNT - 10);
    const updates: ToolProgress[] = [];
    const output = join(job.context.workDir, 'shared.docx');
    const result = await writeWordFromPdf(
      { input: input.path, output, folder: job.context.workDir, title: 'shared', pages: { claims, port: port1 } },
      (update) => updates.push(update),
    );
    expect(result.pages).toBe(PAGE_COUNT);
    expect(updates.map(({ stage, done }) => `${stage} ${done}`)).toEqual([
      ...inOrder.map((_, index) => `Reading the pages ${index + 1}`),
      `Writing the Word file ${PAGE_COUNT}`,
    ]);
    expect(await bodyTexts(output)).toEqual(inOrder);
  });

  it('reads the pages a helper took and did not send before it stopped', async () => {
    const input = await job.input('long.pdf', pdf());
    const claims = newClaims();
    // Every page taken, pages 5 to 8 by a helper that then failed (the tool sets HELPER_GONE).
    Atomics.store(claims, 0, PAGE_COUNT);
    for (let index = 4; index < 8; index++) Atomics.store(claims, 2 + index, HELPER);
    Atomics.store(claims, HELPER_GONE, 1);
    const { port1 } = new MessageChannel();
    const output = join(job.context.workDir, 'stopped.docx');
    const result = await writeWordFromPdf({
      input: input.path,
      output,
      folder: job.context.workDir,
      title: 'stopped',
      pages: { claims, port: port1 },
    });
    expect(result.pages).toBe(PAGE_COUNT);
    expect(await bodyTexts(output)).toEqual(inOrder);
  });
});
