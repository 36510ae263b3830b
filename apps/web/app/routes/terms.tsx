import { PolicyDocument } from '../components/content/policy-document';
import { policyPage } from '../content/content.server';
import { absoluteUrl, pageMeta } from '../lib/page-meta';
import type { Route } from './+types/terms';

export function loader() {
  return { page: policyPage('terms') };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? pageMeta({
        title: loaderData.page.title,
        description: loaderData.page.description,
        path: '/terms',
        keywords: ['terms of service', 'pdf tools terms', 'acceptable use', 'open source licence'],
        jsonLd: [
          {
            '@type': 'WebPage',
            name: loaderData.page.title,
            description: loaderData.page.description,
            url: absoluteUrl('/terms'),
            dateModified: loaderData.page.updated,
          },
        ],
      })
    : [];

export default function TermsPage({ loaderData }: Route.ComponentProps) {
  return <PolicyDocument page={loaderData.page} />;
}
