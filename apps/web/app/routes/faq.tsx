import { Link } from 'react-router';
import { FaqAccordion } from '~/components/content/faq-accordion';
import { PageHeader } from '~/components/content/page-header';
import { faqGroups } from '~/content/content.server';
import { SUPPORT_REPLY_TIME, absoluteUrl, pageMeta } from '~/lib/page-meta';
import type { Route } from './+types/faq';

export function loader() {
  return { groups: faqGroups() };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: 'Frequently Asked Questions',
    description:
      'Answers about PaperKnife: what it costs, what happens to your files, size and page limits, fixing common errors, and the quality of the results.',
    path: '/faq',
    keywords: ['pdf tools faq', 'is it safe to upload pdf', 'pdf size limit', 'pdf file deleted', 'free pdf tools'],
    jsonLd: [
      {
        '@type': 'FAQPage',
        url: absoluteUrl('/faq'),
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

export default function FaqPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Frequently Asked Questions"
        lead="Quick answers about using PaperKnife, keeping your files private, limits, support and the quality of the results."
      />
      <div className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
        <FaqAccordion groups={loaderData.groups} />
        <p className="mt-12 rounded-lg border bg-muted/60 p-6 text-center">
          Still have a question?{' '}
          <Link to="/contact" className="font-medium text-primary underline underline-offset-2 hover:no-underline">
            Contact us
          </Link>{' '}
          and we will reply {SUPPORT_REPLY_TIME}.
        </p>
      </div>
    </>
  );
}
