import { type ToolId, toolPaths, tools } from '@paperknife/catalog/tools';
import { useLocation } from 'react-router';
import { MergeSidebar, ToolSections } from '../components/tool/tool-page-sections';
import { ToolWorkspace } from '../components/tool/tool-workspace';
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
        description: tool.description,
        applicationCategory: 'BusinessApplication',
        operatingSystem: 'Any (web browser)',
        offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
      },
    ],
  });
};

function Hero({ id }: { id: ToolId }) {
  const tool = tools[id];
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{tool.title}</h1>
      <p className="mt-3 text-lg text-muted-foreground">{tool.shortDescription}</p>
      <p className="mt-3 text-muted-foreground">{tool.description}</p>
    </div>
  );
}

export default function ToolPage() {
  const id = toolIdFromPath(useLocation().pathname) as ToolId;
  // One instance per tool: moving between tools starts with a clean page.
  if (id === 'split-pdf') {
    return (
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <div className="grid items-start gap-10 lg:grid-cols-2">
          <Hero id={id} />
          <div className="rounded-2xl border bg-card p-4 shadow-sm">
            <ToolWorkspace key={id} id={id} />
          </div>
        </div>
        <ToolSections id={id} />
      </div>
    );
  }
  if (id === 'merge-pdf') {
    return (
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[1fr_18rem]">
        <div className="grid content-start gap-8">
          <Hero id={id} />
          <ToolWorkspace key={id} id={id} />
        </div>
        <MergeSidebar />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <div className="grid gap-8">
        <Hero id={id} />
        <ToolWorkspace key={id} id={id} />
      </div>
      <ToolSections id={id} />
    </div>
  );
}
