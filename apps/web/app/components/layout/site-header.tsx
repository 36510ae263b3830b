import { ChevronDown, FileText, Menu, X } from 'lucide-react';
import { NavigationMenu } from 'radix-ui';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { cn } from '../../lib/cn';
import { directLinks, menuTools, resourceLinks } from '../../lib/navigation';
import { SITE_NAME } from '../../lib/page-meta';
import { Button } from '../ui/button';
import { ThemeToggle } from './theme-toggle';

const triggerClass =
  'group inline-flex h-10 items-center gap-1 rounded-md px-3 text-sm font-medium hover:bg-accent hover:text-accent-foreground data-[state=open]:bg-accent';
const linkClass =
  'inline-flex h-10 items-center rounded-md px-3 text-sm font-medium hover:bg-accent hover:text-accent-foreground';

function MenuLink({ href, title, description }: { href: string; title: string; description: string }) {
  return (
    <li>
      <NavigationMenu.Link asChild>
        <Link to={href} className="block rounded-md p-3 hover:bg-accent focus-visible:bg-accent">
          <span className="block text-sm font-medium">{title}</span>
          <span className="mt-1 block text-sm text-muted-foreground">{description}</span>
        </Link>
      </NavigationMenu.Link>
    </li>
  );
}

export function SiteHeader() {
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setMobileOpen(false), [pathname]);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold" aria-label={`${SITE_NAME} home`}>
          <FileText className="size-6 text-primary" aria-hidden="true" />
          <span>{SITE_NAME}</span>
        </Link>

        <NavigationMenu.Root
          delayDuration={200}
          skipDelayDuration={300}
          className="relative hidden flex-1 md:flex"
          aria-label="Main"
        >
          <NavigationMenu.List className="flex items-center gap-1">
            <NavigationMenu.Item>
              <NavigationMenu.Trigger className={triggerClass}>
                Tools
                <ChevronDown
                  className="size-4 transition-transform group-data-[state=open]:rotate-180"
                  aria-hidden="true"
                />
              </NavigationMenu.Trigger>
              <NavigationMenu.Content className="absolute left-0 top-full mt-2 w-[600px] rounded-lg border bg-card p-3 text-card-foreground shadow-lg">
                <ul className="grid grid-cols-2 gap-1">
                  {menuTools.map((tool) => (
                    <MenuLink key={tool.href} {...tool} />
                  ))}
                </ul>
              </NavigationMenu.Content>
            </NavigationMenu.Item>
            <NavigationMenu.Item>
              <NavigationMenu.Trigger className={triggerClass}>
                Resources
                <ChevronDown
                  className="size-4 transition-transform group-data-[state=open]:rotate-180"
                  aria-hidden="true"
                />
              </NavigationMenu.Trigger>
              <NavigationMenu.Content className="absolute left-0 top-full mt-2 w-[400px] rounded-lg border bg-card p-3 text-card-foreground shadow-lg">
                <ul className="grid gap-1">
                  {resourceLinks.map((link) => (
                    <MenuLink key={link.href} {...link} />
                  ))}
                </ul>
              </NavigationMenu.Content>
            </NavigationMenu.Item>
            {directLinks.map((link) => (
              <NavigationMenu.Item key={link.href}>
                <NavigationMenu.Link asChild>
                  <Link to={link.href} className={linkClass}>
                    {link.title}
                  </Link>
                </NavigationMenu.Link>
              </NavigationMenu.Item>
            ))}
          </NavigationMenu.List>
        </NavigationMenu.Root>

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
            {mobileOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>
      </div>

      <nav
        id="mobile-menu"
        aria-label="Mobile"
        className={cn('border-t bg-background md:hidden', mobileOpen ? 'block' : 'hidden')}
      >
        <ul className="mx-auto grid max-w-7xl gap-1 px-4 py-3">
          {[...menuTools, { href: '/tools', title: 'All Tools' }, ...resourceLinks, ...directLinks].map((link) => (
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
