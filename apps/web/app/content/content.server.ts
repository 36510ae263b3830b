import { compressLevelImages } from '@paperknife/catalog/compress-levels';
import { FUNCTIONS_PREFIX, OPENAPI_PATH } from '@paperknife/catalog/http-api';
import { TEMP_SWEEP_AGE_MINUTES, formatMegabytes } from '@paperknife/catalog/limits';
import { ocrLanguageCodes } from '@paperknife/catalog/ocr-languages';
import { optionFacts } from '@paperknife/catalog/option-form';
import { PASSWORD_MIN_LENGTH } from '@paperknife/catalog/password-rules';
import { type ToolId, functionPath, isToolId, toolIds, tools } from '@paperknife/catalog/tools';
import { Marked } from 'marked';
import { parse as parseYaml } from 'yaml';
import { SUPPORT_REPLY_TIME } from '~/lib/page-meta';
import { type SiteConfig, siteConfig } from '~/site-config';
import {
  type Article,
  type ArticleSummary,
  type DevelopersPage,
  type FaqGroup,
  type Guide,
  type GuideSummary,
  type HowToStep,
  type PolicyPage,
  articleCategories,
  guideDifficulties,
} from './content-types';
import { countWords, readTimeMinutes } from './read-time';

/**
 * The site's written content: guides, articles, FAQ and policy pages, kept as Markdown and YAML in
 * apps/web/content. Only route loaders import this module; they run at build time, so neither the files nor
 * the parsers reach the browser. Any mistake in a file stops the build with the file named.
 */

