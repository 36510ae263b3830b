import { type LocaleCode, localeOf } from '@paperknife/i18n/locales';
import { ChevronRight } from 'lucide-react';
import { Suspense, lazy } from 'react';
import { Link, useLocation, useMatches } from 'react-router';
import { useI18n } from '~/i18n/i18n-context';
import { type Crumb, breadcrumbTrail } from '~/lib/breadcrumb-map';

// The menu of folded crumbs needs Radix's DropdownMenu; only trails deeper than the site's pages have one.
const HiddenCrumbsMenu = lazy(() => import('./hidden-crumbs-menu'));

/**
 * A route that is not in the fixed map (guides, articles) names its crumb through `handle.crumbLabel(data)`, with
 * the language the name is written in when it is not the page's (an article not translated yet).
 */
export interface CrumbHandle {
  crumbLabel?: (data: unknown) => { text: string; lang: string } | undefined;
}

/** Above this many crumbs, narrow screens show the first and last and fold the middle into a menu. */
export const COLLAPSE_ABOVE = 3;

function usePageLabel(): { text: string; lang: string } | undefined {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const handle = match.handle as CrumbHandle | undefined;
    const label = handle?.crumbLabel?.(match.loaderData);
    if (label) return label;
  }
  return undefined;
}

function CrumbLink({ crumb, current, lang }: { crumb: Crumb; current: boolean; lang?: string | undefined }) {
  if (current) {
    return (
      <span aria-current="page" className="font-medium text-foreground" lang={lang}>
        {crumb.label}
      </span>
    );
  }
  return (
    <Link to={crumb.path} className="hover:text-foreground hover:underline">
      {crumb.label}
    </Link>
  );
}

function Separator({ className = '' }: { className?: string }) {
  return (
    <li role="presentation" aria-hidden="true" className={className}>
      <ChevronRight className="size-4 rtl:-scale-x-100" />
    </li>
  );
}

export function BreadcrumbTrail({ crumbs, lastLang }: { crumbs: readonly Crumb[]; lastLang?: string | undefined }) {
  const { t } = useI18n();
  if (crumbs.length <= 1) return null;
  const collapsible = crumbs.length > COLLAPSE_ABOVE;
  const middle = crumbs.slice(1, -1);
  return (
    <nav aria-label={t('breadcrumb.label')} className="mx-auto max-w-7xl px-4 pt-4 sm:px-6">
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
        {crumbs.map((crumb, index) => {
          const inMiddle = index > 0 && index < crumbs.length - 1;
          const hideNarrow = collapsible && inMiddle ? 'hidden sm:flex' : 'flex';
          return [
            index > 0 ? <Separator key={`sep-${crumb.path}`} className={hideNarrow} /> : null,
            <li key={crumb.path} className={`${hideNarrow} items-center`}>
              <CrumbLink
                crumb={crumb}
                current={index === crumbs.length - 1}
                lang={index === crumbs.length - 1 ? lastLang : undefined}
              />
            </li>,
            index === 0 && collapsible ? (
              <li key="collapsed" className="flex items-center gap-1.5 sm:hidden">
                <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
                <Suspense fallback={null}>
                  <HiddenCrumbsMenu crumbs={middle} />
                </Suspense>
              </li>
            ) : null,
          ];
        })}
      </ol>
    </nav>
  );
}

/** The breadcrumb of the current page; hidden on home and on single-crumb pages. */
export function SiteBreadcrumb() {
  const { pathname } = useLocation();
  const i18n = useI18n();
  const pageLabel = usePageLabel();
  const lastLang = pageLabel && pageLabel.lang !== i18n.locale ? localeOf(pageLabel.lang as LocaleCode).tag : undefined;
  return <BreadcrumbTrail crumbs={breadcrumbTrail(pathname, i18n, pageLabel?.text)} lastLang={lastLang} />;
}
