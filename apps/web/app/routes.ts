import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes';
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

// Every page in every language: English at the seed's paths, the others under `/{language}/` with the same slugs
// (one optional segment, so the route table does not grow with the languages; app/i18n/route-locale.ts checks it).
export default [
  layout('components/layout/site-layout.tsx', [
    ...prefix(':lang?', [...contentRoutes, ...toolRoutes, ...redirectRoutes]),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
