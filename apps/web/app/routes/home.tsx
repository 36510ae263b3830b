import {
  ArrowRight,
  BookOpen,
  CircleQuestionMark,
  Code,
  Gift,
  Accessibility,
  LifeBuoy,
  type LucideIcon,
  ShieldCheck,
  Sparkles,
  Terminal,
  UserX,
  Zap,
  Briefcase,
} from 'lucide-react';
import { Link } from 'react-router';
import { ContentCardList } from '~/components/content/content-card';
import { PageSection } from '~/components/content/page-header';
import { SiteStats } from '~/components/content/site-stats';
import { TryItSection } from '~/components/content/try-it-section';
import { ToolSections } from '~/components/tool-index/tool-sections';
import { Button } from '~/components/ui/button';
import { featuredArticles, popularGuides } from '~/content/content.server';
import { useI18n } from '~/i18n/i18n-context';
import { SITE_NAME, metaTranslator, organizationJsonLd, pageMeta, websiteJsonLd } from '~/lib/page-meta';
import { siteConfig } from '~/site-config';
import { routeLocale } from '~/i18n/route-locale';
import type { Route } from './+types/home';
import { contentPageHandle } from '~/lib/page-handle';
import { formatSizeLimit } from '~/lib/format-size';

export function loader({ params }: Route.LoaderArgs) {
  const locale = routeLocale(params);
  return { articles: featuredArticles(locale, 5), guides: popularGuides(locale, 6) };
}

// No React in the browser: the header, theme and Try it now box are islands (decision 073).
export const handle = contentPageHandle;

export const meta: Route.MetaFunction = ({ location }) => {
  const i18n = metaTranslator(location);
  return pageMeta(i18n, {
    title: i18n.t('home.meta.title', { site: SITE_NAME }),
    description: i18n.t('site.tagline'),
    path: '/',
    keywords: i18n.t('home.meta.keywords'),
    jsonLd: [websiteJsonLd(i18n), organizationJsonLd()],
  });
};

/** A card's words are message keys. */
interface LinkedPoint {
  icon: LucideIcon;
  title: string;
  text: string;
  href: string;
  linkText: string;
}

const sellingPoints: LinkedPoint[] = [
  {
    icon: ShieldCheck,
    title: 'home.selling.private.title',
    text: 'home.selling.private.text',
    href: '/blog/pdf-security-best-practices',
    linkText: 'home.selling.private.linkText',
  },
  {
    icon: BookOpen,
    title: 'home.selling.learn.title',
    text: 'home.selling.learn.text',
    href: '/guides',
    linkText: 'home.selling.learn.linkText',
  },
  {
    icon: Briefcase,
    title: 'home.selling.work.title',
    text: 'home.selling.work.text',
    href: '/blog/essential-pdf-tools-professionals',
    linkText: 'home.selling.work.linkText',
  },
];

const whyChoose = [
  {
    icon: Gift,
    title: 'home.why.free.title',
    text: 'home.why.free.text',
  },
  {
    icon: UserX,
    title: 'home.why.noAccount.title',
    text: 'home.why.noAccount.text',
  },
  {
    icon: ShieldCheck,
    title: 'home.why.yours.title',
    text: 'home.why.yours.text',
  },
  {
    icon: Sparkles,
    title: 'home.why.quality.title',
    text: 'home.why.quality.text',
  },
  {
    icon: Zap,
    title: 'home.why.fast.title',
    text: 'home.why.fast.text',
  },
  {
    icon: Code,
    title: 'home.why.open.title',
    text: 'home.why.open.text',
  },
  {
    icon: Accessibility,
    title: 'home.why.accessible.title',
    text: 'home.why.accessible.text',
  },
];

const gettingStarted: LinkedPoint[] = [
  {
    icon: BookOpen,
    title: 'home.start.learn.title',
    text: 'home.start.learn.text',
    href: '/guides',
    linkText: 'home.start.learn.linkText',
  },
  {
    icon: CircleQuestionMark,
    title: 'home.start.answer.title',
    text: 'home.start.answer.text',
    href: '/faq',
    linkText: 'home.start.answer.linkText',
  },
  {
    icon: LifeBuoy,
    title: 'home.start.ask.title',
    text: 'home.start.ask.text',
    href: '/contact',
    linkText: 'home.start.ask.linkText',
  },
  {
    icon: Terminal,
    title: 'home.start.automate.title',
    text: 'home.start.automate.text',
    href: '/developers',
    linkText: 'home.start.automate.linkText',
  },
];

