import { localizedPath, splitLocalePath } from '@paperknife/i18n/locales';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useI18n } from '~/i18n/i18n-context';
import { startLanguageChoice } from '~/i18n/language-choice';
import { LanguageSuggestion } from './language-suggestion';
import { SiteBreadcrumb } from './site-breadcrumb';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The shared layout: sticky header, breadcrumb, page, footer. Every route change starts at the top. */
export default function SiteLayout() {
  const { pathname } = useLocation();
  const { t, locale } = useI18n();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  useEffect(() => {
    startLanguageChoice(document, locale, (code) =>
      localizedPath(splitLocalePath(window.location.pathname).path, code),
    );
  }, [locale]);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:start-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow"
      >
        {t('site.skipToContent')}
      </a>
      <LanguageSuggestion />
      <SiteHeader />
      <SiteBreadcrumb />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
