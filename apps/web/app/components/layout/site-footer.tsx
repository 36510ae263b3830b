import { toolMessageKey } from '@paperknife/catalog/message-keys';
import type { ToolId } from '@paperknife/catalog/tools';
import { Code, FileText, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { useI18n } from '~/i18n/i18n-context';
import { RichText } from '~/i18n/rich-text';
import { SITE_NAME } from '~/lib/page-meta';
import { toolInfo } from '~/lib/tool-info.prebuilt';
import { type ThemePreference, useTheme } from '~/lib/theme';
import { siteConfig } from '~/site-config';
import { LanguageLinkList } from './language-menu';

const footerTools: readonly ToolId[] = ['merge-pdf', 'split-pdf', 'compress-pdf'];

/** The footer's link columns: titles and labels are message keys, paths English. */
const columns = [
  {
    title: 'footer.pdfTools',
    links: [
      ...footerTools.map((id) => ({ href: toolInfo[id].paths.canonical, label: toolMessageKey(id, 'title') })),
      { href: '/tools', label: 'nav.allTools' },
    ],
  },
  {
    title: 'footer.resources',
    links: [
      { href: '/guides', label: 'footer.guides' },
      { href: '/blog', label: 'nav.blog' },
      { href: '/faq', label: 'nav.faq' },
      { href: '/features', label: 'nav.features' },
    ],
  },
  {
    title: 'footer.company',
    links: [
      { href: '/privacy', label: 'page.privacy.crumb' },
      { href: '/terms', label: 'page.terms.crumb' },
      { href: '/contact', label: 'page.contact.crumb' },
    ],
  },
];

/** Every language's copy of the page, as plain links (they work without JavaScript). */
function LanguageLinks() {
  const { t } = useI18n();
  return (
    <nav aria-label={t('language.footer')} className="mx-auto max-w-7xl px-4 pb-6 sm:px-6">
      <LanguageLinkList
        listClassName="flex flex-wrap gap-x-4 gap-y-2 text-sm text-muted-foreground"
        linkClassName="hover:text-foreground aria-[current=true]:font-semibold aria-[current=true]:text-foreground"
      />
    </nav>
  );
}

function ThemeSelect() {
  const { t } = useI18n();
  const { preference, setPreference } = useTheme();
  return (
    <label className="flex items-center gap-2 text-sm text-muted-foreground">
      {t('theme.label')}
      <select
        data-theme-select
        className="h-9 rounded-md border border-input bg-background px-2 text-foreground"
        value={preference}
        onChange={(event) => setPreference(event.target.value as ThemePreference)}
      >
        <option value="light">{t('theme.light')}</option>
        <option value="dark">{t('theme.dark')}</option>
        <option value="system">{t('theme.system')}</option>
      </select>
    </label>
  );
}

export function SiteFooter() {
  const i18n = useI18n();
  const { t } = i18n;
  const year = new Date().getFullYear();
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div>
          <Link to={i18n.path('/')} className="flex items-center gap-2 text-lg font-bold">
            <FileText className="size-6 text-primary" aria-hidden="true" />
            {SITE_NAME}
          </Link>
          <p className="mt-3 text-sm text-muted-foreground">{t('site.tagline')}</p>
          <div className="mt-4 flex gap-2">
            <a
              href={siteConfig.sourceUrl}
              className="rounded-md p-2 hover:bg-accent"
              aria-label={t('footer.sourceCode')}
              rel="noopener"
            >
              <Code className="size-5" aria-hidden="true" />
            </a>
            <a
              href={`mailto:${siteConfig.supportEmail}`}
              className="rounded-md p-2 hover:bg-accent"
              aria-label={t('footer.email')}
            >
              <Mail className="size-5" aria-hidden="true" />
            </a>
          </div>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={t(column.title)}>
            <h2 className="text-sm font-semibold">{t(column.title)}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.href}>
                  <Link to={i18n.path(link.href)} className="text-sm text-muted-foreground hover:text-foreground">
                    {t(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <LanguageLinks />
      <div className="border-t">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            <RichText
              text={t('footer.licence', { year, site: SITE_NAME })}
              wrap={[
                (words) => (
                  <a href={siteConfig.sourceUrl} className="underline hover:text-foreground">
                    {words}
                  </a>
                ),
              ]}
            />
          </p>
          <div className="flex items-center gap-4">
            <Link to={i18n.path('/privacy')} className="hover:text-foreground">
              {t('footer.privacy')}
            </Link>
            <Link to={i18n.path('/terms')} className="hover:text-foreground">
              {t('footer.terms')}
            </Link>
            <ThemeSelect />
          </div>
        </div>
      </div>
    </footer>
  );
}
