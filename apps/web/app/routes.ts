import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
import { toolIds, toolPaths, toolRedirects } from '@paperknife/catalog/tools';

// Tool pages come from the catalogue: one route per tool at /{tool} and /tools/{tool}, both on one module.
const toolRoutes = toolIds.flatMap((id) => {
  const { canonical, alias } = toolPaths(id);
  return [
    route(canonical, 'routes/tool-page.tsx', { id: `tool${canonical}` }),
    route(alias, 'routes/tool-page.tsx', { id: `tool-alias${canonical}` }),
  ];
});

const redirectRoutes = Object.keys(toolRedirects).map((from) =>
  route(from, 'routes/moved-page.tsx', { id: `moved${from}` }),
);

export default [
  layout('components/layout/site-layout.tsx', [
    index('routes/home.tsx'),
    ...toolRoutes,
    ...redirectRoutes,
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
