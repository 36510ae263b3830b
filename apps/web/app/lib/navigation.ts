import { toolInfo } from './tool-info.prebuilt';

/** The header's menus, derived from the catalogue so they cannot drift from it. */
export const menuTools = Object.values(toolInfo)
  .filter((tool) => tool.inMenu)
  .map((tool) => ({ href: tool.paths.canonical, title: tool.title, description: tool.shortDescription }));

export const resourceLinks = [
  { href: '/guides', title: 'Guides', description: 'Step-by-step PDF tutorials' },
  { href: '/blog', title: 'Blog', description: 'Latest PDF tips and insights' },
  { href: '/faq', title: 'FAQ', description: 'Frequently asked questions' },
] as const;

export const directLinks = [
  { href: '/features', title: 'Features' },
  { href: '/developers', title: 'Developers' },
] as const;
