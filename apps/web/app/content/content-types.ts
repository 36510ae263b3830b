import type { ToolId } from '@paperknife/catalog/tools';
import type { LocaleCode } from '@paperknife/i18n/locales';

/** Shapes of the guides, articles, FAQ and policy pages the loaders hand to the pages (plain data). */

export const guideDifficulties = ['Beginner', 'Intermediate'] as const;
export type GuideDifficulty = (typeof guideDifficulties)[number];

/** The blog's categories, in the order of its filter chips (after "All"). */
export const articleCategories = [
  'Tutorial',
  'Reviews',
  'Professional',
  'Security',
  'Guide',
  'Accessibility',
  'Advanced',
] as const;
export type ArticleCategory = (typeof articleCategories)[number];

interface ContentSummary {
  slug: string;
  /** `/guides/{slug}` or `/blog/{slug}`. */
  href: string;
  /** The language the words are in: the page's, or English where the document is not translated yet. */
  lang: LocaleCode;
  title: string;
  description: string;
  /** Publish date, `YYYY-MM-DD`. */
  date: string;
  featured: boolean;
  /** The tool the call-to-action leads to. */
  tool: ToolId;
  readMinutes: number;
}

export interface GuideSummary extends ContentSummary {
  difficulty: GuideDifficulty;
}

export interface HowToStep {
  name: string;
  text: string;
}

interface ContentBody {
  keywords: string[];
  /** The body rendered to HTML at build time. */
  html: string;
  wordCount: number;
}

export interface Guide extends GuideSummary, ContentBody {
  steps: HowToStep[];
}

export interface ArticleSummary extends ContentSummary {
  excerpt: string;
  category: ArticleCategory;
  /** Shown in the blog list; unlisted articles are reachable by their address and links only. */
  listed: boolean;
}

export type Article = ArticleSummary & ContentBody;

export interface FaqItem {
  id: string;
  question: string;
  answerHtml: string;
  /** The answer without markup, for structured data. */
  answerText: string;
}

export interface FaqGroup {
  id: string;
  title: string;
  items: FaqItem[];
}

/** A policy page (privacy, terms): Markdown with a title, a summary and the date it last changed. */
export interface DevelopersPage {
  title: string;
  lead: string;
  description: string;
  html: string;
  lang: LocaleCode;
}

export interface PolicyPage {
  title: string;
  description: string;
  updated: string;
  html: string;
  lang: LocaleCode;
}
