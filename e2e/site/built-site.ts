import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultLocale, splitLocalePath } from '@paperknife/i18n/locales';

/**
 * The prerendered website as the server sends it, read from the build folder: the same lookup as the server's
 * (apps/server/src/static-site.ts, `/x/y` from `x/y`, `x/y/index.html` or `x/y.html`), which sends the HTML as it
 * is. Checks of what every page in every language says read the files here rather than asking the server in a
 * browser test: the same bytes, without a request per page.
 */
export const webRoot = fileURLToPath(new URL('../../apps/web/build/client/', import.meta.url));

if (!existsSync(join(webRoot, 'index.html'))) {
  throw new Error(`No built website at ${webRoot}: build it first (npm run build --workspace apps/web).`);
}

const isFile = (path: string) => statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;

const pages = new Map<string, string | undefined>();

/** The HTML the server answers a URL path with, status 200; undefined when it has no page there. */
export function builtPage(path: string): string | undefined {
  if (pages.has(path)) return pages.get(path);
  const base = path.replace(/^\/+/, '');
  const candidates =
    base === '' || base.endsWith('/') ? [`${base}index.html`] : [base, `${base}/index.html`, `${base}.html`];
  const file = candidates.map((relative) => join(webRoot, relative)).find(isFile);
  const html = file?.endsWith('.html') ? readFileSync(file, 'utf8') : undefined;
  pages.set(path, html);
  return html;
}

/** The not-found page the server answers an unknown path with (status 404): the language's own, else English's. */
export function builtNotFoundPage(path: string): string {
  const { code } = splitLocalePath(path);
  const local = code === defaultLocale ? undefined : join(webRoot, code, '404.html');
  return readFileSync(local && isFile(local) ? local : join(webRoot, '404.html'), 'utf8');
}
