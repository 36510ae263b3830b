import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Config } from '@react-router/dev/config';
import { localizedPath } from '@paperknife/i18n/locales';
import { NOT_FOUND_PATH, builtLocaleCodes, indexedPaths, prerenderPaths } from './app/site-routes';
import { BROTLI_CACHE_MIN_BYTES, cachedBrotli } from './brotli-cache.build';
import { writeServiceWorker } from './service-worker.build';
import { publicSiteConfig } from './site-config.build';
import { robotsTxt, sitemapXml } from './sitemap.build';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * React Router's `<Scripts>` puts a `modulepreload` link in `<head>` for every module of the matched routes, and
 * always has (no option turns it off). They are fetched at high priority, ahead of the first paint that needs none
 * of them, so they go from the prerendered HTML: the module script at the end of `<body>` loads the same files.
 * On hydration React adds links for the route modules only: `dropManifestImports` below.
 */
async function dropModulePreloads(folder: string): Promise<void> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  await Promise.all(
    entries
      .filter((entry) => entry.isFile() && extname(entry.name) === '.html')
      .map(async (entry) => {
        const path = join(entry.parentPath, entry.name);
        const html = await readFile(path, 'utf8');
        const trimmed = html.replace(/<link rel="modulepreload" href="[^"]*"\/>/g, '');
        if (trimmed !== html) await writeFile(path, trimmed);
      }),
  );
}

/**
 * The browser's route manifest (`assets/manifest-*.js`) lists every module each route imports only so that
 * `<Scripts>` can write a `modulepreload` link per module. The prerendered HTML has none (above), so React added
 * them all on hydration: 30-odd `<link>` elements created and inserted into `<head>` in the hydration's one
 * synchronous commit, on a tool page. Without the lists it adds the route modules' own links only; nothing else
 * reads them (decision 074).
 */
async function dropManifestImports(folder: string): Promise<void> {
  const assets = join(folder, 'assets');
  const manifests = (await readdir(assets)).filter((name) => /^manifest-[\w-]+\.js$/.test(name));
  await Promise.all(
    manifests.map(async (name) => {
      const path = join(assets, name);
      const source = await readFile(path, 'utf8');
      const prefix = 'window.__reactRouterManifest=';
      if (!source.startsWith(prefix)) throw new Error(`${path}: not a route manifest`);
      const manifest = JSON.parse(source.slice(prefix.length).replace(/;\s*$/, '')) as {
        entry: { imports?: string[] };
        routes: Record<string, { imports?: string[] }>;
      };
      for (const entry of [manifest.entry, ...Object.values(manifest.routes)]) {
        if (entry.imports) entry.imports = [];
      }
      await writeFile(path, `${prefix}${JSON.stringify(manifest)};`);
    }),
  );
}

/** Files worth sending compressed (text, and the qpdf WebAssembly: a quarter of it as brotli); smaller ones gain nothing. */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.xml', '.txt', '.data', '.wasm']);
const MIN_COMPRESS_BYTES = 1024;
/** Files there is one of per page: prerendered HTML and route data. */
const PAGE_EXTENSIONS = new Set(['.html', '.data']);

/**
 * Writes `name.br` and `name.gz` beside every compressible file, once at build time, so the server can send them as
 * they are (@fastify/static's `preCompressed`) instead of compressing per request. Scripts and styles, shared by
 * every page and cached, get brotli's highest quality; the 3,000 pages and their data files (every page in every
 * language) get quality 7: 10 % larger (about 400 bytes a page) for a twentieth of the time (3 s against 40 s).
 */
async function precompress(folder: string): Promise<void> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  await Promise.all(
    entries
      .filter((entry) => entry.isFile() && COMPRESSIBLE.has(extname(entry.name)))
      .map(async (entry) => {
        const path = join(entry.parentPath, entry.name);
        const body = await readFile(path);
        if (body.length < MIN_COMPRESS_BYTES) return;
        const [br, gz] = await Promise.all([
          // mupdf.js's wasm (10 MB) takes half a minute at quality 11: compressed once, kept by its hash.
          body.length >= BROTLI_CACHE_MIN_BYTES && !PAGE_EXTENSIONS.has(extname(entry.name))
            ? cachedBrotli(body)
            : brotli(body, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: PAGE_EXTENSIONS.has(extname(entry.name)) ? 7 : 11,
                  [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
                },
              }),
          gzipAsync(body, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
      }),
  );
}

// Static HTML for every public route (no server rendering at run time): search engines and people without
// JavaScript get the full content, and the Fastify server only serves files.
export default {
  appDirectory: 'app',
  ssr: false,
  prerender: prerenderPaths,
  async buildEnd({ reactRouterConfig }) {
    const client = join(reactRouterConfig.buildDirectory, 'client');
    // The server answers unknown paths with 404.html (de/404.html under /de/) and status 404; the not-found path
    // itself is not a page.
    for (const code of builtLocaleCodes()) {
      const notFound = join(client, localizedPath(NOT_FOUND_PATH, code));
      await rename(join(notFound, 'index.html'), join(notFound, '../../404.html'));
      await rm(join(notFound, '..'), { recursive: true, force: true });
    }
    await mkdir(client, { recursive: true });
    const { siteUrl } = publicSiteConfig();
    await writeFile(join(client, 'sitemap.xml'), sitemapXml(siteUrl, indexedPaths()));
    await writeFile(join(client, 'robots.txt'), robotsTxt(siteUrl));
    await dropModulePreloads(client);
    await dropManifestImports(client);
    await writeServiceWorker(client);
    await precompress(client);
  },
} satisfies Config;
