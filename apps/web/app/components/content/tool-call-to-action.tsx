import { toolMessageKey } from '@paperknife/catalog/message-keys';
import { type ToolId, toolPaths } from '@paperknife/catalog/tools';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { useI18n } from '~/i18n/i18n-context';
import { siteConfig } from '~/site-config';
import { Button } from '~/components/ui/button';
import { formatSizeLimit } from '~/lib/format-size';

/** The box at the end of a guide or article that sends the reader to the tool it is about. */
export function ToolCallToAction({ toolId }: { toolId: ToolId }) {
  const { t, path, tag } = useI18n();
  const title = t(toolMessageKey(toolId, 'title'));
  return (
    <aside
      aria-labelledby="call-to-action-title"
      className="mt-12 rounded-xl border bg-muted/60 p-6 sm:flex sm:items-center sm:justify-between sm:gap-6"
    >
      <div>
        <h2 id="call-to-action-title" className="text-xl font-semibold">
          {t('callToAction.title', { tool: title })}
        </h2>
        <p className="mt-1 text-muted-foreground">
          {t('callToAction.text', {
            summary: t(toolMessageKey(toolId, 'shortDescription')),
            maxFileSize: formatSizeLimit(siteConfig.limits.maxFileBytes, tag),
          })}
        </p>
      </div>
      <Button asChild size="lg" className="mt-4 shrink-0 sm:mt-0">
        <Link to={path(toolPaths(toolId).canonical)} data-testid="tool-call-to-action">
          {t('callToAction.open', { tool: title })}
          <ArrowRight className="rtl:-scale-x-100" aria-hidden="true" />
        </Link>
      </Button>
    </aside>
  );
}