/** A card with an icon, a title, a line of text and a link that makes the whole card clickable. */
function LinkedCard({ point, titleAs = 'h3' }: { point: LinkedPoint; titleAs?: 'h3' | 'p' }) {
  const { t, path } = useI18n();
  const Title = titleAs;
  const Icon = point.icon;
  return (
    <article className="relative flex h-full flex-col rounded-lg border bg-card p-5 text-card-foreground transition-shadow focus-within:shadow-md hover:shadow-md">
      <Icon className="size-6 text-primary" aria-hidden="true" />
      <Title className="mt-3 font-semibold">{t(point.title)}</Title>
      <p className="mt-1 flex-1 text-sm text-muted-foreground">
        {t(point.text, { replyTime: t('site.supportReplyTime') })}
      </p>
      <Link
        to={path(point.href)}
        className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-primary after:absolute after:inset-0 after:rounded-lg hover:underline focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
      >
        {t(point.linkText)}
        <ArrowRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
      </Link>
    </article>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { articles, guides } = loaderData;
  const { t, path, tag } = useI18n();
  return (
    <>
      <section className="mx-auto grid max-w-7xl items-start gap-10 px-4 pb-12 pt-12 sm:px-6 lg:grid-cols-[1.1fr_1fr] lg:pt-16">
        <div>
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{t('home.title')}</h1>
          <p className="mt-4 max-w-2xl text-lg text-pretty text-muted-foreground">{t('site.tagline')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <a href="#try-it">{t('home.start')}</a>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={path('/tools')}>{t('home.viewAllTools')}</Link>
            </Button>
          </div>
          <ul className="mt-10 grid gap-4 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
            {sellingPoints.map((point) => (
              <li key={point.href}>
                {/* Not headings: the hero has no h2 for them to sit under. */}
                <LinkedCard point={point} titleAs="p" />
              </li>
            ))}
          </ul>
        </div>
        <TryItSection />
      </section>

      <SiteStats />

      <PageSection id="featured-resources" title={t('home.featured.title')} lead={t('home.featured.lead')}>
        <ContentCardList items={articles} showFeatured className="sm:grid-cols-2 lg:grid-cols-3" />
        <p className="mt-6">
          <Link to={path('/blog')} className="font-medium text-primary underline underline-offset-2 hover:no-underline">
            {t('home.featured.all')}
          </Link>
        </p>
      </PageSection>

      <PageSection id="all-tools" title={t('home.tools.title')} lead={t('home.tools.lead', { site: SITE_NAME })}>
        <ToolSections headingLevel="h3" />
      </PageSection>

      <PageSection id="popular-guides" title={t('home.guides.title')} lead={t('home.guides.lead')} className="border-t">
        <ContentCardList items={guides} className="sm:grid-cols-2 lg:grid-cols-3" />
        <p className="mt-6">
          <Link
            to={path('/guides')}
            className="font-medium text-primary underline underline-offset-2 hover:no-underline"
          >
            {t('home.guides.all')}
          </Link>
        </p>
      </PageSection>

      <PageSection id="why-choose" title={t('home.why.title', { site: SITE_NAME })} className="border-t">
        <ul className="grid gap-x-8 gap-y-6 sm:grid-cols-2 lg:grid-cols-3">
          {whyChoose.map((reason) => (
            <li key={reason.title} className="flex gap-4">
              <reason.icon className="mt-1 size-6 shrink-0 text-primary" aria-hidden="true" />
              <div>
                <h3 className="font-semibold">{t(reason.title)}</h3>
                <p className="mt-1 text-sm text-muted-foreground">
                  {t(reason.text, {
                    maxFileSize: formatSizeLimit(siteConfig.limits.maxFileBytes, tag),
                    maxPages: siteConfig.limits.maxPages,
                  })}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="getting-started" title={t('home.start.title')} className="border-t">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {gettingStarted.map((point) => (
            <li key={point.href}>
              <LinkedCard point={point} />
            </li>
          ))}
        </ul>
      </PageSection>
    </>
  );
}
