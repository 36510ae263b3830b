import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SiteBreadcrumb } from './site-breadcrumb';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The shared layout: sticky header, breadcrumb, page, footer. Every route change starts at the top. */
export default function SiteLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <SiteHeader />
      <SiteBreadcrumb />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
