import { PolicyDocument } from '../components/content/policy-document';
import { policyPage } from '../content/content.server';
import { absoluteUrl, pageMeta } from '../lib/page-meta';
import type { Route } from './+types/privacy';

export function loader() {
  return { page: policyPage('privacy') };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? pageMeta({
        title: loaderData.page.title,
        description: loaderData.page.description,
        path: '/privacy',
        keywords: ['privacy policy', 'pdf file privacy', 'files deleted after processing', 'no tracking'],
        jsonLd: [
          {
            '@type': 'WebPage',
            name: loaderData.page.title,
            description: loaderData.page.description,
            url: absoluteUrl('/privacy'),
            dateModified: loaderData.page.updated,
          },
        ],
      })
    : [];

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  return <PolicyDocument page={loaderData.page} />;
}
