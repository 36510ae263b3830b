import { Link } from 'react-router';
import { toolIds, toolPaths, tools } from '@paperknife/catalog/tools';

/** Every tool of the catalogue as a card linking to its page; the popular ones carry a badge. */
export function ToolGrid({ headingLevel = 'h3' }: { headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {toolIds.map((id) => {
        const tool = tools[id];
        return (
          <li key={id}>
            <Link
              to={toolPaths(id).canonical}
              className="flex h-full flex-col rounded-lg border bg-card p-5 text-card-foreground transition-shadow hover:shadow-md"
            >
              <span className="flex items-start justify-between gap-2">
                <Heading className="font-semibold">{tool.title}</Heading>
                {tool.popular ? (
                  <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground">
                    Popular
                  </span>
                ) : null}
              </span>
              <span className="mt-2 text-sm text-muted-foreground">{tool.shortDescription}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
