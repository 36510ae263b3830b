import { PolicyDocument, policyPageMeta } from '~/components/content/policy-document';
import { policyPage } from '~/content/content.server';
import type { Route } from './+types/terms';
import { contentPageHandle } from '~/lib/page-handle';

export function loader() {
  return { page: policyPage('terms') };
}

// No React in the browser: the header, theme and Try it now box are islands (decision 073).
export const handle = contentPageHandle;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  policyPageMeta(loaderData?.page, '/terms', [
    'terms of service',
    'pdf tools terms',
    'acceptable use',
    'open source licence',
  ]);

export default function TermsPage({ loaderData }: Route.ComponentProps) {
  return <PolicyDocument page={loaderData.page} />;
}
