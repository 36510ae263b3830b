import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ToolError } from '@paperknife/catalog/errors';
import { unpackZip } from './unpack-zip.js';

/** The folder a page is drawn from: everything the page may load is inside `root`. */
export interface SiteFolder {
  root: string;
  /** The page to print, relative to `root`, with `/` separators. */
  page: string;
}

/** Most files a ZIP may hold: a page's style sheets, images and fonts are tens, a saved site a few hundred. */
export const MAX_SITE_FILES = 2000;

const isPage = (path: string) => /\.x?html?$/i.test(path);

/**
 * Lays the upload out in `root`, a new folder inside the job folder. An HTML file alone becomes the folder's only file (what it
 * links to is not there, so it does not load); a ZIP is unpacked, its bytes bounded by the upload limit, and its
 * page is `index.html` (the shallowest one) or else its only HTML file.
 */
export async function siteFolder(
  upload: string,
  kind: 'html' | 'zip',
  root: string,
  maxBytes: number,
): Promise<SiteFolder> {
  await mkdir(root);
  if (kind === 'html') {
    await copyFile(upload, join(root, 'page.html'));
    return { root, page: 'page.html' };
  }
  const files = await unpackZip(upload, root, { maxEntries: MAX_SITE_FILES, maxBytes });
  return { root, page: pickPage(files) };
}

/** The page of an unpacked ZIP (paths relative to its root, `/` separators). */
export function pickPage(files: readonly string[]): string {
  // A Mac's ZIP carries a resource-fork copy of every file under __MACOSX/: never the page.
  const pages = files.filter((path) => isPage(path) && !path.startsWith('__MACOSX/'));
  const depth = (path: string) => path.split('/').length;
  const indexes = pages
    .filter((path) => /^index\.html?$/i.test(path.split('/').at(-1) ?? ''))
    .sort((a, b) => depth(a) - depth(b) || a.localeCompare(b));
  const [index] = indexes;
  if (index && indexes.filter((path) => depth(path) === depth(index)).length === 1) return index;
  const [only] = pages;
  if (only && pages.length === 1) return only;
  if (pages.length === 0) {
    throw new ToolError(
      'unsupported_file_type',
      'This ZIP holds no HTML page (.html or .htm). Add the page and try again.',
    );
  }
  throw new ToolError(
    'unsupported_file_type',
    'This ZIP holds several HTML pages: name the one to convert index.html and try again.',
  );
}
