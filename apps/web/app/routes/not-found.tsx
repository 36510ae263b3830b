import { toolMessageKey } from '@paperknife/catalog/message-keys';
import type { ToolId } from '@paperknife/catalog/tools';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { useI18n } from '~/i18n/i18n-context';
import { contentPageHandle } from '~/lib/page-handle';
import { metaTranslator, pageMeta } from '~/lib/page-meta';
import { toolInfo } from '~/lib/tool-info.prebuilt';
import type { Route } from './+types/not-found';

export const meta: Route.MetaFunction = ({ location }) => {
  const i18n = metaTranslator(location);
  return [
    ...pageMeta(i18n, {
      title: i18n.t('notFound.title'),
      description: i18n.t('notFound.description'),
      path: '/404',
    }).filter((tag) => !('tagName' in tag) && !('property' in tag && String(tag.property).startsWith('og:locale'))),
    { name: 'robots', content: 'noindex' },
  ];
};

const suggestions: readonly ToolId[] = ['merge-pdf', 'compress-pdf', 'split-pdf'];

// No React in the browser (decision 073): the page is served for any unknown path, which the app's routes could
// take for a language's page (`/:lang?`). The islands' script logs the path (`data-not-found`).
export const handle = contentPageHandle;

export default function NotFound() {
  const { t, path } = useI18n();
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6" data-not-found>
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="mt-4 text-3xl font-bold">{t('notFound.title')}</h1>
      <p className="mt-4 text-muted-foreground">{t('notFound.lead')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to={path('/')}>{t('notFound.home')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={path('/tools')}>{t('notFound.tools')}</Link>
        </Button>
      </div>
      <h2 className="mt-12 text-lg font-semibold">{t('notFound.popular')}</h2>
      <ul className="mt-4 flex flex-wrap justify-center gap-3">
        {suggestions.map((id) => (
          <li key={id}>
            <Link
              to={path(toolInfo[id].paths.canonical)}
              className="rounded-md border px-4 py-2 text-sm hover:bg-accent"
            >
              {t(toolMessageKey(id, 'title'))}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
