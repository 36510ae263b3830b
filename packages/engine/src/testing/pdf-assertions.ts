import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { runProcess } from '../programs/run-process.js';
import { parsePpm } from './ppm.js';

/**
 * Reads facts out of PDFs that tests assert on, through qpdf and poppler-utils (test-only tools).
 * Synchronous on purpose: tests read one small file at a time and want plain values back (`qpdfCheckAsync` is the
 * one exception, for tests that check hundreds of files several at a time).
 */

function run(command: string, args: string[]): { code: number; stdout: string; stderr: string } {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

function passwordArgs(password: string | undefined): string[] {
  return password === undefined ? [] : [`--password=${password}`];
}

/** `qpdf --check`: exit code and output. 0 = clean, 3 = warnings only, 2 = errors. */
export function qpdfCheck(path: string, password?: string): { code: number; output: string } {
  const { code, stdout, stderr } = run('qpdf', ['--check', ...passwordArgs(password), path]);
  return { code, output: stdout + stderr };
}

/**
 * `qpdfCheck` not waited on, for a test that checks hundreds of generated files and runs several checks at a time
 * (`inParallel`). Through the engine's own process runner, its output cut at the runner's limit.
 */
export async function qpdfCheckAsync(path: string, password?: string): Promise<{ code: number; output: string }> {
  const { code, stdout, stderr } = await runProcess('qpdf', ['--check', ...passwordArgs(password), path], {
    cwd: tmpdir(),
    signal: new AbortController().signal,
    timeoutMs: 60_000,
    okCodes: [0, 2, 3],
  });
  return { code, output: stdout + stderr };
}

/** Throws with qpdf's report unless `qpdf --check` passes with exit code 0. */
export function assertValidPdf(path: string, password?: string): void {
  const { code, output } = qpdfCheck(path, password);
  if (code !== 0) throw new Error(`qpdf --check failed (exit ${code}) for ${path}:\n${output}`);
}

export function pdfPageCount(path: string, password?: string): number {
  const { code, stdout, stderr } = run('qpdf', ['--show-npages', ...passwordArgs(password), path]);
  if (code !== 0 && code !== 3) throw new Error(`qpdf --show-npages failed: ${stderr}`);
  return Number.parseInt(stdout.trim(), 10);
}

/** Each page's size in points as viewers show it (pdfinfo: the crop box, turned by /Rotate), width first. */
export function pdfPageSizes(path: string): [number, number][] {
  const { code, stdout, stderr } = run('pdfinfo', ['-f', '1', '-l', '100000', path]);
  if (code !== 0) throw new Error(`pdfinfo failed: ${stderr}`);
  return [...stdout.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => [Number(m[1]), Number(m[2])]);
}

/** The text of each page (pdftotext), trimmed, one string per page. */
export function pdfPageTexts(path: string, password?: string): string[] {
  const args = password === undefined ? [] : ['-upw', password];
  const { code, stdout, stderr } = run('pdftotext', [...args, '-enc', 'UTF-8', path, '-']);
  if (code !== 0) throw new Error(`pdftotext failed: ${stderr}`);
  const pages = stdout.split('\f');
  if (pages.length > 0 && pages[pages.length - 1]!.trim() === '') pages.pop();
  return pages.map((page) => page.trim());
}

/** The effective /Rotate of each page (inherited values resolved), in degrees. */
export function pdfRotations(path: string): number[] {
  const count = pdfPageCount(path);
  const { code, stdout, stderr } = run('pdfinfo', ['-f', '1', '-l', String(count), path]);
  if (code !== 0) throw new Error(`pdfinfo failed: ${stderr}`);
  return [...stdout.matchAll(/^Page\s+\d+\s+rot:\s+(-?\d+)/gm)].map((match) => Number(match[1]));
}

export interface EncryptionInfo {
  encrypted: boolean;
  /** Security handler revision: 6 is AES-256. */
  revision?: number;
  /** e.g. AESv3 (AES-256), AESv2 (AES-128), RC4. */
  fileMethod?: string;
  /** Each permission line of `qpdf --show-encryption`, e.g. `print high resolution` -> false. */
  permissions: Record<string, boolean>;
}

/** `qpdf --show-encryption`, parsed. Pass a password when the file needs one to open. */
export function pdfEncryption(path: string, password?: string): EncryptionInfo {
  const { code, stdout, stderr } = run('qpdf', ['--show-encryption', ...passwordArgs(password), path]);
  if (code !== 0 && code !== 3) throw new Error(`qpdf --show-encryption failed: ${stderr}`);
  if (/File is not encrypted/.test(stdout)) return { encrypted: false, permissions: {} };
  const permissions: Record<string, boolean> = {};
  for (const match of stdout.matchAll(/^(.+?): (allowed|not allowed)$/gm)) {
    permissions[match[1]!.trim()] = match[2] === 'allowed';
  }
  const revision = /^R = (\d+)/m.exec(stdout)?.[1];
  const fileMethod = /^file encryption method: (\S+)/m.exec(stdout)?.[1];
  return {
    encrypted: true,
    ...(revision ? { revision: Number(revision) } : {}),
    ...(fileMethod ? { fileMethod } : {}),
    permissions,
  };
}

/** Renders one page in colour (pdftoppm, PPM) and returns its pixels as RGB triples. */
export function renderPageRgb(
  path: string,
  page: number,
  dpi = 30,
): { width: number; height: number; pixels: Uint8Array } {
  const result = spawnSync('pdftoppm', ['-r', String(dpi), '-f', String(page), '-l', String(page), path], {
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`pdftoppm failed: ${result.stderr.toString()}`);
  return parsePpm(result.stdout);
}

/**
 * How many pixels of page `page` (rendered at `dpi`) inside `area`, a box of fractions of the page from its top-left
 * corner, are clearly blue: where a test placed a blue picture (the signature fixture's band).
 */
export function bluePixelsIn(
  path: string,
  page: number,
  area: { x: number; y: number; width: number; height: number },
  dpi = 40,
): number {
  const { width, height, pixels } = renderPageRgb(path, page, dpi);
  let blue = 0;
  for (let y = Math.floor(area.y * height); y < Math.ceil((area.y + area.height) * height); y++) {
    for (let x = Math.floor(area.x * width); x < Math.ceil((area.x + area.width) * width); x++) {
      const at = (y * width + x) * 3;
      if (pixels[at + 2]! > pixels[at]! + 50) blue++;
    }
  }
  return blue;
}

/** True when every pixel has R = G = B. */
export function isGray(pixels: Uint8Array): boolean {
  for (let i = 0; i < pixels.length; i += 3) {
    if (pixels[i] !== pixels[i + 1] || pixels[i] !== pixels[i + 2]) return false;
  }
  return true;
}
