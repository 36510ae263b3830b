import type { Limits } from '@paperknife/catalog/limits';

export interface SiteConfig {
  /** Public origin, for canonical links, Open Graph and the sitemap. */
  siteUrl: string;
  /** Where the source code lives (the AGPL asks us to offer it). */
  sourceUrl: string;
  supportEmail: string;
  /** The server's limits, as configured when the site was built; pages write them in their language (format-size). */
  limits: Limits;
}

declare const __SITE_CONFIG__: SiteConfig;

export const siteConfig: SiteConfig = __SITE_CONFIG__;
