import { PolicyDocument, policyPageMeta } from '../components/content/policy-document';
import { policyPage } from '../content/content.server';
import type { Route } from './+types/privacy';

export function loader() {
  return { page: policyPage('privacy') };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  policyPageMeta(loaderData?.page, '/privacy', [
    'privacy policy',
    'pdf file privacy',
    'files deleted after processing',
    'no tracking',
  ]);

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  return <PolicyDocument page={loaderData.page} />;
}
