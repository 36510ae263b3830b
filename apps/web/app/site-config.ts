import type { Limits } from '@paperknife/catalog/limits';

export interface SiteConfig {
  /** Public origin, for canonical links, Open Graph and the sitemap. */
  siteUrl: string;
  /** Where the source code lives (the AGPL asks us to offer it). */
  sourceUrl: string;
  supportEmail: string;
  /** The server's limits, as configured when the site was built. */
  limits: Limits;
  /**
   * The per-file limit as pages write it ("100 MB"), formatted at build time: the catalogue's formatter comes
   * with zod, which a tool page does not load before a file is dropped (decision 074).
   */
  maxFileSize: string;
}

declare const __SITE_CONFIG__: SiteConfig;

export const siteConfig: SiteConfig = __SITE_CONFIG__;
