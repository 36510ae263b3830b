import { categoryMessageKey } from '@paperknife/catalog/message-keys';
import { groupByCategory } from '@paperknife/catalog/tool-categories';
import type { ToolId } from '@paperknife/catalog/tools';
import { useI18n } from '~/i18n/i18n-context';
import { toolInfo } from '~/lib/tool-info.prebuilt';
import { ToolCard } from './tool-card';

/** Every tool id in catalogue order. */
export const indexedToolIds = Object.keys(toolInfo) as ToolId[];

/** The catalogue's tools grouped by category, in category order; categories without tools are left out. */
export const toolGroups = groupByCategory(indexedToolIds, (id) => toolInfo[id].category);

/**
 * The tool index: a section per category, its heading at `headingLevel` with the category's line under it, and
 * a grid of tool cards. Home and /tools show it; /tools wraps it in the filter.
 */
export function ToolSections({ headingLevel }: { headingLevel: 'h2' | 'h3' }) {
  const { t } = useI18n();
  const Heading = headingLevel;
  return (
    <div className="space-y-10">
      {toolGroups.map(({ category, items }) => (
        <section key={category.id} aria-labelledby={`category-${category.id}`} data-tool-category={category.id}>
          <Heading id={`category-${category.id}`} className="text-xl font-semibold tracking-tight">
            {t(categoryMessageKey(category.id, 'title'))}
          </Heading>
          <p className="mt-1 text-sm text-muted-foreground">{t(categoryMessageKey(category.id, 'description'))}</p>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {items.map((id) => (
              <ToolCard key={id} id={id} headingLevel={headingLevel === 'h2' ? 'h3' : 'h4'} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
