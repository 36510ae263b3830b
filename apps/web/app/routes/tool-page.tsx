import type { ToolId } from '@paperknife/catalog/tools';
import { useLocation } from 'react-router';
import { ToolPageBody } from '~/features/tools/components/tool-page-body';
import { toolIdFromPath } from '~/features/tools/utils/tool-route';
import { pageMeta } from '~/lib/page-meta';
import { toolInfo } from '~/lib/tool-info.prebuilt';
import type { Route } from './+types/tool-page';

export const meta: Route.MetaFunction = ({ location }) => {
  const id = toolIdFromPath(location.pathname);
  if (!id) return [];
  const tool = toolInfo[id];
  return pageMeta({
    title: tool.title,
    description: tool.description,
    path: tool.paths.canonical,
    keywords: tool.keywords,
    jsonLd: [
      {
        '@type': 'SoftwareApplication',
        name: tool.title,
        description: tool.description,
        applicationCategory: 'BusinessApplication',
        operatingSystem: 'Any (web browser)',
        offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
      },
    ],
  });
};

export default function ToolPage() {
  const id = toolIdFromPath(useLocation().pathname) as ToolId;
  return <ToolPageBody id={id} />;
}
