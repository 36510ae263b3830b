import { FileText, Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { cn } from '~/lib/cn';
import type { Translator } from '@paperknife/i18n/translator';
import { useI18n } from '~/i18n/i18n-context';
import { type NavEntry, directLinks, menuTools, resourceLinks } from '~/lib/navigation';
import { SITE_NAME } from '~/lib/page-meta';
import { toolInfo } from '~/lib/tool-info.prebuilt';
import { Button } from '~/components/ui/button';
import { HeaderMenu, type MenuEntry } from './header-menu';
import { LanguageMenu } from './language-menu';
import { ThemeToggle } from './theme-toggle';

/** The tool index, under the Tools menu's few tools and in the mobile menu after them. */
const allToolsLink: NavEntry = { href: '/tools', title: 'nav.allTools', description: 'nav.allTools.description' };

/** The header's two drop-down menus: their names (message keys), links and panel layout. */
const menus: readonly {
  label: string;
  entries: readonly NavEntry[];
  footerLink?: NavEntry;
  panelClassName: string;
  listClassName: string;
}[] = [
  {
    label: 'nav.tools',
    entries: menuTools,
    footerLink: allToolsLink,
    panelClassName: 'w-[600px]',
    listClassName: 'grid grid-cols-2 gap-1',
  },
  { label: 'nav.resources', entries: resourceLinks, panelClassName: 'w-[400px]', listClassName: 'grid gap-1' },
];

/** A link's words and path in the page's language. */
function translated(entry: NavEntry, i18n: Translator): MenuEntry {
  return {
    href: i18n.path(entry.href),
    title: i18n.t(entry.title),
    description: i18n.t(entry.description, { count: Object.keys(toolInfo).length }),
  };
}

export function SiteHeader() {
  const i18n = useI18n();
  const { t } = i18n;
  const [mobileOpen, setMobileOpen] = useState(false);
  const [openMenu, setOpenMenu] = useState<string | undefined>();
  const { pathname } = useLocation();
  useEffect(() => {
    setMobileOpen(false);
    setOpenMenu(undefined);
  }, [pathname]);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Link
          to={i18n.path('/')}
          className="flex items-center gap-2 text-lg font-bold"
          aria-label={t('nav.home', { site: SITE_NAME })}
        >
          <FileText className="size-6 text-primary" aria-hidden="true" />
          <span>{SITE_NAME}</span>
        </Link>

        <nav className="relative hidden flex-1 md:flex" aria-label={t('nav.main')}>
          <ul className="flex items-center gap-1">
            {menus.map((menu) => (
              <HeaderMenu
                key={menu.label}
                label={t(menu.label)}
                entries={menu.entries.map((entry) => translated(entry, i18n))}
                footerLink={menu.footerLink && translated(menu.footerLink, i18n)}
                panelClassName={menu.panelClassName}
                listClassName={menu.listClassName}
                open={openMenu === menu.label}
                onOpenChange={(open) =>
                  setOpenMenu((current) => (open ? menu.label : current === menu.label ? undefined : current))
                }
              />
            ))}
            {directLinks.map((link) => (
              <li key={link.href}>
                <Link
                  to={i18n.path(link.href)}
                  className="inline-flex h-10 items-center rounded-md px-3 text-sm font-medium hover:bg-accent hover:text-accent-foreground"
                >
                  {t(link.title)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ms-auto flex items-center gap-1">
          <LanguageMenu />
          <ThemeToggle />
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            aria-label={mobileOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            data-label-open={t('nav.openMenu')}
            data-label-close={t('nav.closeMenu')}
            onClick={() => setMobileOpen((open) => !open)}
          >
            {/* Both icons are in the HTML, so the islands' script can swap them on a page without React. */}
            <Menu className={mobileOpen ? 'hidden' : undefined} data-mobile-menu-icon="closed" aria-hidden="true" />
            <X className={mobileOpen ? undefined : 'hidden'} data-mobile-menu-icon="open" aria-hidden="true" />
          </Button>
        </div>
      </div>

      <nav
        id="mobile-menu"
        aria-label={t('nav.mobile')}
        className={cn('border-t bg-background md:hidden', mobileOpen ? 'block' : 'hidden')}
      >
        <ul className="mx-auto grid max-w-7xl gap-1 px-4 py-3">
          {[...menuTools, allToolsLink, ...resourceLinks, ...directLinks].map((link) => (
            <li key={link.href}>
              <Link
                to={i18n.path(link.href)}
                className="block rounded-md px-3 py-2 text-sm font-medium hover:bg-accent"
                onClick={() => setMobileOpen(false)}
              >
                {t(link.title)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
