import { type ReactNode, useEffect, useRef } from 'react';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { startToolFilter } from '~/islands/tool-filter';

/**
 * A filter box over the tool sections it wraps. The box is in the HTML but hidden: without JavaScript the page
 * simply lists every tool. The behaviour is `islands/tool-filter.ts`, started by the islands' script on the
 * prerendered page and by this component's effect when the running app renders the page.
 */
export function ToolFilter({ children }: { children: ReactNode }) {
  const containerRef = useRef<HTMLDivElement>(null);
  useEffect(() => (containerRef.current ? startToolFilter(containerRef.current) : undefined), []);
  return (
    <div ref={containerRef} data-island="tool-filter">
      <div data-tool-filter-controls hidden className="mb-10 max-w-xl">
        <label htmlFor="tool-filter-query" className="text-sm font-medium">
          Find a tool
        </label>
        <Input
          id="tool-filter-query"
          type="search"
          autoComplete="off"
          spellCheck={false}
          aria-describedby="tool-filter-hint"
          placeholder="e.g. combine, JPG, password"
          className="mt-2 h-11 text-base"
        />
        <p id="tool-filter-hint" className="sr-only">
          The list below narrows as you type. Escape clears the box.
        </p>
        <div className="mt-3 flex min-h-9 flex-wrap items-center gap-x-3 gap-y-1">
          <p role="status" className="text-sm text-muted-foreground" />
          <Button type="button" variant="outline" size="sm" data-tool-filter-clear hidden>
            Clear the filter
          </Button>
        </div>
      </div>
      {children}
    </div>
  );
}
