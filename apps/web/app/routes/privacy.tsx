import { PolicyDocument, policyPageMeta } from '~/components/content/policy-document';
import { policyPage } from '~/content/content.server';
import type { Route } from './+types/privacy';
import { contentPageHandle } from '~/lib/page-handle';

export function loader() {
  return { page: policyPage('privacy') };
}

// No React in the browser: the header, theme and Try it now box are islands (decision 073).
export const handle = contentPageHandle;

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
