import { PolicyDocument, policyPageMeta } from '../components/content/policy-document';
import { policyPage } from '../content/content.server';
import type { Route } from './+types/terms';

export function loader() {
  return { page: policyPage('terms') };
}

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
