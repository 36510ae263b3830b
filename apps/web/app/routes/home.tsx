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
import { SITE_NAME, SUPPORT_REPLY_TIME, TAGLINE, organizationJsonLd, pageMeta, websiteJsonLd } from '~/lib/page-meta';
import { siteConfig } from '~/site-config';
import type { Route } from './+types/home';
import { contentPageHandle } from '~/lib/page-handle';

export function loader() {
  return { articles: featuredArticles(5), guides: popularGuides(6) };
}

// No React in the browser: the header, theme and Try it now box are islands (decision 073).
export const handle = contentPageHandle;

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: `${SITE_NAME}: Free Online PDF Tools`,
    description: TAGLINE,
    path: '/',
    keywords: ['pdf tools', 'merge pdf', 'split pdf', 'compress pdf', 'convert pdf', 'free pdf editor online'],
    jsonLd: [websiteJsonLd(), organizationJsonLd()],
  });

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
    title: 'Private by design',
    text: 'Files are deleted as soon as your result is sent back.',
    href: '/blog/pdf-security-best-practices',
    linkText: 'PDF security best practices',
  },
  {
    icon: BookOpen,
    title: 'Easy to learn',
    text: 'Step-by-step guides for every tool.',
    href: '/guides',
    linkText: 'Browse the guides',
  },
  {
    icon: Briefcase,
    title: 'Built for real work',
    text: 'Merge, compress, protect and convert without an account.',
    href: '/blog/essential-pdf-tools-professionals',
    linkText: 'Essential PDF tools for professionals',
  },
];

const whyChoose = [
  {
    icon: Gift,
    title: 'Free, with no catch',
    text: 'Every tool is free. No trial, no premium tier, and no watermark of ours on your files.',
  },
  {
    icon: UserX,
    title: 'No registration required',
    text: 'No account, no email address, no history of your documents waiting to leak.',
  },
  {
    icon: ShieldCheck,
    title: 'Your files stay yours',
    text: 'Each request is processed in a private folder that is deleted at its end. No cookies, no tracking.',
  },
  {
    icon: Sparkles,
    title: 'Real quality',
    text: 'Text stays text and vectors stay sharp. Compression shows the sizes and never returns a bigger file.',
  },
  {
    icon: Zap,
    title: 'Fast and generous',
    text: `Files up to ${siteConfig.maxFileSize} and ${siteConfig.limits.maxPages} pages, processed on our server in seconds.`,
  },
  {
    icon: Code,
    title: 'Open source, open API',
    text: 'Read the code, run your own copy, or call every tool from your scripts through our public API.',
  },
  {
    icon: Accessibility,
    title: 'Accessible',
    text: 'Every tool works with a keyboard and a screen reader, in light and dark themes.',
  },
];

const gettingStarted: LinkedPoint[] = [
  {
    icon: BookOpen,
    title: 'Learn a tool',
    text: 'Step-by-step guides with tips and fixes for common problems.',
    href: '/guides',
    linkText: 'Read the guides',
  },
  {
    icon: CircleQuestionMark,
    title: 'Find a quick answer',
    text: 'Limits, privacy, file types and quality, answered in one place.',
    href: '/faq',
    linkText: 'Visit the FAQ',
  },
  {
    icon: LifeBuoy,
    title: 'Ask us',
    text: `Stuck or found a problem? We reply ${SUPPORT_REPLY_TIME}.`,
    href: '/contact',
    linkText: 'Contact support',
  },
  {
    icon: Terminal,
    title: 'Automate it',
    text: 'Every tool is an HTTP endpoint, documented with curl examples.',
    href: '/developers',
    linkText: 'API documentation',
  },
];

/** A card with an icon, a title, a line of text and a link that makes the whole card clickable. */
function LinkedCard({ point, titleAs = 'h3' }: { point: LinkedPoint; titleAs?: 'h3' | 'p' }) {
  const Title = titleAs;
  const Icon = point.icon;
  return (
    <article className="relative flex h-full flex-col rounded-lg border bg-card p-5 text-card-foreground transition-shadow focus-within:shadow-md hover:shadow-md">
      <Icon className="size-6 text-primary" aria-hidden="true" />
      <Title className="mt-3 font-semibold">{point.title}</Title>
      <p className="mt-1 flex-1 text-sm text-muted-foreground">{point.text}</p>
      <Link
        to={point.href}
        className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-primary after:absolute after:inset-0 after:rounded-lg hover:underline focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
      >
        {point.linkText}
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </article>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { articles, guides } = loaderData;
  return (
    <>
      <section className="mx-auto grid max-w-7xl items-start gap-10 px-4 pb-12 pt-12 sm:px-6 lg:grid-cols-[1.1fr_1fr] lg:pt-16">
        <div>
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">Free Online PDF Tools</h1>
          <p className="mt-4 max-w-2xl text-lg text-pretty text-muted-foreground">{TAGLINE}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <a href="#try-it">Start Processing PDFs</a>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/tools">View All Tools</Link>
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

      <PageSection
        id="featured-resources"
        title="Featured resources"
        lead="Articles that help you get more out of your PDFs."
      >
        <ContentCardList items={articles} showFeatured className="sm:grid-cols-2 lg:grid-cols-3" />
        <p className="mt-6">
          <Link to="/blog" className="font-medium text-primary underline underline-offset-2 hover:no-underline">
            All articles on the blog
          </Link>
        </p>
      </PageSection>

      <PageSection id="all-tools" title="All PDF tools" lead="Everything you can do with PaperKnife, free.">
        <ToolSections headingLevel="h3" />
      </PageSection>

      <PageSection
        id="popular-guides"
        title="Popular step-by-step guides"
        lead="Learn each tool in a few minutes."
        className="border-t"
      >
        <ContentCardList items={guides} className="sm:grid-cols-2 lg:grid-cols-3" />
        <p className="mt-6">
          <Link to="/guides" className="font-medium text-primary underline underline-offset-2 hover:no-underline">
            All guides
          </Link>
        </p>
      </PageSection>

      <PageSection id="why-choose" title={`Why choose ${SITE_NAME}?`} className="border-t">
        <ul className="grid gap-x-8 gap-y-6 sm:grid-cols-2 lg:grid-cols-3">
          {whyChoose.map((reason) => (
            <li key={reason.title} className="flex gap-4">
              <reason.icon className="mt-1 size-6 shrink-0 text-primary" aria-hidden="true" />
              <div>
                <h3 className="font-semibold">{reason.title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{reason.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="getting-started" title="Getting started" className="border-t">
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
