import { Link } from 'react-router';
import { FaqAccordion } from '~/components/content/faq-accordion';
import { PageHeader } from '~/components/content/page-header';
import { faqGroups, faqLanguage } from '~/content/content.server';
import { useI18n } from '~/i18n/i18n-context';
import { RichText } from '~/i18n/rich-text';
import { routeLocale } from '~/i18n/route-locale';
import { SITE_NAME, absoluteUrl, metaTranslator, pageMeta } from '~/lib/page-meta';
import type { Route } from './+types/faq';

export function loader({ params }: Route.LoaderArgs) {
  const locale = routeLocale(params);
  return { groups: faqGroups(locale), lang: faqLanguage(locale) };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  const i18n = metaTranslator(location);
  return pageMeta(i18n, {
    title: i18n.t('faq.title'),
    description: i18n.t('faq.meta.description', { site: SITE_NAME }),
    path: '/faq',
    keywords: i18n.t('faq.meta.keywords'),
    jsonLd: [
      {
        '@type': 'FAQPage',
        url: absoluteUrl(i18n.path('/faq')),
        inLanguage: i18n.tag,
        mainEntity: (loaderData?.groups ?? []).flatMap((group) =>
          group.items.map((item) => ({
            '@type': 'Question',
            name: item.question,
            acceptedAnswer: { '@type': 'Answer', text: item.answerText },
          })),
        ),
      },
    ],
  });
};

export default function FaqPage({ loaderData }: Route.ComponentProps) {
  const { t, path, locale } = useI18n();
  return (
    <>
      <PageHeader title={t('faq.title')} lead={t('faq.lead', { site: SITE_NAME })} />
      <div className="mx-auto max-w-3xl px-4 pb-16 sm:px-6" lang={loaderData.lang === locale ? undefined : 'en'}>
        <FaqAccordion groups={loaderData.groups} />
        <p className="mt-12 rounded-lg border bg-muted/60 p-6 text-center">
          <RichText
            text={t('faq.stillQuestion', { replyTime: t('site.supportReplyTime') })}
            wrap={[
              (words) => (
                <Link
                  to={path('/contact')}
                  className="font-medium text-primary underline underline-offset-2 hover:no-underline"
                >
                  {words}
                </Link>
              ),
            ]}
          />
        </p>
      </div>
    </>
  );
}
