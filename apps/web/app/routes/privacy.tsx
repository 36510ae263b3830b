import { PolicyDocument, policyPageMeta } from '~/components/content/policy-document';
import { policyPage } from '~/content/content.server';
import { routeLocale } from '~/i18n/route-locale';
import { metaTranslator } from '~/lib/page-meta';
import type { Route } from './+types/privacy';
import { contentPageHandle } from '~/lib/page-handle';

export function loader({ params }: Route.LoaderArgs) {
  return { page: policyPage('privacy', routeLocale(params)) };
}

// No React in the browser: the header, theme and Try it now box are islands (decision 073).
export const handle = contentPageHandle;

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  const i18n = metaTranslator(location);
  return policyPageMeta(i18n, loaderData?.page, '/privacy', i18n.t('privacy.meta.keywords'));
};

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  return <PolicyDocument page={loaderData.page} />;
}
