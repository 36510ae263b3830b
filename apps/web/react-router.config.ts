import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '@react-router/dev/config';
import { NOT_FOUND_PATH, indexedPaths, prerenderPaths } from './app/site-routes';
import { publicSiteConfig } from './site-config.build';
import { robotsTxt, sitemapXml } from './sitemap.build';

// Static HTML for every public route (no server rendering at run time): search engines and people without
// JavaScript get the full content, and the Fastify server only serves files.
export default {
  appDirectory: 'app',
  ssr: false,
  prerender: prerenderPaths,
  async buildEnd({ reactRouterConfig }) {
    const client = join(reactRouterConfig.buildDirectory, 'client');
    // The server answers unknown paths with 404.html and status 404; /404 itself is not a page.
    const notFound = join(client, NOT_FOUND_PATH);
    await rename(join(notFound, 'index.html'), join(client, '404.html'));
    await rm(notFound, { recursive: true, force: true });
    await mkdir(client, { recursive: true });
    const { siteUrl } = publicSiteConfig();
    await writeFile(join(client, 'sitemap.xml'), sitemapXml(siteUrl, indexedPaths()));
    await writeFile(join(client, 'robots.txt'), robotsTxt(siteUrl));
  },
} satisfies Config;
