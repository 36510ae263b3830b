import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { zipSync } from 'fflate';
import type { ToolOptions } from '@paperknife/catalog/tools';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusDir } from '../testing/corpus.js';
import {
  MALICIOUS_PAGE_TEXT,
  SITE_IMAGE_RGB,
  encryptedZip,
  longPage,
  maliciousPage,
  siteZip,
  traversalZip,
  zerosZip,
} from '../testing/html-fixtures.js';
import { makePdf } from '../testing/make-pdf.js';
import { assertValidPdf, pdfPageTexts, renderPageRgb } from '../testing/pdf-assertions.js';
import { jobPerTest, makeTestJob, toolErrorCode } from '../testing/test-job.js';
import { htmlToPdf } from './html-to-pdf.js';

const job = jobPerTest();
const options = (values: Record<string, unknown> = {}): ToolOptions<'html-to-pdf'> =>
  parseToolOptions('html-to-pdf', values);

/** A loopback server that counts every connection made to it, and answers any request that comes. */
let listener: Server;
let connections = 0;
const requests: string[] = [];
beforeAll(async () => {
  listener = createServer((request, response) => {
    requests.push(request.url ?? '');
    response.end('root:x:0:0:leaked');
  });
  listener.on('connection', () => connections++);
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise((resolve) => listener.close(resolve)));

/** The page boxes' [width, height] in points, from qpdf's JSON. */
function mediaBoxes(path: string): number[][] {
  const json = JSON.parse(execFileSync('qpdf', ['--json', '--json-key=pages', '--json-key=qpdf', path]).toString());
  const objects = json.qpdf[1] as Record<string, { value: Record<string, number[]> }>;
  return (json.pages as { object: string }[]).map((page) => {
    const box = objects[`obj:${page.object}`]!.value['/MediaBox']!;
    return [box[2]! - box[0]!, box[3]! - box[1]!];
  });
}

/** The PDF is one page of this size in points, within the point Chromium rounds by (it lays out whole CSS pixels). */
function expectPaper(path: string, width: number, height: number) {
  const boxes = mediaBoxes(path);
  expect(boxes).toHaveLength(1);
  const [actualWidth, actualHeight] = boxes[0]!;
  expect(Math.abs(actualWidth! - width), `width ${actualWidth}`).toBeLessThan(1);
  expect(Math.abs(actualHeight! - height), `height ${actualHeight}`).toBeLessThan(1);
}

// A browser print of several pages: up to 25 s here for the longest, twice that on a busy machine.
describe('html-to-pdf', { timeout: 60_000 }, () => {
  it('reaches no host and no local file: the test server sees no connection, /etc/passwd is not in the PDF', async () => {
    const { port } = listener.address() as AddressInfo;
    const file = await job.input('outside.html', maliciousPage(port));
    const result = await htmlToPdf([file], options(), job.context);
    assertValidPdf(result.path);
    expect(result.download.name).toBe('converted-page.pdf');
    const text = pdfPageTexts(result.path).join('\n');
    expect(text).toContain(MALICIOUS_PAGE_TEXT);
    expect(text).not.toContain('scripts ran');
    expect(text).not.toContain('root:');
    expect(text).not.toMatch(/nologin|\/bin\/(ba)?sh/);
    expect(readFileSync(result.path).includes('root:x:0:0')).toBe(false);
    expect({ connections, requests }).toEqual({ connections: 0, requests: [] });
  });

  it('draws a zipped site with its style sheet and image, from its index.html', async () => {
    const file = await job.input('site.zip', await siteZip());
    const result = await htmlToPdf([file], options({ margins: 'none' }), job.context);
    assertValidPdf(result.path);
    const [page] = pdfPageTexts(result.path);
    expect(page).toContain('Quarterly report: Привет');
    expect(page).not.toContain('Not this page');
    // The image fills 100 x 60 mm from the top left corner (no margins): at 30 dpi, about 118 x 70 pixels.
    const { width, pixels } = renderPageRgb(result.path, 1, 30);
    const at = (x: number, y: number) => Array.from(pixels.subarray((y * width + x) * 3, (y * width + x) * 3 + 3));
    for (const [x, y] of [
      [10, 10],
      [60, 35],
      [110, 60],
    ] as const) {
      const [r, g, b] = at(x, y);
      expect(
        Math.abs(r! - SITE_IMAGE_RGB[0]) + Math.abs(g! - SITE_IMAGE_RGB[1]) + Math.abs(b! - SITE_IMAGE_RGB[2]),
      ).toBeLessThan(30);
    }
    expect(at(130, 10)).toEqual([255, 255, 255]);
  });

  it('prints on the chosen paper size and orientation, whatever the page asks', async () => {
    const page = new TextEncoder().encode('<!doctype html><style>@page { size: A5 }</style><p>Paper</p>');
    const a4 = await htmlToPdf([await job.input('page.html', page)], options(), job.context);
    expectPaper(a4.path, 595.28, 841.89);
    const letter = await htmlToPdf(
      [await job.input('page.html', page)],
      options({ pageSize: 'letter', orientation: 'landscape' }),
      job.context,
    );
    expectPaper(letter.path, 792, 612);
    const legal = await htmlToPdf([await job.input('page.html', page)], options({ pageSize: 'legal' }), job.context);
    expectPaper(legal.path, 612, 1008);
  });

  it('refuses what is no page: a renamed PDF, an empty file, a ZIP without a page', async () => {
    const pdf = await job.input('page.html', makePdf());
    expect(await toolErrorCode(htmlToPdf([pdf], options(), job.context))).toBe('unsupported_file_type');
    const empty = await job.input('page.html', new Uint8Array());
    expect(await toolErrorCode(htmlToPdf([empty], options(), job.context))).toBe('unsupported_file_type');
    const noPage = await job.input('site.zip', zipSync({ 'style.css': new TextEncoder().encode('p {}') }));
    expect(await toolErrorCode(htmlToPdf([noPage], options(), job.context))).toBe('unsupported_file_type');
  });

  it('refuses an encrypted ZIP, a ZIP that leaves its folder and one that unpacks past the limit', async () => {
    const encrypted = await job.input('site.zip', encryptedZip());
    expect(await toolErrorCode(htmlToPdf([encrypted], options(), job.context))).toBe('encrypted_document');
    const traversal = await job.input('site.zip', traversalZip());
    expect(await toolErrorCode(htmlToPdf([traversal], options(), job.context))).toBe('unsupported_file_type');
    expect(existsSync(join(job.context.workDir, '..', 'outside.html'))).toBe(false);
    const small = await makeTestJob({ maxFileBytes: 1024 * 1024 });
    try {
      const bomb = await small.input('site.zip', zerosZip(4));
      expect(await toolErrorCode(htmlToPdf([bomb], options(), small.context))).toBe('file_too_large');
      const [site] = (await readdir(small.context.workDir)).filter((name) => name.startsWith('site-'));
      expect(await readdir(join(small.context.workDir, site!))).toEqual([]);
    } finally {
      await small.cleanup();
    }
  });

  it('stops when the job is cancelled, leaving no browser process behind', async () => {
    const controller = new AbortController();
    const file = await job.input('long.html', longPage(20_000));
    const context = { ...job.context, signal: controller.signal };
    setTimeout(() => controller.abort(), 1500);
    const began = Date.now();
    expect(await toolErrorCode(htmlToPdf([file], options(), context))).toBe('processing_timeout');
    expect(Date.now() - began).toBeLessThan(5000);
    const profile = job.context.workDir;
    const running = [];
    for (const pid of await readdir('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
      if (command.includes(profile)) running.push(pid);
    }
    expect(running).toEqual([]);
  });
});

const corpusHtml = join(corpusDir, 'html');
const corpusSites = existsSync(corpusHtml) ? readdirSync(corpusHtml) : [];
if (corpusSites.length === 0) console.warn(`html-to-pdf corpus: skipped, ${corpusHtml} is absent`);

/** Every file of a folder, by its path inside it. */
function folderFiles(root: string, dir = root, into: Record<string, Uint8Array> = {}) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) folderFiles(root, path, into);
    else into[relative(root, path)] = readFileSync(path);
  }
  return into;
}

