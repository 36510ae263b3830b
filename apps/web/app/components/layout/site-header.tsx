import { FileText, Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { cn } from '~/lib/cn';
import { directLinks, menuTools, resourceLinks } from '~/lib/navigation';
import { SITE_NAME } from '~/lib/page-meta';
import { toolInfo } from '~/lib/tool-info.prebuilt';
import { Button } from '~/components/ui/button';
import { HeaderMenu, type MenuEntry } from './header-menu';
import { ThemeToggle } from './theme-toggle';

/** The tool index, under the Tools menu's few tools and in the mobile menu after them. */
const allToolsLink: MenuEntry = {
  href: '/tools',
  title: 'All Tools',
  description: `Browse all ${Object.keys(toolInfo).length} tools by category`,
};

/** The header's two drop-down menus: their names, links and panel layout. */
const menus: readonly {
  label: string;
  entries: readonly MenuEntry[];
  footerLink?: MenuEntry;
  panelClassName: string;
  listClassName: string;
}[] = [
  {
    label: 'Tools',
    entries: menuTools,
    footerLink: allToolsLink,
    panelClassName: 'w-[600px]',
    listClassName: 'grid grid-cols-2 gap-1',
  },
  { label: 'Resources', entries: resourceLinks, panelClassName: 'w-[400px]', listClassName: 'grid gap-1' },
];

export function SiteHeader() {
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
        <Link to="/" className="flex items-center gap-2 text-lg font-bold" aria-label={`${SITE_NAME} home`}>
          <FileText className="size-6 text-primary" aria-hidden="true" />
          <span>{SITE_NAME}</span>
        </Link>

        <nav className="relative hidden flex-1 md:flex" aria-label="Main">
          <ul className="flex items-center gap-1">
            {menus.map((menu) => (
              <HeaderMenu
                key={menu.label}
                {...menu}
                open={openMenu === menu.label}
                onOpenChange={(open) =>
                  setOpenMenu((current) => (open ? menu.label : current === menu.label ? undefined : current))
                }
              />
            ))}
            {directLinks.map((link) => (
              <li key={link.href}>
                <Link
                  to={link.href}
                  className="inline-flex h-10 items-center rounded-md px-3 text-sm font-medium hover:bg-accent hover:text-accent-foreground"
                >
                  {link.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-1">
          <ThemeToggle />
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
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
        aria-label="Mobile"
        className={cn('border-t bg-background md:hidden', mobileOpen ? 'block' : 'hidden')}
      >
        <ul className="mx-auto grid max-w-7xl gap-1 px-4 py-3">
          {[...menuTools, allToolsLink, ...resourceLinks, ...directLinks].map((link) => (
            <li key={link.href}>
              <Link
                to={link.href}
                className="block rounded-md px-3 py-2 text-sm font-medium hover:bg-accent"
                onClick={() => setMobileOpen(false)}
              >
                {link.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
