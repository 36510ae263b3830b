import { BookOpen, Mail, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { ContactForm } from '~/components/content/contact-form';
import { PageHeader } from '~/components/content/page-header';
import { SUPPORT_REPLY_TIME, absoluteUrl, pageMeta } from '~/lib/page-meta';
import { siteConfig } from '~/site-config';
import type { Route } from './+types/contact';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Contact Us',
    description: `Questions, problems or ideas about PaperKnife? Send us a message or email support; we reply ${SUPPORT_REPLY_TIME}.`,
    path: '/contact',
    keywords: ['contact paperknife', 'pdf tools support', 'report a problem', 'pdf help'],
    jsonLd: [
      {
        '@type': 'ContactPage',
        name: 'Contact PaperKnife',
        url: absoluteUrl('/contact'),
      },
    ],
  });

export default function ContactPage() {
  return (
    <>
      <PageHeader
        title="Contact Us"
        lead="Have a question, found a problem, or want to suggest a tool? Send us a message and we will get back to you."
      />
      <div className="mx-auto grid max-w-5xl gap-8 px-4 pb-16 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <section aria-labelledby="contact-form-title" className="rounded-xl border bg-card p-6 text-card-foreground">
          <h2 id="contact-form-title" className="mb-6 text-xl font-semibold">
            Send us a message
          </h2>
          <ContactForm />
        </section>
        <aside className="space-y-6" aria-label="Other ways to get help">
          <div className="rounded-xl border bg-card p-6 text-card-foreground">
            <h2 className="flex items-center gap-2 font-semibold">
              <Mail className="size-5 text-primary" aria-hidden="true" />
              Email support
            </h2>
            <p className="mt-2 text-sm text-muted-foreground">
              Write to{' '}
              <a
                href={`mailto:${siteConfig.supportEmail}`}
                className="font-medium text-primary underline underline-offset-2 hover:no-underline"
              >
                {siteConfig.supportEmail}
              </a>
              . We aim for a response {SUPPORT_REPLY_TIME}.
            </p>
          </div>
          <div className="rounded-xl border bg-card p-6 text-card-foreground">
            <h2 className="flex items-center gap-2 font-semibold">
              <BookOpen className="size-5 text-primary" aria-hidden="true" />
              Quick answers
            </h2>
            <p className="mt-2 text-sm text-muted-foreground">
              Many questions are answered in our{' '}
              <Link to="/faq" className="font-medium text-primary underline underline-offset-2 hover:no-underline">
                FAQ
              </Link>{' '}
              and{' '}
              <Link to="/guides" className="font-medium text-primary underline underline-offset-2 hover:no-underline">
                step-by-step guides
              </Link>
              .
            </p>
          </div>
          <div className="rounded-xl border bg-card p-6 text-card-foreground">
            <h2 className="flex items-center gap-2 font-semibold">
              <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
              Your message
            </h2>
            <p className="mt-2 text-sm text-muted-foreground">
              We store what you send so we can answer it, and nothing else. Please do not attach or paste confidential
              documents. See our{' '}
              <Link to="/privacy" className="font-medium text-primary underline underline-offset-2 hover:no-underline">
                privacy policy
              </Link>
              .
            </p>
          </div>
        </aside>
      </div>
    </>
  );
}
