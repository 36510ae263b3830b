import { toolMessageKey } from '@paperknife/catalog/message-keys';
import { toolInfo } from './tool-info.prebuilt';

/** A header or footer link: an English path and the message keys of its words. */
export interface NavEntry {
  href: string;
  title: string;
  description: string;
}

/** The header's menus, derived from the catalogue so they cannot drift from it. */
export const menuTools: readonly NavEntry[] = Object.entries(toolInfo)
  .filter(([, tool]) => tool.inMenu)
  .map(([id, tool]) => ({
    href: tool.paths.canonical,
    title: toolMessageKey(id, 'title'),
    description: toolMessageKey(id, 'shortDescription'),
  }));

export const resourceLinks: readonly NavEntry[] = [
  { href: '/guides', title: 'nav.guides', description: 'nav.guides.description' },
  { href: '/blog', title: 'nav.blog', description: 'nav.blog.description' },
  { href: '/faq', title: 'nav.faq', description: 'nav.faq.description' },
];

export const directLinks: readonly Pick<NavEntry, 'href' | 'title'>[] = [
  { href: '/features', title: 'nav.features' },
  { href: '/developers', title: 'nav.developers' },
];
