import { Link } from 'react-router';
import type { ArticleSummary, GuideSummary } from '../../content/content-types';
import { cn } from '../../lib/cn';
import { ContentFacts } from './content-facts';

interface ContentCardProps {
  href: string;
  title: string;
  text: string;
  readMinutes: number;
  label: string;
  labelName: string;
  date: string;
  featured?: boolean;
  headingLevel?: 'h2' | 'h3';
  className?: string;
}

/** A guide or article in a list: the title links to it, and the whole card is the link's target area. */
function ContentCard({ href, title, text, featured, headingLevel = 'h3', className, ...facts }: ContentCardProps) {
  const Heading = headingLevel;
  return (
    <article
      className={cn(
        'relative flex h-full flex-col rounded-lg border bg-card p-5 text-card-foreground transition-shadow focus-within:shadow-md hover:shadow-md',
        className,
      )}
    >
      {featured ? (
        <p className="mb-3 w-fit rounded-full bg-primary px-2.5 py-0.5 text-xs font-medium text-primary-foreground">
          Featured
        </p>
      ) : null}
      <Heading className="text-lg font-semibold leading-snug">
        <Link
          to={href}
          className="rounded-sm after:absolute after:inset-0 after:rounded-lg hover:underline focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
        >
          {title}
        </Link>
      </Heading>
      <p className="mt-2 flex-1 text-sm text-muted-foreground">{text}</p>
      <ContentFacts {...facts} className="mt-4" />
    </article>
  );
}

export function GuideCard({
  guide,
  showFeatured = false,
  headingLevel,
}: {
  guide: GuideSummary;
  showFeatured?: boolean;
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <ContentCard
      href={guide.href}
      title={guide.title}
      text={guide.description}
      readMinutes={guide.readMinutes}
      label={guide.difficulty}
      labelName="Level"
      date={guide.date}
      featured={showFeatured && guide.featured}
      headingLevel={headingLevel}
    />
  );
}

export function ArticleCard({
  article,
  showFeatured = false,
  headingLevel,
}: {
  article: ArticleSummary;
  showFeatured?: boolean;
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <ContentCard
      href={article.href}
      title={article.title}
      text={article.excerpt}
      readMinutes={article.readMinutes}
      label={article.category}
      labelName="Category"
      date={article.date}
      featured={showFeatured && article.featured}
      headingLevel={headingLevel}
    />
  );
}
