import { createHash } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INLINE_SCRIPT, type TestApp, makeTestApp } from './testing/test-app.js';
import { inlineScriptHashes } from './static-site.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('the website', () => {
  it('serves HTML with no-cache and a CSP that allows its inline script by hash only', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const hash = `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`;
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' ${hash}`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('serves hashed assets as immutable for a year', async () => {
    const response = await get('/assets/app-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.body).toBe('console.log("app");\n');
    const other = await get('/robots.txt');
    expect(other.headers['cache-control']).toBe('no-cache');
  });

  it("sends the build's brotli or gzip copies to clients that accept them, and the plain file to others", async () => {
    const html = '<!doctype html><html><body><h1>Compressed</h1><script>boot()</script></body></html>';
    await writeFile(join(t.webRoot, 'compressed.html'), html);
    await writeFile(join(t.webRoot, 'compressed.html.br'), brotliCompressSync(html));
    await writeFile(join(t.webRoot, 'compressed.html.gz'), gzipSync(html));
    const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
    await writeFile(join(t.webRoot, 'assets', 'big-abc123.js'), script);
    await writeFile(join(t.webRoot, 'assets', 'big-abc123.js.gz'), gzipSync(script));

    const withEncoding = (url: string, encoding: string) =>
      t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
    const brotli = await withEncoding('/compressed', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(html);
    expect(String(brotli.headers['content-security-policy'])).toContain(
      `'sha256-${createHash('sha256').update('boot()').digest('base64')}'`,
    );
    const gzip = await withEncoding('/compressed', 'gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(html);
    const plain = await withEncoding('/compressed', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);

    const asset = await withEncoding('/assets/big-abc123.js', 'gzip');
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(asset.rawPayload).toString()).toBe(script);
  });

  it("grants 'wasm-unsafe-eval' to the device workers' scripts alone, and sends the wasm brotli as application/wasm", async () => {
    const wasm = Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), Buffer.alloc(4000)]);
    await writeFile(join(t.webRoot, 'assets', 'qpdf-abc123.wasm'), wasm);
    await writeFile(join(t.webRoot, 'assets', 'qpdf-abc123.wasm.br'), brotliCompressSync(wasm));
    for (const name of ['qpdf-worker-abc123.js', 'mupdf-worker-abc123.js']) {
      await writeFile(join(t.webRoot, 'assets', name), 'self.onmessage = () => {};\n');
      const worker = await get(`/assets/${name}`);
      expect(String(worker.headers['content-security-policy'])).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
    }
    for (const url of ['/', '/merge-pdf', '/assets/app-abc123.js']) {
      const csp = String((await get(url)).headers['content-security-policy']);
      expect(csp, url).not.toContain('wasm-unsafe-eval');
      expect(csp, url).not.toContain("'unsafe-eval'");
    }
    const module = await t.app.inject({
      method: 'GET',
      url: '/assets/qpdf-abc123.wasm',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(module.headers['content-type']).toBe('application/wasm');
    expect(module.headers['content-encoding']).toBe('br');
    expect(module.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(module.rawPayload)).toEqual(wasm);
  });

  it('serves prerendered pages from x/index.html and x.html', async () => {
    const tool = await get('/merge-pdf');
    expect(tool.statusCode).toBe(200);
    expect(tool.body).toContain('<h1>Merge PDF</h1>');
    expect((await get('/merge-pdf/')).body).toContain('<h1>Merge PDF</h1>');
    expect((await get('/about')).body).toContain('<h1>About</h1>');
  });

  it('redirects old tool paths for good', async () => {
    const response = await get('/secure-pdf?from=old');
    expect(response.statusCode).toBe(301);
    expect(response.headers['location']).toBe('/protect-pdf?from=old');
  });

  it('answers unknown paths with the site 404 page and status 404, and never leaves the web root', async () => {
    const response = await get('/no/such/page');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('Page Not Found');
    for (const path of ['/../package.json', '/%2e%2e/%2e%2e/package.json', '/assets/..%2f..%2fdata', '/%00']) {
      expect((await get(path)).statusCode).toBe(404);
    }
  });

  it('answers a miss under a language with that language’s not-found page, and moves old paths per language', async () => {
    const german = await get('/de/no-such-page');
    expect(german.statusCode).toBe(404);
    expect(german.body).toContain('Seite nicht gefunden');
    // A language without its own page yet, and English: the English one.
    expect((await get('/fr/no-such-page')).body).toContain('Page Not Found');
    const moved = await get('/de/secure-pdf?x=1');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/de/protect-pdf?x=1');
    expect((await get('/secure-pdf')).headers.location).toBe('/protect-pdf');
  });

  it('answers a plain 404 when the site is not built', async () => {
    await rm(join(t.webRoot, '404.html'));
    const response = await get('/missing');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
  });
});

describe('inlineScriptHashes', () => {
  it('hashes inline scripts exactly as written and skips external ones', () => {
    const html = '<script src="/a.js"></script><script type="module">import("/b.js")</script><script>\n1\n</script>';
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([sha('import("/b.js")'), sha('\n1\n')]);
  });
});
