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

// The content pages: every one is prerendered (app/site-routes.ts lists their paths).
const contentRoutes = [
  index('routes/home.tsx'),
  route('features', 'routes/features.tsx'),
  route('tools', 'routes/tools.tsx'),
  route('guides', 'routes/guides.tsx'),
  route('guides/:slug', 'routes/guide.tsx'),
  route('blog', 'routes/blog.tsx'),
  route('blog/:slug', 'routes/blog-post.tsx'),
  route('faq', 'routes/faq.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  route('terms', 'routes/terms.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('developers', 'routes/developers.tsx'),
];

export default [
  layout('components/layout/site-layout.tsx', [
    ...contentRoutes,
    ...toolRoutes,
    ...redirectRoutes,
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
