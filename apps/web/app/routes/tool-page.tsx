import type { ToolId } from '@paperknife/catalog/tools';
import { useLocation } from 'react-router';
import { ToolPageBody } from '~/features/tools/components/tool-page-body';
import { toolIdFromPath } from '~/features/tools/utils/tool-route';
import { toolMessageKey } from '@paperknife/catalog/message-keys';
import { routeLocale } from '~/i18n/route-locale';
import { metaTranslator, pageMeta } from '~/lib/page-meta';
import { toolInfo } from '~/lib/tool-info.prebuilt';
import type { Route } from './+types/tool-page';

export function loader({ params }: Route.LoaderArgs) {
  routeLocale(params);
  return null;
}

export const meta: Route.MetaFunction = ({ location }) => {
  const id = toolIdFromPath(location.pathname);
  if (!id) return [];
  const i18n = metaTranslator(location);
  const title = i18n.t(toolMessageKey(id, 'title'));
  const description = i18n.t(toolMessageKey(id, 'description'));
  return pageMeta(i18n, {
    title,
    description,
    path: toolInfo[id].paths.canonical,
    keywords: i18n.t(toolMessageKey(id, 'keywords')),
    jsonLd: [
      {
        '@type': 'SoftwareApplication',
        name: title,
        description,
        inLanguage: i18n.tag,
        applicationCategory: 'BusinessApplication',
        operatingSystem: i18n.t('toolPage.operatingSystem'),
        offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
      },
    ],
  });
};

export default function ToolPage() {
  const id = toolIdFromPath(useLocation().pathname) as ToolId;
  return <ToolPageBody id={id} />;
}
