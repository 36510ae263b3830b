import { type ToolId, toolPaths, tools } from '@paperknife/catalog/tools';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { siteConfig } from '~/site-config';
import { Button } from '~/components/ui/button';

/** The box at the end of a guide or article that sends the reader to the tool it is about. */
export function ToolCallToAction({ toolId }: { toolId: ToolId }) {
  const tool = tools[toolId];
  return (
    <aside
      aria-labelledby="call-to-action-title"
      className="mt-12 rounded-xl border bg-muted/60 p-6 sm:flex sm:items-center sm:justify-between sm:gap-6"
    >
      <div>
        <h2 id="call-to-action-title" className="text-xl font-semibold">
          Try {tool.title} now
        </h2>
        <p className="mt-1 text-muted-foreground">
          {tool.shortDescription}. Free and without an account: files up to {siteConfig.maxFileSize}, deleted as soon as
          you have your result.
        </p>
      </div>
      <Button asChild size="lg" className="mt-4 shrink-0 sm:mt-0">
        <Link to={toolPaths(toolId).canonical} data-testid="tool-call-to-action">
          Open {tool.title}
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </aside>
  );
}
