import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import sharp from 'sharp';
import type { Download, Page } from '@playwright/test';
import { type FixtureOptions, makePdf } from '../packages/engine/src/testing/make-pdf.js';
import { expect } from './fixtures.js';

/** Files the browser tests drop on tool pages, made fresh for the run (no corpus needed), removed when it ends. */
export const fixtureDir = mkdtempSync(join(tmpdir(), 'paperknife-e2e-files-'));
process.on('exit', () => rmSync(fixtureDir, { recursive: true, force: true }));

export function pdfFixture(name: string, options: FixtureOptions = {}): string {
  const path = join(fixtureDir, name);
  writeFileSync(path, makePdf(options));
  return path;
}

/** A colourful PDF with a JPEG photo: for grayscale, compress, images and JPG tests. */
export async function photoPdfFixture(name: string): Promise<{ path: string; jpeg: Buffer }> {
  const width = 400;
  const height = 300;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    pixels[i * 3] = Math.floor(((i % width) * 255) / width);
    pixels[i * 3 + 1] = 80;
    pixels[i * 3 + 2] = Math.floor((Math.floor(i / width) * 255) / height);
  }
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  const path = pdfFixture(name, {
    pages: [
      {
        text: ['Colour photo page'],
        box: { rgb: [0.9, 0.1, 0.1], x: 72, y: 500, width: 200, height: 100 },
        image: { jpeg, pixelWidth: width, pixelHeight: height, x: 72, y: 100, width: 400, height: 300 },
      },
    ],
  });
  return { path, jpeg };
}

/** A flat-colour image, PNG or JPEG by the name's extension: what JPG to PDF takes. */
export async function imageFixture(name: string, width: number, height: number, colour = '#3366cc'): Promise<string> {
  const image = sharp({ create: { width, height, channels: 3, background: colour } });
  const path = join(fixtureDir, name);
  writeFileSync(
    path,
    name.endsWith('.png') ? await image.png().toBuffer() : await image.jpeg({ quality: 90 }).toBuffer(),
  );
  return path;
}

export function encryptedPdfFixture(name: string, password: string): string {
  const plain = pdfFixture(`plain-${name}`, { pageCount: 2 });
  const path = join(fixtureDir, name);
  execFileSync('qpdf', ['--encrypt', password, password, '256', '--', plain, path]);
  return path;
}

export async function docxFixture(name: string, paragraphs: readonly string[]): Promise<string> {
  const document = new Document({
    sections: [{ children: paragraphs.map((text) => new Paragraph({ children: [new TextRun(text)] })) }],
  });
  const path = join(fixtureDir, name);
  writeFileSync(path, await Packer.toBuffer(document));
  return path;
}

export function textFixture(name: string, text: string): string {
  const path = join(fixtureDir, name);
  writeFileSync(path, text);
  return path;
}

/** Drops files on the tool page's drop zone through its file input, as the picker does. */
export async function dropFiles(page: Page, paths: string | readonly string[]): Promise<void> {
  await page
    .getByTestId('file-input')
    .first()
    .setInputFiles(Array.isArray(paths) ? [...paths] : [paths as string]);
}

/** Waits until every file row is checked (the success mark shows). */
export async function expectFilesReady(page: Page, count: number): Promise<void> {
  await expect(page.getByRole('img', { name: 'Ready' })).toHaveCount(count);
}

/**
 * Clicks the action and returns the download saved to disk, with its suggested name. An "Error" toast instead
 * fails at once with its text, rather than after the download times out.
 */
export async function runAndDownload(
  page: Page,
  action: string,
): Promise<{ path: string; name: string; bytes: Buffer }> {
  const errorToast = page.locator('[data-sonner-toast][data-type="error"]');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: action, exact: true }).click();
  const outcome = await Promise.race([
    downloading.then((download) => ({ download })),
    errorToast
      .first()
      .waitFor({ state: 'visible', timeout: 55_000 })
      .then(async () => ({
        error: await errorToast.first().innerText(),
      })),
  ]);
  if ('error' in outcome) throw new Error(`The tool answered with an error toast: ${outcome.error}`);
  const download: Download = outcome.download;
  const path = join(fixtureDir, `download-${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(path);
  return { path, name: download.suggestedFilename(), bytes: readFileSync(path) };
}

/** Expects a toast with this title (and description, when given) to show. */
export async function expectToast(page: Page, title: string, description?: string | RegExp): Promise<void> {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: title }).first();
  await expect(toast).toBeVisible();
  if (description) await expect(toast).toContainText(description);
}
