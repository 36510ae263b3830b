import { type ToolId, toolPaths, tools } from '@paperknife/catalog/tools';
import { useLocation } from 'react-router';
import { pageMeta } from '../lib/page-meta';
import { toolIdFromPath } from '../lib/tool-route';
import type { Route } from './+types/tool-page';

export const meta: Route.MetaFunction = ({ location }) => {
  const id = toolIdFromPath(location.pathname);
  if (!id) return [];
  const tool = tools[id];
  return pageMeta({
    title: tool.title,
    description: tool.description,
    path: toolPaths(id).canonical,
    keywords: tool.keywords,
    jsonLd: [
      {
        '@type': 'SoftwareApplication',
        name: tool.title,
        applicationCategory: 'BusinessApplication',
        operatingSystem: 'Any',
        offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
      },
    ],
  });
};

export default function ToolPage() {
  const id = toolIdFromPath(useLocation().pathname) as ToolId;
  const tool = tools[id];
  return (
    <section className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold">{tool.title}</h1>
      <p className="mt-4 text-muted-foreground">{tool.description}</p>
    </section>
  );
}
