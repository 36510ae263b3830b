import { type ReactNode, useEffect, useRef } from 'react';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { useI18n } from '~/i18n/i18n-context';
import { startToolFilter } from '~/islands/tool-filter';
import { toolInfo } from '~/lib/tool-info.prebuilt';
import { type FilterWords, QUERY_SLOT } from './tool-search';

/**
 * A filter box over the tool sections it wraps. The box is in the HTML but hidden: without JavaScript the page
 * simply lists every tool. The behaviour is `islands/tool-filter.ts`, started by the islands' script on the
 * prerendered page and by this component's effect when the running app renders the page.
 */
export function ToolFilter({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const containerRef = useRef<HTMLDivElement>(null);
  const total = Object.keys(toolInfo).length;
  const words: FilterWords = {
    all: t('toolFilter.all', { total }),
    none: t('toolFilter.none', { query: QUERY_SLOT }),
    found: Array.from({ length: total }, (_, index) => t('toolFilter.found', { count: index + 1 })),
  };
  useEffect(() => (containerRef.current ? startToolFilter(containerRef.current) : undefined), []);
  return (
    <div ref={containerRef} data-island="tool-filter">
      <div data-tool-filter-controls data-filter-words={JSON.stringify(words)} hidden className="mb-10 max-w-xl">
        <label htmlFor="tool-filter-query" className="text-sm font-medium">
          {t('toolFilter.label')}
        </label>
        <Input
          id="tool-filter-query"
          type="search"
          autoComplete="off"
          spellCheck={false}
          aria-describedby="tool-filter-hint"
          placeholder={t('toolFilter.placeholder')}
          className="mt-2 h-11 text-base"
        />
        <p id="tool-filter-hint" className="sr-only">
          {t('toolFilter.hint')}
        </p>
        <div className="mt-3 flex min-h-9 flex-wrap items-center gap-x-3 gap-y-1">
          <p role="status" className="text-sm text-muted-foreground" />
          <Button type="button" variant="outline" size="sm" data-tool-filter-clear hidden>
            {t('toolFilter.clear')}
          </Button>
        </div>
      </div>
      {children}
    </div>
  );
}
