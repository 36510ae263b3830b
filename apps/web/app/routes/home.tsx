import { Link } from 'react-router';
import { ToolGrid } from '../components/tool-grid';
import { Button } from '../components/ui/button';
import { SITE_NAME, TAGLINE, pageMeta } from '../lib/page-meta';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: `${SITE_NAME}: Free Online PDF Tools`,
    description: TAGLINE,
    path: '/',
    keywords: ['pdf tools', 'merge pdf', 'split pdf', 'compress pdf', 'convert pdf'],
    jsonLd: [{ '@type': 'WebSite', name: SITE_NAME, url: '/' }],
  });

export default function Home() {
  return (
    <>
      <section className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Free Online PDF Tools</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">{TAGLINE}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to="/tools">View All Tools</Link>
          </Button>
        </div>
      </section>
      <section className="mx-auto max-w-7xl px-4 pb-16 sm:px-6" aria-labelledby="all-tools">
        <h2 id="all-tools" className="mb-6 text-2xl font-bold">
          All PDF Tools
        </h2>
        <ToolGrid />
      </section>
    </>
  );
}
