import { BookOpen, Mail, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { ContactForm } from '~/components/content/contact-form';
import { PageHeader } from '~/components/content/page-header';
import { useI18n } from '~/i18n/i18n-context';
import { RichText } from '~/i18n/rich-text';
import { routeLocale } from '~/i18n/route-locale';
import { SITE_NAME, absoluteUrl, metaTranslator, pageMeta } from '~/lib/page-meta';
import { siteConfig } from '~/site-config';
import type { Route } from './+types/contact';

export function loader({ params }: Route.LoaderArgs) {
  routeLocale(params);
  return null;
}

export const meta: Route.MetaFunction = ({ location }) => {
  const i18n = metaTranslator(location);
  return pageMeta(i18n, {
    title: i18n.t('contact.title'),
    description: i18n.t('contact.meta.description', { site: SITE_NAME, replyTime: i18n.t('site.supportReplyTime') }),
    path: '/contact',
    keywords: i18n.t('contact.meta.keywords'),
    jsonLd: [
      {
        '@type': 'ContactPage',
        name: i18n.t('contact.meta.name', { site: SITE_NAME }),
        url: absoluteUrl(i18n.path('/contact')),
        inLanguage: i18n.tag,
      },
    ],
  });
};

const linkClass = 'font-medium text-primary underline underline-offset-2 hover:no-underline';

export default function ContactPage() {
  const { t, path } = useI18n();
  return (
    <>
      <PageHeader title={t('contact.title')} lead={t('contact.lead')} />
      <div className="mx-auto grid max-w-5xl gap-8 px-4 pb-16 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <section aria-labelledby="contact-form-title" className="rounded-xl border bg-card p-6 text-card-foreground">
          <h2 id="contact-form-title" className="mb-6 text-xl font-semibold">
            {t('contact.formTitle')}
          </h2>
          <ContactForm />
        </section>
        <aside className="space-y-6" aria-label={t('contact.otherWays')}>
          <div className="rounded-xl border bg-card p-6 text-card-foreground">
            <h2 className="flex items-center gap-2 font-semibold">
              <Mail className="size-5 text-primary" aria-hidden="true" />
              {t('contact.email.title')}
            </h2>
            <p className="mt-2 text-sm text-muted-foreground">
              <RichText
                text={t('contact.email.text', {
                  email: siteConfig.supportEmail,
                  replyTime: t('site.supportReplyTime'),
                })}
                wrap={[
                  (words) => (
                    <a href={`mailto:${siteConfig.supportEmail}`} className={linkClass}>
                      {words}
                    </a>
                  ),
                ]}
              />
            </p>
          </div>
          <div className="rounded-xl border bg-card p-6 text-card-foreground">
            <h2 className="flex items-center gap-2 font-semibold">
              <BookOpen className="size-5 text-primary" aria-hidden="true" />
              {t('contact.quick.title')}
            </h2>
            <p className="mt-2 text-sm text-muted-foreground">
              <RichText
                text={t('contact.quick.text')}
                wrap={[
                  (words) => (
                    <Link to={path('/faq')} className={linkClass}>
                      {words}
                    </Link>
                  ),
                  (words) => (
                    <Link to={path('/guides')} className={linkClass}>
                      {words}
                    </Link>
                  ),
                ]}
              />
            </p>
          </div>
          <div className="rounded-xl border bg-card p-6 text-card-foreground">
            <h2 className="flex items-center gap-2 font-semibold">
              <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
              {t('contact.message.title')}
            </h2>
            <p className="mt-2 text-sm text-muted-foreground">
              <RichText
                text={t('contact.message.text')}
                wrap={[
                  (words) => (
                    <Link to={path('/privacy')} className={linkClass}>
                      {words}
                    </Link>
                  ),
                ]}
              />
            </p>
          </div>
        </aside>
      </div>
    </>
  );
}
