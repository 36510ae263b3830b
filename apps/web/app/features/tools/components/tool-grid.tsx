import { toolIds, toolPaths, tools } from '@paperknife/catalog/tools';
import { Link } from 'react-router';
import { cn } from '~/lib/cn';
import { ToolIcon } from './tool-icon';

/** Every tool of the catalogue as a card linking to its page; the popular ones carry a badge. */
export function ToolGrid({ headingLevel = 'h3', className }: { headingLevel?: 'h2' | 'h3'; className?: string }) {
  const Heading = headingLevel;
  return (
    <ul className={cn('grid gap-4 sm:grid-cols-2 lg:grid-cols-4', className)}>
      {toolIds.map((id) => {
        const tool = tools[id];
        return (
          <li key={id}>
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
                  to={toolPaths(id).canonical}
                  className="after:absolute after:inset-0 after:rounded-lg hover:underline focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
                >
                  {tool.title}
                </Link>
              </Heading>
              <p className="mt-2 text-sm text-muted-foreground">{tool.shortDescription}</p>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