const guideSources = import.meta.glob<string>('../../content/guides/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const articleSources = import.meta.glob<string>('../../content/blog/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const pageSources = import.meta.glob<string>('../../content/pages/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const faqSources = import.meta.glob<string>('../../content/faq.yaml', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/**
 * Values the content may quote as `{{name}}`, so the numbers and names people read are the configured ones:
 * the limits, the cleanup age, the addresses, each tool's download name as `{{download.<tool id>}}`, and the
 * option bounds and defaults of the tool pages, in page units, as `{{option.<tool id>.<field>.<min|max|default>}}`
 * (`{{option.watermark-pdf.fontSize.max}}`), the shortest password Protect PDF takes as `{{passwordMinLength}}`,
 * what compress's lossy levels do to images as `{{compress.<medium|high>.<dpi|quality>}}`, and the API's paths:
 * `{{functionsPrefix}}`, `{{openapiPath}}` and each tool's `{{function.<tool id>}}`.
 */
export function contentValues(config: SiteConfig = siteConfig): Record<string, string> {
  const { limits } = config;
  return {
    maxFileSize: formatMegabytes(limits.maxFileBytes),
    maxRequestSize: formatMegabytes(limits.maxRequestBytes),
    maxFiles: String(limits.maxFiles),
    maxPages: String(limits.maxPages),
    ocrMaxPages: String(limits.ocrMaxPages),
    ocrLanguageCount: String(ocrLanguageCodes.length),
    jobTimeoutSeconds: String(Math.round(limits.jobTimeoutMs / 1000)),
    cleanupMinutes: String(TEMP_SWEEP_AGE_MINUTES),
    // A leftover is found at the first sweep after it turns old enough: at most one sweep interval later.
    cleanupLatestMinutes: String(TEMP_SWEEP_AGE_MINUTES + 1),
    supportEmail: config.supportEmail,
    supportReplyTime: SUPPORT_REPLY_TIME,
    sourceUrl: config.sourceUrl,
    siteUrl: config.siteUrl,
    ...Object.fromEntries(toolIds.map((id) => [`download.${id}`, tools[id].download.name])),
    passwordMinLength: String(PASSWORD_MIN_LENGTH),
    ...flatten('option', optionFacts()),
    ...flatten('compress', compressLevelImages),
    functionsPrefix: FUNCTIONS_PREFIX,
    openapiPath: OPENAPI_PATH,
    ...Object.fromEntries(toolIds.map((id) => [`function.${id}`, functionPath(id)])),
  };
}

/** `{ a: { b: 1 } }` as `{ 'prefix.a.b': '1' }`. */
function flatten(prefix: string, value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return { [prefix]: String(value) };
  return Object.assign({}, ...Object.entries(value).map(([key, inner]) => flatten(`${prefix}.${key}`, inner)));
}

/** Replaces every `{{name}}`; an unknown name is an error, never left in the page. */
export function fillPlaceholders(text: string, values: Record<string, string>, file: string): string {
  return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${file}: unknown placeholder {{${name}}}`);
    return value;
  });
}

/** Front matter between `---` lines, and the Markdown after it. */
export function splitFrontMatter(source: string, file: string): { data: Record<string, unknown>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`${file}: missing front matter between --- lines`);
  const data: unknown = parseYaml(match[1] ?? '');
  if (!isRecord(data)) throw new Error(`${file}: the front matter must be a YAML mapping`);
  return { data, body: match[2] ?? '' };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads typed fields out of parsed YAML, naming the file and field of the first problem. */
class Fields {
  constructor(
    private readonly data: Record<string, unknown>,
    private readonly file: string,
  ) {}

  private fail(key: string, expected: string): never {
    throw new Error(`${this.file}: "${key}" must be ${expected}`);
  }

  text(key: string): string {
    const value = this.data[key];
    if (typeof value !== 'string' || value.trim() === '') this.fail(key, 'a non-empty string');
    return value.trim();
  }

  flag(key: string): boolean {
    const value = this.data[key];
    if (typeof value !== 'boolean') this.fail(key, 'true or false');
    return value;
  }

  date(key: string): string {
    const value = this.text(key);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) this.fail(key, 'a date (YYYY-MM-DD)');
    return value;
  }

  oneOf<const T extends readonly string[]>(key: string, values: T): T[number] {
    const value = this.text(key);
    if (!values.includes(value)) this.fail(key, `one of ${values.join(', ')}`);
    return value;
  }

  textList(key: string): string[] {
    const value = this.data[key];
    if (!Array.isArray(value) || value.length === 0 || !value.every((item) => typeof item === 'string')) {
      this.fail(key, 'a list of strings');
    }
    return value as string[];
  }

  records(key: string): Fields[] {
    const value = this.data[key];
    if (!Array.isArray(value) || value.length === 0 || !value.every(isRecord)) this.fail(key, 'a list of mappings');
    return (value as Record<string, unknown>[]).map((item, index) => new Fields(item, `${this.file} ${key}[${index}]`));
  }

  tool(key: string) {
    const value = this.text(key);
    if (!isToolId(value)) this.fail(key, 'a tool id of the catalogue');
    return value;
  }
}

const slugOf = (path: string) => path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/, '');

/** Plain text of rendered HTML, for word counts and structured data. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(
      /&(amp|lt|gt|quot|#39);/g,
      (_m, entity: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[entity]!,
    )
    .replace(/\s+/g, ' ')
    .trim();
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );

/**
 * Code blocks are focusable scroll regions, like tables, named by the words after the language in the fence:
 * ```` ```sh Quick start example ````.
 */
const markdown = new Marked({
  gfm: true,
  renderer: {
    code({ text, lang }) {
      const [language = '', ...label] = (lang ?? '').trim().split(/\s+/);
      const name = label.length > 0 ? label.join(' ') : 'Code example';
      const languageClass = language ? ` class="language-${escapeHtml(language)}"` : '';
      return `<pre tabindex="0" role="region" aria-label="${escapeHtml(name)}"><code${languageClass}>${escapeHtml(text)}</code></pre>\n`;
    },
  },
});

/** Markdown to HTML. Tables get a focusable scroll box, so keyboard users can scroll wide ones on small screens. */
export function renderMarkdown(source: string): string {
  return markdown
    .parse(source, { async: false })
    .replaceAll('<table>', '<div class="table-scroll" role="region" aria-label="Table" tabindex="0"><table>')
    .replaceAll('</table>', '</table></div>');
}

interface ParsedDocument {
  slug: string;
  fields: Fields;
  html: string;
  wordCount: number;
}

/** Placeholders are filled in the whole file, so the front matter (HowTo steps) quotes the same values. */
function parseDocument(path: string, source: string): ParsedDocument {
  const file = path.replace(/^(\.\.\/)+/, '');
  const { data, body } = splitFrontMatter(fillPlaceholders(source, contentValues(), file), file);
  const html = renderMarkdown(body);
  return { slug: slugOf(path), fields: new Fields(data, file), html, wordCount: countWords(htmlToText(html)) };
}

function parseGuide(path: string, source: string): Guide {
  const { slug, fields, html, wordCount } = parseDocument(path, source);
  const steps: HowToStep[] = fields
    .records('steps')
    .map((step) => ({ name: step.text('name'), text: step.text('text') }));
  return {
    slug,
    href: `/guides/${slug}`,
    title: fields.text('title'),
    description: fields.text('description'),
    date: fields.date('date'),
    difficulty: fields.oneOf('difficulty', guideDifficulties),
    featured: fields.flag('featured'),
    tool: fields.tool('tool'),
    keywords: fields.textList('keywords'),
    steps,
    html,
    wordCount,
    readMinutes: readTimeMinutes(wordCount),
  };
}

function parseArticle(path: string, source: string): Article {
  const { slug, fields, html, wordCount } = parseDocument(path, source);
  return {
    slug,
    href: `/blog/${slug}`,
    title: fields.text('title'),
    description: fields.text('description'),
    excerpt: fields.text('excerpt'),
    date: fields.date('date'),
    category: fields.oneOf('category', articleCategories),
    featured: fields.flag('featured'),
    listed: fields.flag('listed'),
    tool: fields.tool('tool'),
    keywords: fields.textList('keywords'),
    html,
    wordCount,
    readMinutes: readTimeMinutes(wordCount),
  };
}

let guidesCache: Guide[] | undefined;
let articlesCache: Article[] | undefined;

/** Every guide, in the order of the seed's list (oldest first: the basics come first). */
export function allGuides(): Guide[] {
  guidesCache ??= Object.entries(guideSources)
    .map(([path, source]) => parseGuide(path, source))
    .sort((a, b) => a.date.localeCompare(b.date) || a.slug.localeCompare(b.slug));
  return guidesCache;
}

/** Every article, newest first. */
export function allArticles(): Article[] {
  articlesCache ??= Object.entries(articleSources)
    .map(([path, source]) => parseArticle(path, source))
    .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  return articlesCache;
}

export function guideBySlug(slug: string): Guide | undefined {
  return allGuides().find((guide) => guide.slug === slug);
}

export function articleBySlug(slug: string): Article | undefined {
  return allArticles().find((article) => article.slug === slug);
}

/** What list pages need of a guide: everything but the body. */
export function guideSummary({
  html: _html,
  steps: _steps,
  keywords: _keywords,
  wordCount: _words,
  ...summary
}: Guide): GuideSummary {
  return summary;
}

export function articleSummary({
  html: _html,
  keywords: _keywords,
  wordCount: _words,
  ...summary
}: Article): ArticleSummary {
  return summary;
}

/** Featured first, then the rest in their usual order. */
function featuredFirst<T extends { featured: boolean }>(items: readonly T[]): T[] {
  return [...items.filter((item) => item.featured), ...items.filter((item) => !item.featured)];
}

/** The home page's "featured resources": featured articles, then the newest listed ones. */
export function featuredArticles(count: number): ArticleSummary[] {
  return featuredFirst(allArticles().filter((article) => article.listed))
    .slice(0, count)
    .map(articleSummary);
}

/** The home page's popular guides: featured guides, then the rest in list order. */
export function popularGuides(count: number): GuideSummary[] {
  return featuredFirst(allGuides()).slice(0, count).map(guideSummary);
}

/** The guide that explains each tool, for tools that have one (features page links). */
export function guideHrefByTool(): Partial<Record<ToolId, string>> {
  return Object.fromEntries(allGuides().map((guide) => [guide.tool, guide.href]));
}

/** Other guides or articles to read next: same tool first, then the nearest in the list. */
export function relatedItems<T extends { slug: string; tool: string }>(
  items: readonly T[],
  current: T,
  count: number,
): T[] {
  const others = items.filter((item) => item.slug !== current.slug);
  const sameTool = others.filter((item) => item.tool === current.tool);
  const rest = others.filter((item) => item.tool !== current.tool);
  return [...sameTool, ...rest].slice(0, count);
}

let faqCache: FaqGroup[] | undefined;

/** The FAQ groups from content/faq.yaml, answers rendered from Markdown. */
export function faqGroups(): FaqGroup[] {
  if (faqCache) return faqCache;
  const [path, source] = Object.entries(faqSources)[0] ?? [];
  if (path === undefined || source === undefined) throw new Error('content/faq.yaml is missing');
  const file = 'content/faq.yaml';
  const data: unknown = parseYaml(source);
  if (!isRecord(data)) throw new Error(`${file}: must be a YAML mapping`);
  const values = contentValues();
  const ids = new Set<string>();
  faqCache = new Fields(data, file).records('groups').map((group) => ({
    id: group.text('id'),
    title: group.text('title'),
    items: group.records('items').map((item) => {
      const id = item.text('id');
      if (ids.has(id)) throw new Error(`${file}: the item id "${id}" is used twice`);
      ids.add(id);
      const answerHtml = renderMarkdown(fillPlaceholders(item.text('answer'), values, file));
      const question = fillPlaceholders(item.text('question'), values, file);
      return { id, question, answerHtml, answerText: htmlToText(answerHtml) };
    }),
  }));
  return faqCache;
}

/** The developers page's text from content/pages/developers.md; the reference tables come from the catalogue. */
export function developersPage(): DevelopersPage {
  const entry = Object.entries(pageSources).find(([path]) => slugOf(path) === 'developers');
  if (!entry) throw new Error('content/pages/developers.md is missing');
  const { fields, html } = parseDocument(...entry);
  return { title: fields.text('title'), lead: fields.text('lead'), description: fields.text('description'), html };
}

/** A policy page from content/pages/{name}.md. */
export function policyPage(name: 'privacy' | 'terms'): PolicyPage {
  const entry = Object.entries(pageSources).find(([path]) => slugOf(path) === name);
  if (!entry) throw new Error(`content/pages/${name}.md is missing`);
  const { fields, html } = parseDocument(...entry);
  return {
    title: fields.text('title'),
    description: fields.text('description'),
    updated: fields.date('updated'),
    html,
  };
}
