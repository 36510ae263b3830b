import { formatMegabytes } from '@paperknife/catalog/limits';
import { categoryMessageKey, toolMessageKey } from '@paperknife/catalog/message-keys';
import { type ToolId, maxFilesFor, toolDownloads, toolIds, toolPaths, tools } from '@paperknife/catalog/tools';
import type { Translator } from '@paperknife/i18n/translator';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '~/components/content/page-header';
import { toolGroups } from '~/components/tool-index/tool-sections';
import { ToolIcon } from '~/features/tools/components/tool-icon';
import { Button } from '~/components/ui/button';
import { guideHrefByTool } from '~/content/content.server';
import { useI18n } from '~/i18n/i18n-context';
import { routeLocale } from '~/i18n/route-locale';
import { SITE_NAME, absoluteUrl, metaTranslator, pageMeta } from '~/lib/page-meta';
import { siteConfig } from '~/site-config';
import type { Route } from './+types/features';
import { contentPageHandle } from '~/lib/page-handle';

export function loader({ params }: Route.LoaderArgs) {
  routeLocale(params);
  return { guides: guideHrefByTool() };
}

// No React in the browser: the header, theme and Try it now box are islands (decision 073).
export const handle = contentPageHandle;

export const meta: Route.MetaFunction = ({ location }) => {
  const i18n = metaTranslator(location);
  const description = i18n.t('features.meta.description', { site: SITE_NAME });
  return pageMeta(i18n, {
    title: i18n.t('features.title'),
    description,
    path: '/features',
    keywords: i18n.t('features.meta.keywords'),
    jsonLd: [
      {
        '@type': 'ItemList',
        name: i18n.t('features.meta.name', { site: SITE_NAME }),
        description,
        inLanguage: i18n.tag,
        itemListElement: toolIds.map((id, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          url: absoluteUrl(i18n.path(toolPaths(id).canonical)),
          name: i18n.t(toolMessageKey(id, 'title')),
        })),
      },
    ],
  });
};

/** What a tool takes and gives, in words, from the catalogue and the configured limits. */
function toolFacts(id: ToolId, { t }: Translator): string[] {
  const tool = tools[id];
  const { limits } = siteConfig;
  const kind = tool.input.label;
  const size = formatMegabytes(limits.maxFileBytes);
  const downloads = toolDownloads(id).map((download) => download.name);
  return [
    tool.files.max === 1
      ? t('features.facts.oneFile', { kind, extensions: tool.input.extensions.join(', '), size })
      : t('features.facts.files', { kind, min: tool.files.min, max: maxFilesFor(id, limits), size }),
    downloads.length === 1
      ? t('features.facts.youGet', { name: downloads[0] ?? '' })
      : t('features.facts.youGetEither', { first: downloads[0] ?? '', second: downloads.slice(1).join(', ') }),
  ];
}

/** A tool's long description, what it takes and gives, and links to it and its guide. */
function FeatureCard({ id, guide }: { id: ToolId; guide: string | undefined }) {
  const i18n = useI18n();
  const { t, path } = i18n;
  const title = t(toolMessageKey(id, 'title'));
  return (
    <section
      aria-labelledby={`feature-${id}`}
      className="rounded-xl border bg-card p-6 text-card-foreground sm:flex sm:gap-6"
    >
      <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
        <ToolIcon id={id} className="size-6" />
      </span>
      <div className="mt-4 flex-1 sm:mt-0">
        <h3 id={`feature-${id}`} className="text-xl font-semibold">
          {title}
        </h3>
        <p className="mt-2 text-muted-foreground">{t(toolMessageKey(id, 'description'))}</p>
        <ul className="mt-3 list-disc space-y-1 ps-5 text-sm text-muted-foreground">
          {toolFacts(id, i18n).map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <Button asChild>
            <Link to={path(toolPaths(id).alias)} aria-label={t('features.useToolFor', { tool: title })}>
              {t('features.useTool')}
              <ArrowRight className="rtl:-scale-x-100" aria-hidden="true" />
            </Link>
          </Button>
          {guide ? (
            <Link
              to={path(guide)}
              className="text-sm font-medium text-primary underline underline-offset-2 hover:no-underline"
              aria-label={t('features.readGuideTo', { tool: title })}
            >
              {t('features.readGuide')}
            </Link>
          ) : null}
        </div>
      </div>
    </section>
  );
}

export default function FeaturesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <>
      <PageHeader title={t('features.title')} lead={t('features.lead', { count: toolIds.length })} />
      <div className="mx-auto max-w-5xl space-y-12 px-4 pb-16 sm:px-6">
        {toolGroups.map(({ category, items }) => (
          <section key={category.id} aria-labelledby={`features-${category.id}`}>
            <h2 id={`features-${category.id}`} className="text-2xl font-bold tracking-tight">
              {t(categoryMessageKey(category.id, 'title'))}
            </h2>
            <p className="mt-1 text-muted-foreground">{t(categoryMessageKey(category.id, 'description'))}</p>
            <ul className="mt-6 space-y-6">
              {items.map((id) => (
                <li key={id}>
                  <FeatureCard id={id} guide={loaderData.guides[id]} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}
