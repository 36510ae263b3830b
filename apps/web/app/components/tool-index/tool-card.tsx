import { toolMessageKey } from '@paperknife/catalog/message-keys';
import type { ToolId } from '@paperknife/catalog/tools';
import { Link } from 'react-router';
import { ToolIcon } from '~/features/tools/components/tool-icon';
import { useI18n } from '~/i18n/i18n-context';
import { toolInfo } from '~/lib/tool-info.prebuilt';
import { toolSearchText } from './tool-search';

/** One tool as a card linking to its page; popular tools carry a badge. The card is the filter's unit. */
export function ToolCard({ id, headingLevel }: { id: ToolId; headingLevel: 'h3' | 'h4' }) {
  const { t, path } = useI18n();
  const tool = toolInfo[id];
  const title = t(toolMessageKey(id, 'title'));
  const shortDescription = t(toolMessageKey(id, 'shortDescription'));
  // The page's words and the English ones: "merge" finds Merge PDF on every language's page.
  const searchText = toolSearchText({
    title: `${title} ${tool.title}`,
    shortDescription,
    searchKeywords: [t(toolMessageKey(id, 'searchKeywords')), ...tool.searchKeywords],
  });
  const Heading = headingLevel;
  return (
    <li data-search-text={searchText}>
      <article className="relative flex h-full flex-col rounded-lg border bg-card p-5 text-card-foreground transition-shadow focus-within:shadow-md hover:shadow-md">
        <div className="flex items-start justify-between gap-2">
          <span className="flex size-10 items-center justify-center rounded-md bg-accent text-accent-foreground">
            <ToolIcon id={id} className="size-5" />
          </span>
          {tool.popular ? (
            <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground">
              {t('toolCard.popular')}
            </span>
          ) : null}
        </div>
        <Heading className="mt-4 font-semibold">
          <Link
            to={path(tool.paths.canonical)}
            className="after:absolute after:inset-0 after:rounded-lg hover:underline focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
          >
            {title}
          </Link>
        </Heading>
        <p className="mt-2 text-sm text-muted-foreground">{shortDescription}</p>
      </article>
    </li>
  );
}
