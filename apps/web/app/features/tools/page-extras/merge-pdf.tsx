import { toolMessageKey } from '@paperknife/catalog/message-keys';
import { useI18n } from '~/i18n/i18n-context';
import { toolInfo } from '~/lib/tool-info.prebuilt';
import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import type { ToolPageExtras } from '~/features/tools/tool-page-extras';

/** Merge's sidebar of related resources (large screens). */
function MergeSidebar() {
  const { t, path } = useI18n();
  const links = [
    { href: '/guides/how-to-merge-pdf-files', label: t('merge.sidebar.guide') },
    { href: '/blog/merge-pdf-files-complete-guide', label: t('merge.sidebar.article') },
    {
      href: toolInfo['split-pdf'].paths.canonical,
      label: t('merge.sidebar.split', { tool: t(toolMessageKey('split-pdf', 'title')) }),
    },
    {
      href: toolInfo['compress-pdf'].paths.canonical,
      label: t('merge.sidebar.compress', { tool: t(toolMessageKey('compress-pdf', 'title')) }),
    },
  ];
  return (
    <aside className="hidden lg:block" aria-labelledby="related-resources">
      <div className="sticky top-24 rounded-xl border bg-card p-6 text-card-foreground">
        <h2 id="related-resources" className="font-semibold">
          {t('merge.sidebar.title')}
        </h2>
        <p className="mt-2 text-sm text-muted-foreground">{t('merge.sidebar.tip')}</p>
        <ul className="mt-4 grid gap-2 text-sm">
          {links.map((link) => (
            <li key={link.href}>
              <Link to={path(link.href)} className="text-primary underline-offset-4 hover:underline">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}

/** After a merge: what people usually do next with the merged file. */
function MergeSuccess() {
  const { t, path } = useI18n();
  const next = [
    { href: toolInfo['compress-pdf'].paths.canonical, label: t('merge.success.compress') },
    { href: toolInfo['page-numbers'].paths.canonical, label: t('merge.success.pageNumbers') },
    { href: toolInfo['protect-pdf'].paths.canonical, label: t('merge.success.protect') },
  ];
  return (
    <section className="rounded-xl border border-success/40 bg-success/10 p-6" aria-labelledby="merge-success">
      <h2 id="merge-success" className="flex items-center gap-2 text-lg font-semibold">
        <CheckCircle2 className="size-5 text-success" aria-hidden="true" />
        {t('merge.success.title')}
      </h2>
      <p className="mt-2 text-sm">{t('merge.success.text')}</p>
      <h3 className="mt-4 text-sm font-semibold">{t('merge.success.next')}</h3>
      <ul className="mt-2 flex flex-wrap gap-2">
        {next.map((step) => (
          <li key={step.href}>
            <Link
              to={path(step.href)}
              className="inline-block rounded-md border bg-background px-3 py-1.5 text-sm hover:bg-accent"
            >
              {step.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const pageExtras: ToolPageExtras = { Sidebar: MergeSidebar, AfterSuccess: MergeSuccess };
