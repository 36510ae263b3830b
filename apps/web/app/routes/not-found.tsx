import { type ToolId, toolPaths, tools } from '@paperknife/catalog/tools';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '~/components/ui/button';
import { pageMeta } from '~/lib/page-meta';
import type { Route } from './+types/not-found';

export const meta: Route.MetaFunction = () => [
  ...pageMeta({
    title: 'Page Not Found',
    description: 'The page you are looking for does not exist. Go back home or pick one of our PDF tools.',
    path: '/404',
  }).filter((tag) => !('tagName' in tag)),
  { name: 'robots', content: 'noindex' },
];

const suggestions: readonly ToolId[] = ['merge-pdf', 'compress-pdf', 'split-pdf'];

export default function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.warn(`404: no page at ${pathname}`);
  }, [pathname]);

  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="mt-4 text-3xl font-bold">Page Not Found</h1>
      <p className="mt-4 text-muted-foreground">
        We could not find the page you asked for. It may have moved, or the address may have a typo.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/">Go to the home page</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/tools">Browse all tools</Link>
        </Button>
      </div>
      <h2 className="mt-12 text-lg font-semibold">Popular tools</h2>
      <ul className="mt-4 flex flex-wrap justify-center gap-3">
        {suggestions.map((id) => (
          <li key={id}>
            <Link to={toolPaths(id).canonical} className="rounded-md border px-4 py-2 text-sm hover:bg-accent">
              {tools[id].title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
