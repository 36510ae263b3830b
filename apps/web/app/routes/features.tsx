import { formatMegabytes } from '@paperknife/catalog/limits';
import { type ToolId, maxFilesFor, toolDownloads, toolIds, toolPaths, tools } from '@paperknife/catalog/tools';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '~/components/content/page-header';
import { toolGroups } from '~/components/tool-index/tool-sections';
import { ToolIcon } from '~/features/tools/components/tool-icon';
import { Button } from '~/components/ui/button';
import { guideHrefByTool } from '~/content/content.server';
import { absoluteUrl, pageMeta } from '~/lib/page-meta';
import { siteConfig } from '~/site-config';
import type { Route } from './+types/features';
import { contentPageHandle } from '~/lib/page-handle';

export function loader() {
  return { guides: guideHrefByTool() };
}

const description =
  'What each PaperKnife tool does and how: merge, split, compress, rotate, protect, unlock, watermark, page numbers, grayscale, conversions and extraction.';

// No React in the browser: the header, theme and Try it now box are islands (decision 073).
export const handle = contentPageHandle;

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Features',
    description,
    path: '/features',
    keywords: ['pdf features', 'pdf tools list', 'what can i do with a pdf', 'pdf toolbox features'],
    jsonLd: [
      {
        '@type': 'ItemList',
        name: 'PaperKnife features',
        description,
        itemListElement: toolIds.map((id, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          url: absoluteUrl(toolPaths(id).canonical),
          name: tools[id].title,
        })),
      },
    ],
  });

/** What a tool takes and gives, in words, from the catalogue and the configured limits. */
function toolFacts(id: ToolId): string[] {
  const tool = tools[id];
  const { limits } = siteConfig;
  const files =
    tool.files.max === 1
      ? `One ${tool.input.label} file (${tool.input.extensions.join(', ')})`
      : `${tool.files.min} to ${maxFilesFor(id, limits)} ${tool.input.label} files`;
  const downloads = toolDownloads(id);
  return [
    `${files}, up to ${formatMegabytes(limits.maxFileBytes)} each`,
    `You get ${downloads.map((download) => download.name).join(' or ')}`,
  ];
}

/** A tool's long description, what it takes and gives, and links to it and its guide. */
function FeatureCard({ id, guide }: { id: ToolId; guide: string | undefined }) {
  const tool = tools[id];
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
          {tool.title}
        </h3>
        <p className="mt-2 text-muted-foreground">{tool.description}</p>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-muted-foreground">
          {toolFacts(id).map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <Button asChild>
            <Link to={toolPaths(id).alias}>
              Use Tool<span className="sr-only"> for {tool.title}</span>
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          {guide ? (
            <Link
              to={guide}
              className="text-sm font-medium text-primary underline underline-offset-2 hover:no-underline"
            >
              Read the guide<span className="sr-only"> to {tool.title}</span>
            </Link>
          ) : null}
        </div>
      </div>
    </section>
  );
}

export default function FeaturesPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Features"
        lead={`${toolIds.length} tools for the PDF jobs that come up every day, all free and all processed with care: text stays text, pages keep their quality, and your files are deleted as soon as you have your result.`}
      />
      <div className="mx-auto max-w-5xl space-y-12 px-4 pb-16 sm:px-6">
        {toolGroups.map(({ category, items }) => (
          <section key={category.id} aria-labelledby={`features-${category.id}`}>
            <h2 id={`features-${category.id}`} className="text-2xl font-bold tracking-tight">
              {category.title}
            </h2>
            <p className="mt-1 text-muted-foreground">{category.description}</p>
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
