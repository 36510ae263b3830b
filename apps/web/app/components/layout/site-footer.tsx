import type { ToolId } from '@paperknife/catalog/tools';
import { Code, FileText, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { SITE_NAME, TAGLINE } from '~/lib/page-meta';
import { toolInfo } from '~/lib/tool-info.prebuilt';
import { type ThemePreference, useTheme } from '~/lib/theme';
import { siteConfig } from '~/site-config';

const footerTools: readonly ToolId[] = ['merge-pdf', 'split-pdf', 'compress-pdf'];

const columns = [
  {
    title: 'PDF Tools',
    links: [
      ...footerTools.map((id) => ({ href: toolInfo[id].paths.canonical, label: toolInfo[id].title })),
      { href: '/tools', label: 'All Tools' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { href: '/guides', label: 'How to Guides' },
      { href: '/blog', label: 'Blog' },
      { href: '/faq', label: 'FAQ' },
      { href: '/features', label: 'Features' },
    ],
  },
  {
    title: 'Company',
    links: [
      { href: '/privacy', label: 'Privacy Policy' },
      { href: '/terms', label: 'Terms of Service' },
      { href: '/contact', label: 'Contact' },
    ],
  },
];

function ThemeSelect() {
  const { preference, setPreference } = useTheme();
  return (
    <label className="flex items-center gap-2 text-sm text-muted-foreground">
      Theme
      <select
        data-theme-select
        className="h-9 rounded-md border border-input bg-background px-2 text-foreground"
        value={preference}
        onChange={(event) => setPreference(event.target.value as ThemePreference)}
      >
        <option value="light">Light</option>
        <option value="dark">Dark</option>
        <option value="system">System</option>
      </select>
    </label>
  );
}

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div>
          <Link to="/" className="flex items-center gap-2 text-lg font-bold">
            <FileText className="size-6 text-primary" aria-hidden="true" />
            {SITE_NAME}
          </Link>
          <p className="mt-3 text-sm text-muted-foreground">{TAGLINE}</p>
          <div className="mt-4 flex gap-2">
            <a
              href={siteConfig.sourceUrl}
              className="rounded-md p-2 hover:bg-accent"
              aria-label="Source code"
              rel="noopener"
            >
              <Code className="size-5" aria-hidden="true" />
            </a>
            <a
              href={`mailto:${siteConfig.supportEmail}`}
              className="rounded-md p-2 hover:bg-accent"
              aria-label="Email us"
            >
              <Mail className="size-5" aria-hidden="true" />
            </a>
          </div>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold">{column.title}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.href}>
                  <Link to={link.href} className="text-sm text-muted-foreground hover:text-foreground">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            © {year} {SITE_NAME}. Free software under the{' '}
            <a href={siteConfig.sourceUrl} className="underline hover:text-foreground">
              AGPL-3.0 licence: get the source code
            </a>
            .
          </p>
          <div className="flex items-center gap-4">
            <Link to="/privacy" className="hover:text-foreground">
              Privacy
            </Link>
            <Link to="/terms" className="hover:text-foreground">
              Terms
            </Link>
            <ThemeSelect />
          </div>
        </div>
      </div>
    </footer>
  );
}
