import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, posix, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { toolRedirects } from '@paperknife/catalog/tools';
import { defaultLocale, localizedPath, splitLocalePath } from '@paperknife/i18n/locales';
import { notFoundBody } from './api-errors.js';

/**
 * Serves the prerendered website: hashed assets cached for a year, HTML revalidated on every visit, `/x/y` from
 * `x/y/index.html` or `x/y.html`, old tool paths redirected, and the site's own 404 page with status 404.
 * Each HTML file gets a CSP that allows exactly its own inline scripts by hash (React Router puts the hydration
 * context in inline scripts), so no page needs 'unsafe-inline' for scripts.
 */

/** Directives shared by every response; pages add their script hashes to script-src. */
export const cspDirectives: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // React and Radix set style attributes at run time; styles cannot run code, so this is the one concession.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", 'blob:', 'data:'],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

export function cspHeader(extraScripts: readonly string[] = []): string {
  return Object.entries(cspDirectives)
    .map(([name, values]) => [name, ...values, ...(name === 'script-src' ? extraScripts : [])].join(' '))
    .join('; ');
}

/**
 * The scripts allowed to compile WebAssembly: the device tools' workers, qpdf's (decision 205) and mupdf.js's
 * (decision 211). A dedicated worker runs under the CSP of its own script's response, so 'wasm-unsafe-eval' goes to
 * those files alone, never to pages; 'unsafe-eval' (strings as code) is never granted.
 */
const WASM_WORKER_ASSET = /^assets\/(qpdf|mupdf)-worker-[\w-]+\.js$/;
export const wasmWorkerCsp = () => cspHeader(["'wasm-unsafe-eval'"]);

/** `'sha256-...'` of each inline script (one without `src`) in an HTML document, exactly as written. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\ssrc\s*=/i.test(attributes) || body === '') continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

interface CachedPage {
  mtimeMs: number;
  size: number;
  body: Buffer;
  /** The build's compressed copies of the page (`.br`, `.gz` beside it), when it wrote them. */
  encoded: Partial<Record<ContentEncoding, Buffer>>;
  csp: string;
}

type ContentEncoding = 'br' | 'gzip';
const ENCODING_SUFFIX: Record<ContentEncoding, string> = { br: '.br', gzip: '.gz' };

/** The best encoding the client accepts among those a page has, brotli first. */
function chooseEncoding(
  acceptEncoding: string | undefined,
  available: CachedPage['encoded'],
): ContentEncoding | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]),
  );
  return (['br', 'gzip'] as const).find((encoding) => accepted.has(encoding) && available[encoding]);
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface StaticSiteOptions {
  webRoot: string;
}

export const staticSite: FastifyPluginAsync<StaticSiteOptions> = async (app, { webRoot }) => {
  // preCompressed: the build writes `.br` and `.gz` beside each text asset; they are sent as they are.
  await app.register(fastifyStatic, {
    root: webRoot,
    serve: false,
    cacheControl: false,
    etag: true,
    preCompressed: true,
  });
  const pages = new Map<string, CachedPage>();

  /** The HTML of a page with its CSP, read once and kept until the file changes. */
  async function page(path: string): Promise<CachedPage> {
    const info = await stat(path);
    const cached = pages.get(path);
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached;
    const body = await readFile(path);
    const encoded: CachedPage['encoded'] = {};
    for (const encoding of ['br', 'gzip'] as const) {
      const copy = await readFile(path + ENCODING_SUFFIX[encoding]).catch(() => undefined);
      if (copy) encoded[encoding] = copy;
    }
    const fresh = {
      mtimeMs: info.mtimeMs,
      size: info.size,
      body,
      encoded,
      csp: cspHeader(inlineScriptHashes(body.toString('utf8'))),
    };
    pages.set(path, fresh);
    return fresh;
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply, path: string, status = 200) {
    const { body, encoded, csp } = await page(path);
    const encoding = chooseEncoding(request.headers['accept-encoding'], encoded);
    void reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', csp)
      .header('vary', 'accept-encoding');
    if (encoding) return reply.header('content-encoding', encoding).send(encoded[encoding]);
    return reply.send(body);
  }

  /** The file a URL path names inside the web root, or undefined. Never a path outside it. */
  async function resolve(urlPath: string): Promise<{ file: string; relative: string } | undefined> {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return undefined;
    }
    if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
    const normalized = posix.normalize(decoded);
    if (normalized.split('/').includes('..')) return undefined;
    const base = normalized.replace(/^\/+/, '');
    const candidates =
      base === '' || base.endsWith('/') ? [`${base}index.html`] : [base, `${base}/index.html`, `${base}.html`];
    for (const relative of candidates) {
      const file = join(webRoot, relative);
      if (file !== webRoot && !file.startsWith(webRoot + sep)) continue;
      const info = await stat(file).catch(() => undefined);
      if (info?.isFile()) return { file, relative };
    }
    return undefined;
  }

  app.get('/*', async (request, reply) => {
    const [pathname = '/', query] = request.url.split(/\?(.*)/s);
    // `/de/secure-pdf` moves to `/de/protect-pdf`: the same redirects in every language.
    const page = splitLocalePath(pathname);
    const moved = (toolRedirects as Record<string, string>)[page.path.replace(/\/+$/, '')];
    const redirect = moved && localizedPath(moved, page.code);
    if (redirect) return reply.redirect(query ? `${redirect}?${query}` : redirect, 301);

    if (pathname.startsWith('/functions/') || pathname.startsWith('/api/')) {
      return reply.code(404).send(notFoundBody(`There is no GET ${pathname} here.`));
    }

    const found = await resolve(pathname);
    if (found && extname(found.file) === '.html') return sendPage(request, reply, found.file);
    if (found) {
      void reply.header('cache-control', found.relative.startsWith('assets/') ? IMMUTABLE : 'no-cache');
      if (WASM_WORKER_ASSET.test(found.relative)) void reply.header('content-security-policy', wasmWorkerCsp());
      return reply.sendFile(found.relative);
    }

    // The not-found page in the language of the path's prefix (`de/404.html`), else English's.
    const localNotFound = page.code === defaultLocale ? undefined : join(webRoot, page.code, '404.html');
    const notFoundPage =
      localNotFound && (await stat(localNotFound).catch(() => undefined))?.isFile()
        ? localNotFound
        : join(webRoot, '404.html');
    if (
      await stat(notFoundPage).then(
        (info) => info.isFile(),
        () => false,
      )
    )
      return sendPage(request, reply, notFoundPage, 404);
    return reply
      .code(404)
      .header('cache-control', 'no-cache')
      .type('text/plain; charset=utf-8')
      .send('Not found. The website is not built yet: run npm start.');
  });
};
