import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCAN_PAGE_LINES, mixedPdf, scanWords, scannedPdf } from '../../packages/engine/src/testing/ocr-fixtures.js';
import { assertValidPdf } from '../../packages/engine/src/testing/pdf-assertions.js';
import { expect, test } from '../fixtures.js';
import { dropFiles, expectFilesReady, expectToast, fixtureDir, runAndDownload } from '../tool-fixtures.js';

/** Scanned pages made searchable from the site: OCR PDF, and Extract Text reading a scan. */

function scanFixture(name: string, bytes: Buffer): string {
  const path = join(fixtureDir, name);
  writeFileSync(path, bytes);
  return path;
}

/** The server's temp root, as playwright.config.ts sets it: each job gets a `job-*` folder in it. */
const tempRoot = join(process.env['TMPDIR'] ?? '/tmp', 'paperknife-e2e-temp');

/**
 * Command lines of the running processes, by pid. A zombie is left out: it has ended, and only waits for its new
 * parent (here the VM's init, which reaps orphans late) to collect its exit status.
 */
function processCommands(): Map<number, string> {
  const rows = execFileSync('ps', ['-ww', '-eo', 'pid=,stat=,args='], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const commands = new Map<number, string>();
  for (const row of rows.split('\n')) {
    const match = /^\s*(\d+)\s+(\S+)\s+(.*)$/.exec(row);
    if (match && !match[2]!.startsWith('Z')) commands.set(Number(match[1]), match[3]!);
  }
  return commands;
}

/** Pids of the processes whose command line names `text`. */
function processesNaming(text: string): number[] {
  return [...processCommands()].filter(([, command]) => command.includes(text)).map(([pid]) => pid);
}

/** Share of a page's expected words found in `text`, lower-cased. */
function recall(page: number, text: string): number {
  const found = new Set(text.toLowerCase().split(/[^\p{L}]+/u));
  const expected = scanWords(page);
  return expected.filter((word) => found.has(word)).length / expected.length;
}

test.describe('scanned PDFs', () => {
  test('ocr-pdf: the downloaded PDF has the words of the scan as text', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/ocr-pdf');
    await dropFiles(page, scanFixture('scan.pdf', scannedPdf()));
    await expectFilesReady(page, 1);
    // English is ticked to start with; a second language is one more tick.
    const languages = page.getByRole('group', { name: 'Document languages' });
    await expect(languages.getByRole('checkbox', { name: 'English' })).toBeChecked();
    await languages.getByRole('checkbox', { name: 'German' }).check();
    // Every text the status line shows during the run, kept by the page itself so a quick step is not missed.
    await page.getByTestId('run-status').evaluate((status) => {
      const shown: string[] = [];
      (window as unknown as { shownStatuses: string[] }).shownStatuses = shown;
      new MutationObserver(() => shown.push(status.textContent ?? '')).observe(status, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    const result = await runAndDownload(page, 'OCR PDF');
    // The server's stage with its page count showed while the job ran.
    const shownStatuses = await page.evaluate(() => (window as unknown as { shownStatuses: string[] }).shownStatuses);
    expect(shownStatuses).toContainEqual(expect.stringMatching(/^Recognising text: page \d of 2 \(\d+%\)$/));
    expect(result.name).toBe('ocr-document.pdf');
    assertValidPdf(result.path);
    const pages = execFileSync('pdftotext', [result.path, '-'], { encoding: 'utf8' }).split('\f');
    expect(recall(0, pages[0]!)).toBeGreaterThanOrEqual(0.9);
    expect(recall(1, pages[1]!)).toBeGreaterThanOrEqual(0.9);
  });

  test('extract-text: a scanned page gives its words', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/extract-text');
    await dropFiles(page, scanFixture('mixed.pdf', mixedPdf()));
    await expectFilesReady(page, 1);
    const result = await runAndDownload(page, 'Extract Text');
    expect(result.name).toBe('extracted-text.txt');
    const text = result.bytes.toString('utf8');
    expect(text).toContain('Quarterly invoice for garden supplies');
    expect(recall(1, text.split('--- Page 2 ---')[1] ?? '')).toBeGreaterThanOrEqual(0.9);
  });

  test('ocr-pdf: Cancel half-way ends OCRmyPDF and Tesseract on the server and leaves no temp folder', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // Twelve scanned pages: several seconds of recognition on two cores, so the run is mid-way when Cancel goes.
    const pageCount = 12;
    const lines = Array.from({ length: pageCount }, (_, index) => [
      `Page ${index + 1} of the scanned ledger`,
      ...SCAN_PAGE_LINES[index % SCAN_PAGE_LINES.length]!,
    ]);
    await page.goto('/ocr-pdf');
    await dropFiles(page, scanFixture('long-scan.pdf', scannedPdf(lines)));
    await expectFilesReady(page, 1);
    // English and French: a language pair no other browser test asks for, so the processes named with it are
    // this run's even while other tests recognise scans on the same server.
    const languagePair = '--language eng+fra';
    await page.getByRole('group', { name: 'Document languages' }).getByRole('checkbox', { name: 'French' }).check();

    const created = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().includes('/functions/v1/jobs/'),
    );
    await page.getByRole('button', { name: 'OCR PDF', exact: true }).click();
    const job = (await (await created).json()) as { id: string; links: { self: string } };
    // Real progress: pages OCRmyPDF has finished, counted from its log, with a bar; not a timer. The job may first
    // wait for a slot, and with the corpus sweep beside the browser tests a first page took past 15 s.
    await expect(page.getByTestId('run-status')).toHaveText(
      new RegExp(`^Recognising text: page [1-9]\\d* of ${pageCount} \\(\\d+%\\)$`),
      { timeout: 60_000 },
    );
    await expect(page.getByRole('progressbar')).toBeVisible();
    expect((await (await page.request.get(job.links.self)).json()).status).toBe('running');

    // OCRmyPDF is running on the upload in the job's folder; its workers, Tesseract and Ghostscript work in a
    // private temp folder inside it, so every process of this run names that folder.
    const ocrmypdf = [...processCommands().values()].find(
      (command) => command.includes('ocrmypdf') && command.includes(languagePair) && command.includes(tempRoot),
    );
    expect(ocrmypdf, 'an ocrmypdf process for this job').toBeDefined();
    const jobFolderName = ocrmypdf!.slice(ocrmypdf!.indexOf(`${tempRoot}/`) + tempRoot.length + 1).split('/')[0]!;
    expect(jobFolderName).toMatch(/^job-/);
    const jobFolder = join(tempRoot, jobFolderName);
    expect(readdirSync(jobFolder).some((entry) => entry.startsWith('ocrmypdf-'))).toBe(true);
    // Tesseract reads a page at any moment of the run but the short gaps between pages.
    await expect
      .poll(() =>
        [...processCommands().values()].some((command) => /tesseract/.test(command) && command.includes(jobFolder)),
      )
      .toBe(true);
    const jobProcesses = processesNaming(jobFolder);

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expectToast(
      page,
      'Cancelled',
      'Processing was stopped and the upload deleted from the server. Your file is still here.',
    );
    await expect(page.getByText('long-scan.pdf')).toBeVisible();
    await expect(page.getByRole('button', { name: 'OCR PDF', exact: true })).toBeEnabled();
    await expect(page.getByTestId('run-status')).toHaveText('');

    await expect
      .poll(async () => ((await (await page.request.get(job.links.self)).json()) as { status: string }).status)
      .toBe('cancelled');
    // No OCRmyPDF, Tesseract or Ghostscript process of the job is left (including any started after the snapshot),
    // and its folder is gone with everything in it.
    await expect.poll(() => processesNaming(jobFolder)).toEqual([]);
    const stillRunning = processCommands();
    expect(jobProcesses.filter((pid) => stillRunning.has(pid))).toEqual([]);
    await expect.poll(() => existsSync(jobFolder)).toBe(false);
    expect((await page.request.get(`${job.links.self}/result`)).status()).toBe(410);
  });
});
