import type { ToolId } from '@paperknife/catalog/tools';
import { Link } from 'react-router';
import { ToolIcon } from '~/features/tools/components/tool-icon';
import { toolInfo } from '~/lib/tool-info.prebuilt';
import { toolSearchText } from './tool-search';

/** One tool as a card linking to its page; popular tools carry a badge. The card is the filter's unit. */
export function ToolCard({ id, headingLevel }: { id: ToolId; headingLevel: 'h3' | 'h4' }) {
  const tool = toolInfo[id];
  const Heading = headingLevel;
  return (
    <li data-search-text={toolSearchText(tool)}>
      <article className="relative flex h-full flex-col rounded-lg border bg-card p-5 text-card-foreground transition-shadow focus-within:shadow-md hover:shadow-md">
        <div className="flex items-start justify-between gap-2">
          <span className="flex size-10 items-center justify-center rounded-md bg-accent text-accent-foreground">
            <ToolIcon id={id} className="size-5" />
          </span>
          {tool.popular ? (
            <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground">
              Popular
            </span>
          ) : null}
        </div>
        <Heading className="mt-4 font-semibold">
          <Link
            to={tool.paths.canonical}
            className="after:absolute after:inset-0 after:rounded-lg hover:underline focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
          >
            {tool.title}
          </Link>
        </Heading>
        <p className="mt-2 text-sm text-muted-foreground">{tool.shortDescription}</p>
      </article>
    </li>
  );
}
