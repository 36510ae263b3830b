import { readLimits } from '@paperknife/catalog/limits';
import type { SiteConfig } from './app/site-config';

/**
 * What the website shows of the server's configuration, read from the same environment variables at build time,
 * so the limits people read are the limits the server enforces.
 */
export function publicSiteConfig(env: Record<string, string | undefined> = process.env): SiteConfig {
  return {
    siteUrl: (env['PAPERKNIFE_SITE_URL'] || 'http://localhost:3000').replace(/\/+$/, ''),
    sourceUrl: env['PAPERKNIFE_SOURCE_URL'] || 'https://github.com/paperknife/paperknife',
    supportEmail: env['PAPERKNIFE_SUPPORT_EMAIL'] || 'support@paperknife.app',
    limits: readLimits(env),
  };
}