describe.skipIf(corpusSites.length === 0)('html-to-pdf on the corpus pages', () => {
  it.each(corpusSites)('%s: zipped with its files, printed with its fonts', async (site) => {
    const file = await job.input(`${site}.zip`, zipSync(folderFiles(join(corpusHtml, site))));
    const began = Date.now();
    const result = await htmlToPdf([file], options(), job.context);
    const ms = Date.now() - began;
    assertValidPdf(result.path);
    const pages = pdfPageTexts(result.path);
    console.log(`html-to-pdf corpus ${site}: ${pages.length} pages in ${ms} ms`);
    expect(pages.join('').trim().length).toBeGreaterThan(50);
    // Each corpus page brings its own fonts: some are embedded (Chromium writes OpenType CFF as Type 3, unnamed).
    const own = Object.keys(folderFiles(join(corpusHtml, site))).some((name) => /\.(ttf|otf|woff2?)$/i.test(name));
    const embedded = execFileSync('pdffonts', [result.path])
      .toString()
      .split('\n')
      .slice(2)
      .map((line) => line.split(/\s+/)[0] ?? '')
      .filter((name) => name === '[none]' || (name.includes('+') && !/Liberation|DejaVu|Noto/.test(name)));
    if (own) expect(embedded.length, `fonts of ${site}`).toBeGreaterThan(0);
  });
});
