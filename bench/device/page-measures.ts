/// <reference lib="dom" />
// The functions passed to page.evaluate run in the browser.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { type ToolId, functionPath } from '@paperknife/catalog/tools';

/** What the device benches measure in a tool page the same way, in headless Chromium against the built server. */

const KB = 1024;
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
export const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
export const ms = (value: number) => `${Math.round(value)} ms`;

/** The JavaScript a page loaded, as sent (brotli): count, bytes, and each file with its size. */
export async function scriptsLoaded(page: Page): Promise<{ count: number; bytes: number; names: string[] }> {
  return page.evaluate(() => {
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js')) as PerformanceResourceTiming[];
    return {
      count: scripts.length,
      bytes: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
      names: scripts.map((entry) => `${new URL(entry.name).pathname} ${entry.encodedBodySize}`),
    };
  });
}

/** A page of the site, loaded and hydrated. */
export async function openPage(context: BrowserContext, origin: string, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => document.documentElement.dataset['hydrated'] === 'true');
  return page;
}

export interface DeviceFile {
  name: string;
  /** As sent: a precompressed file goes with its length, the bytes that crossed the network. */
  bytes: number;
  encoding: string;
  type: string;
}

/**
 * The files the device way fetches on this page whose names match `pattern` (its worker's script, its modules and
 * wasm), filled in as they come; the first answer of each counts (a module fetched again comes from the cache).
 */
export function recordDeviceFiles(page: Page, pattern: RegExp): DeviceFile[] {
  const files: DeviceFile[] = [];
  page.on('response', async (response) => {
    const name = new URL(response.url()).pathname.split('/').pop() ?? '';
    if (!pattern.test(name) || files.some((file) => file.name === name)) return;
    const headers = await response.allHeaders();
    const bytes = Number(headers['content-length'] ?? Number.NaN);
    files.push({ name, bytes, encoding: headers['content-encoding'] ?? 'none', type: headers['content-type'] ?? '' });
  });
  return files;
}

export interface ToolTimes {
  /**
   * From the files' drop to the download: the file checks, the worker's start when it had not started, the job. The
   * drop is when the page has the files: handing them over from the test's browser driver (base64 over its socket,
   * about a second for 15 MB here) is not a visitor's drop and is left out.
   */
  fromDrop: number;
  /** From the click to the download (the browser saving it included). */
  fromClick: number;
  /** The job as the page measures it (device-client.ts `DEVICE_JOB_MEASURE`): from the files to the result's bytes. */
  job: number;
}

const lastDeviceJob = (page: Page) =>
  page.evaluate(() => performance.getEntriesByName('paperknife:device-job').at(-1)?.duration ?? Number.NaN);

/** Drops the files, presses the action and waits for the download. */
export async function runTool(
  page: Page,
  files: string[],
  action: string,
  beforeClick?: () => Promise<void> | void,
): Promise<ToolTimes> {
  const input = page.getByTestId('file-input').first();
  // The same files again: the input changes only once emptied.
  await input.setInputFiles([]);
  // The page's change listener runs inside this call, after the files arrived: its start is the drop, as the page
  // sees it.
  await page.evaluate(() =>
    document.addEventListener('change', () => performance.mark('bench:dropped'), { capture: true, once: true }),
  );
  await input.setInputFiles(files);
  const droppedAgo = await page.evaluate(
    () => performance.now() - performance.getEntriesByName('bench:dropped').at(-1)!.startTime,
  );
  const dropped = Date.now() - droppedAgo;
  await page
    .getByRole('img', { name: 'Ready' })
    .nth(files.length - 1)
    .waitFor({ timeout: 120_000 });
  await beforeClick?.();
  const downloading = page.waitForEvent('download', { timeout: 300_000 });
  const clicked = Date.now();
  await page.getByRole('button', { name: action, exact: true }).click();
  const download = await downloading;
  const done = Date.now();
  await download.delete();
  return { fromDrop: done - dropped, fromClick: done - clicked, job: await lastDeviceJob(page) };
}

/** The same job through the API from Node, as the page's server way sends it (loopback: no real upload time), ms. */
export async function apiTime(origin: string, tool: ToolId, files: readonly string[]): Promise<number> {
  const body = new FormData();
  for (const file of files) {
    body.append('files', new Blob([readFileSync(file)], { type: 'application/pdf' }), basename(file));
  }
  const started = Date.now();
  const response = await fetch(`${origin}${functionPath(tool)}`, { method: 'POST', body });
  if (!response.ok) throw new Error(`${tool} answered ${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
  return Date.now() - started;
}
