import { realpath, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

/**
 * The page is served from this made-up origin, never from `file://`: every request it makes is a request our code
 * answers from the site folder, and `.invalid` names no host anywhere (RFC 2606).
 */
export const SITE_ORIGIN = 'https://page.paperknife.invalid';

const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html',
  '.htm': 'text/html',
  '.xhtml': 'application/xhtml+xml',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.bmp': 'image/bmp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.txt': 'text/plain',
  '.xml': 'application/xml',
};

/** A file of the site folder that answers a request. */
export interface SiteFile {
  path: string;
  contentType: string;
}

/**
 * The file inside `root` a request's URL names, or undefined for anything else: another origin or scheme (http,
 * file, ftp...), a path that leaves the folder, a folder, a missing file. The query and fragment are ignored.
 */
export async function siteFileFor(url: string, root: string): Promise<SiteFile | undefined> {
  let parsed: URL;
  let pathname: string;
  try {
    parsed = new URL(url);
    pathname = decodeURIComponent(parsed.pathname);
  } catch {
    return undefined;
  }
  if (parsed.origin !== SITE_ORIGIN || pathname.includes('\0')) return undefined;
  const base = await realpath(root);
  const wanted = resolve(base, `.${pathname}`);
  if (!wanted.startsWith(base + sep)) return undefined;
  try {
    // The unpacked folder holds no links, and a real path inside the folder is checked all the same.
    const path = await realpath(wanted);
    if (!path.startsWith(base + sep) || !(await stat(path)).isFile()) return undefined;
    return { path, contentType: contentTypes[extname(path).toLowerCase()] ?? 'application/octet-stream' };
  } catch {
    return undefined;
  }
}

/** The URL the site folder's page (relative, `/` separators) is opened at. */
export function pageUrl(page: string): string {
  return `${SITE_ORIGIN}/${page.split('/').map(encodeURIComponent).join('/')}`;
}
