import { toolIds, toolPaths, tools } from '@paperknife/catalog/tools';

/** The header's menus, derived from the catalogue so they cannot drift from it. */
export const menuTools = toolIds
  .filter((id) => tools[id].inMenu)
  .map((id) => ({ href: toolPaths(id).canonical, title: tools[id].title, description: tools[id].shortDescription }));

export const resourceLinks = [
  { href: '/guides', title: 'Guides', description: 'Step-by-step PDF tutorials' },
  { href: '/blog', title: 'Blog', description: 'Latest PDF tips and insights' },
  { href: '/faq', title: 'FAQ', description: 'Frequently asked questions' },
] as const;

export const directLinks = [
  { href: '/features', title: 'Features' },
  { href: '/developers', title: 'Developers' },
] as const;
