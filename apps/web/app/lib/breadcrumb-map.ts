import { toolInfo, toolRedirects } from './tool-info.prebuilt';

export interface Crumb {
  label: string;
  path: string;
}

interface CrumbEntry {
  label: string;
  parent?: string;
}

const toolCrumbs: Record<string, CrumbEntry> = Object.fromEntries(
  Object.values(toolInfo).map((tool) => [tool.paths.canonical, { label: tool.title, parent: '/tools' }]),
);

/**
 * The fixed map of path -> label and parent. Tools come from the catalogue, and an old tool path that moved names
 * the tool it moved to. Guides and articles take their label from their own title.
 */
const breadcrumbMap: Record<string, CrumbEntry> = {
  '/': { label: 'Home' },
  '/tools': { label: 'PDF Tools', parent: '/' },
  '/guides': { label: 'Guides', parent: '/' },
  '/blog': { label: 'Blog', parent: '/' },
  '/faq': { label: 'FAQ', parent: '/' },
  '/privacy': { label: 'Privacy Policy', parent: '/' },
  '/terms': { label: 'Terms of Service', parent: '/' },
  '/contact': { label: 'Contact', parent: '/' },
  '/features': { label: 'Features', parent: '/' },
  '/developers': { label: 'Developers', parent: '/' },
  ...toolCrumbs,
  ...Object.fromEntries(Object.entries(toolRedirects).map(([from, to]) => [from, toolCrumbs[to]])),
};

/**
 * The crumbs from Home to the page at `pathname`. `/tools/{tool}` is the same page as `/{tool}`; guides and
 * articles (not in the map) get `pageLabel` under their section.
 */
export function breadcrumbTrail(pathname: string, pageLabel?: string): Crumb[] {
  const path = normalize(pathname);
  const toolAlias = /^\/tools\/([^/]+)$/.exec(path);
  const key = toolAlias && breadcrumbMap[`/${toolAlias[1]}`] ? `/${toolAlias[1]}` : path;
  const trail: Crumb[] = [];
  let current: string | undefined = key;
  let entry = breadcrumbMap[key];
  if (!entry) {
    const section = /^\/(guides|blog)\/[^/]+$/.exec(path)?.[1];
    if (!section || !pageLabel) return [];
    trail.push({ label: pageLabel, path });
    current = `/${section}`;
    entry = breadcrumbMap[current];
  }
  while (current !== undefined && entry) {
    trail.unshift({ label: entry.label, path: current });
    current = entry.parent;
    entry = current === undefined ? undefined : breadcrumbMap[current];
  }
  return trail;
}

function normalize(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}
