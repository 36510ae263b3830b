import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import type { Page } from '@playwright/test';
import { baseURL } from '../playwright.config.js';
import { expect, test } from '../fixtures.js';
import { dropFiles, expectFilesReady, expectToast, fixtureDir, pdfFixture } from '../tool-fixtures.js';

/**
 * Long tools run through the job API in the browser (docs/decisions/120): the page shows the server's stage while
 * the job works, and Cancel stops it on the server, leaving no folder and no process of the job behind.
 */

/** The server's temp root, as playwright.config.ts sets it. */
const tempRoot = join(process.env['TMPDIR'] ?? '/tmp', 'paperknife-e2e-temp');

const textPages = (count: number) =>
  Array.from({ length: count }, (_, page) => ({
    text: Array.from({ length: 40 }, (_, line) => `Page ${page + 1} line ${line + 1} of the long report`),
  }));

const tempEntries = () => new Set(existsSync(tempRoot) ? readdirSync(tempRoot) : []);

/** The pid of the server under test: whatever listens on the tests' port. */
function serverPid(): number {
  const port = new URL(baseURL).port;
  const listening = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(listening)?.[1];
  if (!pid) throw new Error(`nothing listens on port ${port}`);
  return Number(pid);
}

/** Every process below `root`, by pid. */
function descendants(root: number): Set<number> {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((row) => row.trim().split(/\s+/).map(Number) as [number, number]);
  const found = new Set<number>();
  let frontier = [root];
  while (frontier.length > 0) {
    const children = table.filter(([, ppid]) => frontier.includes(ppid)).map(([pid]) => pid);
    frontier = children.filter((pid) => !found.has(pid));
    for (const pid of frontier) found.add(pid);
  }
  return found;
}

const jobCreated = (page: Page) =>
  page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().includes('/functions/v1/jobs/'),
  );

test.describe('long tools run as jobs', () => {
  test('PDF to Word shows the server’s stage while it works, then downloads with the seed’s toast', async ({
    page,
  }) => {
    const path = pdfFixture('long-report.pdf', { pages: textPages(40) });
    await page.goto('/pdf-to-word');
    await dropFiles(page, path);
    await expectFilesReady(page, 1);

    const created = jobCreated(page);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Convert to Word', exact: true }).click();
    const job = (await (await created).json()) as { id: string; links: { self: string } };
    expect((await created).status()).toBe(202);
    // The stage the server gives, with the pages it has read once it counts them (never a made-up percentage).
    await expect(page.getByTestId('run-status')).toHaveText(
      /^(Processing on the server|Processing|Waiting for a free slot)\.\.\.$|^(Reading the pages|Writing the Word file): page \d+ of 40 \(\d+%\)$/,
    );
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();

    const download = await downloading;
    expect(download.suggestedFilename()).toBe('converted-document.docx');
    const saved = join(fixtureDir, `job-${download.suggestedFilename()}`);
    await download.saveAs(saved);
    const documentXml = new TextDecoder().decode(unzipSync(readFileSync(saved))['word/document.xml']);
    expect(documentXml).toContain('Page 40 line 20 of the long report');
    await expectToast(page, 'Success!', 'Your PDF has been converted to Word successfully.');
    await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);

    // Downloaded once: the job remembers that, and its files are gone.
    const status = await page.request.get(job.links.self);
    expect(await status.json()).toMatchObject({ id: job.id, status: 'done', downloaded: true });
    expect((await page.request.get(`${job.links.self}/result`)).status()).toBe(410);
  });

  test('Cancel half-way stops the job on the server: page ready again, no temp folder and no process left', async ({
    page,
  }) => {
    // Several seconds of work on this machine: long enough to cancel in the middle.
    const path = pdfFixture('very-long-report.pdf', { pages: textPages(600) });
    await page.goto('/pdf-to-word');
    await dropFiles(page, path);
    await expectFilesReady(page, 1);
    const server = serverPid();
    const processesBefore = descendants(server);
    const entriesBefore = tempEntries();

    const created = jobCreated(page);
    await page.getByRole('button', { name: 'Convert to Word', exact: true }).click();
    const job = (await (await created).json()) as { id: string; links: { self: string } };
    // Real progress: the pages the server has read so far, with a bar.
    await expect(page.getByTestId('run-status')).toHaveText(/^Reading the pages: page \d+ of 600 \(\d+%\)$/);
    await expect(page.getByRole('progressbar')).toBeVisible();
    expect((await (await page.request.get(job.links.self)).json()).status).toBe('running');
    // The job's folder (and any process it started) exists now; all of them must go.
    const jobEntries = [...tempEntries()].filter((entry) => !entriesBefore.has(entry));
    expect(jobEntries.length).toBeGreaterThan(0);
    const jobProcesses = [...descendants(server)].filter((pid) => !processesBefore.has(pid));

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expectToast(
      page,
      'Cancelled',
      'Processing was stopped and the upload deleted from the server. Your file is still here.',
    );
    await expect(page.getByText('very-long-report.pdf')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Convert to Word', exact: true })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    await expect(page.getByTestId('run-status')).toHaveText('');

    await expect
      .poll(async () => ((await (await page.request.get(job.links.self)).json()) as { status: string }).status)
      .toBe('cancelled');
    await expect.poll(() => jobEntries.filter((entry) => tempEntries().has(entry))).toEqual([]);
    await expect.poll(() => jobProcesses.filter((pid) => descendants(server).has(pid))).toEqual([]);
    expect((await page.request.get(`${job.links.self}/result`)).status()).toBe(410);
  });
});
