import { toolMessageKey } from '@paperknife/catalog/message-keys';
import { splitLocalePath } from '@paperknife/i18n/locales';
import type { Translator } from '@paperknife/i18n/translator';
import { toolInfo, toolRedirects } from './tool-info.prebuilt';

export interface Crumb {
  label: string;
  path: string;
}

interface CrumbEntry {
  /** The label's message key. */
  label: string;
  parent?: string;
}

const toolCrumbs: Record<string, CrumbEntry> = Object.fromEntries(
  Object.entries(toolInfo).map(([id, tool]) => [
    tool.paths.canonical,
    { label: toolMessageKey(id, 'title'), parent: '/tools' },
  ]),
);

/**
 * The fixed map of path -> label and parent. Tools come from the catalogue, and an old tool path that moved names
 * the tool it moved to. Guides and articles take their label from their own title.
 */
const breadcrumbMap: Record<string, CrumbEntry> = {
  '/': { label: 'page.home.crumb' },
  '/tools': { label: 'page.tools.crumb', parent: '/' },
  '/guides': { label: 'page.guides.crumb', parent: '/' },
  '/blog': { label: 'page.blog.crumb', parent: '/' },
  '/faq': { label: 'page.faq.crumb', parent: '/' },
  '/privacy': { label: 'page.privacy.crumb', parent: '/' },
  '/terms': { label: 'page.terms.crumb', parent: '/' },
  '/contact': { label: 'page.contact.crumb', parent: '/' },
  '/features': { label: 'page.features.crumb', parent: '/' },
  '/developers': { label: 'page.developers.crumb', parent: '/' },
  ...toolCrumbs,
  ...Object.fromEntries(Object.entries(toolRedirects).map(([from, to]) => [from, toolCrumbs[to]])),
};

/**
 * The crumbs from Home to the page at `pathname` (in any language: the crumbs link within it). `/tools/{tool}` is
 * the same page as `/{tool}`; guides and articles (not in the map) get `pageLabel` under their section.
 */
export function breadcrumbTrail(pathname: string, i18n: Translator, pageLabel?: string): Crumb[] {
  return englishTrail(normalize(splitLocalePath(pathname).path), pageLabel).map((crumb) => ({
    label: crumb.translate ? i18n.t(crumb.label) : crumb.label,
    path: i18n.path(crumb.path),
  }));
}

function englishTrail(path: string, pageLabel?: string): (Crumb & { translate: boolean })[] {
  const toolAlias = /^\/tools\/([^/]+)$/.exec(path);
  const key = toolAlias && breadcrumbMap[`/${toolAlias[1]}`] ? `/${toolAlias[1]}` : path;
  const trail: (Crumb & { translate: boolean })[] = [];
  let current: string | undefined = key;
  let entry = breadcrumbMap[key];
  if (!entry) {
    const section = /^\/(guides|blog)\/[^/]+$/.exec(path)?.[1];
    if (!section || !pageLabel) return [];
    trail.push({ label: pageLabel, path, translate: false });
    current = `/${section}`;
    entry = breadcrumbMap[current];
  }
  while (current !== undefined && entry) {
    trail.unshift({ label: entry.label, path: current, translate: true });
    current = entry.parent;
    entry = current === undefined ? undefined : breadcrumbMap[current];
  }
  return trail;
}

function normalize(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}
