import type { MessageCatalogue } from './catalogue.js';

/** Key prefixes of the messages the catalogue's English texts give (the rest are the site's own). */
export const cataloguePrefixes = ['category.', 'tool.', 'error.', 'stage.'] as const;

export const isCatalogueKey = (key: string) => cataloguePrefixes.some((prefix) => key.startsWith(prefix));

/** English's messages with the catalogue's part replaced by `catalogue`: the catalogue's first, then the site's. */
export function withCatalogueMessages(english: MessageCatalogue, catalogue: MessageCatalogue): MessageCatalogue {
  const site = Object.entries(english).filter(([key]) => !isCatalogueKey(key));
  return { ...catalogue, ...Object.fromEntries(site) };
}
