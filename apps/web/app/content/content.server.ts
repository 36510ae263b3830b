import { compressLevelImages } from '@paperknife/catalog/compress-levels';
import { FUNCTIONS_PREFIX, OPENAPI_PATH } from '@paperknife/catalog/http-api';
import { TEMP_SWEEP_AGE_MINUTES } from '@paperknife/catalog/limits';
import { ocrLanguageCodes } from '@paperknife/catalog/ocr-languages';
import { optionFacts } from '@paperknife/catalog/option-form';
import { PASSWORD_MIN_LENGTH } from '@paperknife/catalog/password-rules';
import { type ToolId, functionPath, isToolId, toolIds, tools } from '@paperknife/catalog/tools';
import type { MessageCatalogue } from '@paperknife/i18n/catalogue';
import { compiledMessagesOf } from '@paperknife/i18n/compiled-messages';
import { type LocaleCode, defaultLocale, localeCodes, localeOf, localizedPath } from '@paperknife/i18n/locales';
import { type Translator, createTranslator } from '@paperknife/i18n/translator';
import { Marked } from 'marked';
import { parse as parseYaml } from 'yaml';
import { deviceDownloadBytes, engineDownloadBytes } from '~/features/tools/device/device-tools';
import { formatBytes, formatSizeLimit } from '~/lib/format-size';
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
 * apps/web/content, and their translations in apps/web/content/translations/<language>/ under the same names.
 * Only route loaders import this module; they run at build time, so neither the files nor the parsers reach the
 * browser. Any mistake in a file stops the build with the file named. A document without a translation in a
 * language is shown in English there, marked `lang: 'en'`.
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
const messageFiles = import.meta.glob<MessageCatalogue>('../../../../packages/i18n/messages/*.json', {
  import: 'default',
  eager: true,
});
const translators = new Map<LocaleCode, Translator>();

/** The words the content quotes from the site's messages (the reply time, a table's name), in a language. */
function contentTranslator(locale: LocaleCode): Translator {
  let translator = translators.get(locale);
  if (!translator) {
    const read = (file: LocaleCode) => messageFiles[`../../../../packages/i18n/messages/${file}.json`];
    translator = createTranslator(locale, compiledMessagesOf(locale, read));
    translators.set(locale, translator);
  }
  return translator;
}

const translatedSources = import.meta.glob<string>('../../content/translations/*/**/*.{md,yaml}', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The languages a document is written in: English and those with a translation (`blog/<slug>.md`). */
export function documentLanguages(file: string): LocaleCode[] {
  return localeCodes.filter((code) => code === defaultLocale || translatedSource(code, file) !== undefined);
}

/** A document's source in a language (`guides/how-to-merge-pdf-files.md`, `faq.yaml`), if it is translated. */
function translatedSource(locale: LocaleCode, file: string): [path: string, source: string] | undefined {
  if (locale === defaultLocale) return undefined;
  const path = `../../content/translations/${locale}/${file}`;
  const source = translatedSources[path];
  return source === undefined ? undefined : [path, source];
}

/**
 * Values the content may quote as `{{name}}`, so the numbers and names people read are the configured ones:
 * the limits, the cleanup age, the addresses, each tool's download name as `{{download.<tool id>}}`, and the
 * option bounds and defaults of the tool pages, in page units, as `{{option.<tool id>.<field>.<min|max|default>}}`
 * (`{{option.watermark-pdf.fontSize.max}}`), the shortest password Protect PDF takes as `{{passwordMinLength}}`,
 * what compress's lossy levels do to images as `{{compress.<medium|high>.<dpi|quality>}}`, and the API's paths:
 * `{{functionsPrefix}}`, `{{openapiPath}}` and each tool's `{{function.<tool id>}}`.
 */
export function contentValues(
  config: SiteConfig = siteConfig,
  locale: LocaleCode = defaultLocale,
): Record<string, string> {
  const { limits } = config;
  return {
    maxFileSize: formatSizeLimit(limits.maxFileBytes, localeOf(locale).tag),
    maxRequestSize: formatSizeLimit(limits.maxRequestBytes, localeOf(locale).tag),
    maxFiles: String(limits.maxFiles),
    maxPages: String(limits.maxPages),
    ocrMaxPages: String(limits.ocrMaxPages),
    ocrLanguageCount: String(ocrLanguageCodes.length),
    jobTimeoutSeconds: String(Math.round(limits.jobTimeoutMs / 1000)),
    cleanupMinutes: String(TEMP_SWEEP_AGE_MINUTES),
    // A leftover is found at the first sweep after it turns old enough: at most one sweep interval later.
    cleanupLatestMinutes: String(TEMP_SWEEP_AGE_MINUTES + 1),
    supportEmail: config.supportEmail,
    supportReplyTime: contentTranslator(locale).t('site.supportReplyTime'),
    sourceUrl: config.sourceUrl,
    siteUrl: config.siteUrl,
    ...Object.fromEntries(toolIds.map((id) => [`download.${id}`, tools[id].download.name])),
    passwordMinLength: String(PASSWORD_MIN_LENGTH),
    deviceDownloadSize: formatBytes(deviceDownloadBytes, localeOf(locale).tag),
    mupdfDownloadSize: formatBytes(engineDownloadBytes.mupdf, localeOf(locale).tag),
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
function markdownIn(locale: LocaleCode): Marked {
  const unnamed = contentTranslator(locale).t('content.codeExample');
  return new Marked({
    gfm: true,
    renderer: {
      code({ text, lang }) {
        const [language = '', ...label] = (lang ?? '').trim().split(/\s+/);
        const name = label.length > 0 ? label.join(' ') : unnamed;
        const languageClass = language ? ` class="language-${escapeHtml(language)}"` : '';
        return `<pre tabindex="0" role="region" aria-label="${escapeHtml(name)}"><code${languageClass}>${escapeHtml(text)}</code></pre>\n`;
      },
    },
  });
}
const markdowns = new Map<LocaleCode, Marked>();

/**
 * Markdown to HTML. Tables get a focusable scroll box, so keyboard users can scroll wide ones on small screens.
 * Links to the site's pages lead to the page in the document's language (the API's paths stay as they are).
 */
export function renderMarkdown(source: string, locale: LocaleCode = defaultLocale): string {
  const tableName = escapeHtml(contentTranslator(locale).t('content.table'));
  let markdown = markdowns.get(locale);
  if (!markdown) markdowns.set(locale, (markdown = markdownIn(locale)));
  return markdown
    .parse(source, { async: false })
    .replaceAll('<table>', `<div class="table-scroll" role="region" aria-label="${tableName}" tabindex="0"><table>`)
    .replaceAll('</table>', '</table></div>')
    .replace(/href="(\/[^"]*)"/g, (link, path: string) =>
      path.startsWith(FUNCTIONS_PREFIX) || path.startsWith('/api/') ? link : `href="${localizedPath(path, locale)}"`,
    );
}

interface ParsedDocument {
  slug: string;
  fields: Fields;
  html: string;
  wordCount: number;
  /** The language the document is written in: the page's, or English where it is not translated yet. */
  lang: LocaleCode;
}

/** Placeholders are filled in the whole file, so the front matter (HowTo steps) quotes the same values. */
function parseDocument(path: string, source: string, lang: LocaleCode = defaultLocale): ParsedDocument {
  const file = path.replace(/^(\.\.\/)+/, '');
  const { data, body } = splitFrontMatter(fillPlaceholders(source, contentValues(siteConfig, lang), file), file);
  const html = renderMarkdown(body, lang);
  return { slug: slugOf(path), fields: new Fields(data, file), html, wordCount: countWords(htmlToText(html)), lang };
}

/**
 * The document in `locale`: its translation's words, with the English file's facts (date, tool, category), so a
 * translation cannot drift from them; the English document where there is no translation yet.
 */
function localizedDocument(
  english: ParsedDocument,
  locale: LocaleCode,
  file: string,
): { words: ParsedDocument; facts: ParsedDocument } {
  const translated = translatedSource(locale, file);
  return { words: translated ? parseDocument(translated[0], translated[1], locale) : english, facts: english };
}

function parseGuide(english: ParsedDocument, locale: LocaleCode): Guide {
  const { words, facts } = localizedDocument(english, locale, `guides/${english.slug}.md`);
  const steps: HowToStep[] = words.fields
    .records('steps')
    .map((step) => ({ name: step.text('name'), text: step.text('text') }));
  return {
    slug: english.slug,
    href: `/guides/${english.slug}`,
    lang: words.lang,
    title: words.fields.text('title'),
    description: words.fields.text('description'),
    date: facts.fields.date('date'),
    difficulty: facts.fields.oneOf('difficulty', guideDifficulties),
    featured: facts.fields.flag('featured'),
    tool: facts.fields.tool('tool'),
    keywords: words.fields.textList('keywords'),
    steps,
    html: words.html,
    wordCount: words.wordCount,
    readMinutes: readTimeMinutes(words.wordCount),
  };
}

function parseArticle(english: ParsedDocument, locale: LocaleCode): Article {
  const { words, facts } = localizedDocument(english, locale, `blog/${english.slug}.md`);
  return {
    slug: english.slug,
    href: `/blog/${english.slug}`,
    lang: words.lang,
    title: words.fields.text('title'),
    description: words.fields.text('description'),
    excerpt: words.fields.text('excerpt'),
    date: facts.fields.date('date'),
    category: facts.fields.oneOf('category', articleCategories),
    featured: facts.fields.flag('featured'),
    listed: facts.fields.flag('listed'),
    tool: facts.fields.tool('tool'),
    keywords: words.fields.textList('keywords'),
    html: words.html,
    wordCount: words.wordCount,
    readMinutes: readTimeMinutes(words.wordCount),
  };
}

/** A cache per language of what the build reads many times. */
function perLocale<T>(make: (locale: LocaleCode) => T): (locale: LocaleCode) => T {
  const cache = new Map<LocaleCode, T>();
  return (locale) => {
    let value = cache.get(locale);
    if (value === undefined) cache.set(locale, (value = make(locale)));
    return value;
  };
}

const englishGuides = perLocale(() =>
  Object.entries(guideSources)
    .map(([path, source]) => parseDocument(path, source))
    .map((document) => ({ document, date: document.fields.date('date') }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.document.slug.localeCompare(b.document.slug))
    .map(({ document }) => document),
);

const englishArticles = perLocale(() =>
  Object.entries(articleSources)
    .map(([path, source]) => parseDocument(path, source))
    .map((document) => ({ document, date: document.fields.date('date') }))
    .sort((a, b) => b.date.localeCompare(a.date) || a.document.slug.localeCompare(b.document.slug))
    .map(({ document }) => document),
);

/** Every guide, in the order of the seed's list (oldest first: the basics come first). */
export const allGuides = perLocale((locale) =>
  englishGuides(defaultLocale).map((document) => parseGuide(document, locale)),
);

/** Every article, newest first. */
export const allArticles = perLocale((locale) =>
  englishArticles(defaultLocale).map((document) => parseArticle(document, locale)),
);

export function guideBySlug(locale: LocaleCode, slug: string): Guide | undefined {
  return allGuides(locale).find((guide) => guide.slug === slug);
}

export function articleBySlug(locale: LocaleCode, slug: string): Article | undefined {
  return allArticles(locale).find((article) => article.slug === slug);
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
export function featuredArticles(locale: LocaleCode, count: number): ArticleSummary[] {
  return featuredFirst(allArticles(locale).filter((article) => article.listed))
    .slice(0, count)
    .map(articleSummary);
}

/** The home page's popular guides: featured guides, then the rest in list order. */
export function popularGuides(locale: LocaleCode, count: number): GuideSummary[] {
  return featuredFirst(allGuides(locale)).slice(0, count).map(guideSummary);
}

/** The guide that explains each tool, for tools that have one (features page links). */
export function guideHrefByTool(): Partial<Record<ToolId, string>> {
  return Object.fromEntries(allGuides(defaultLocale).map((guide) => [guide.tool, guide.href]));
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

function parseFaq(file: string, source: string, lang: LocaleCode): FaqGroup[] {
  const data: unknown = parseYaml(source);
  if (!isRecord(data)) throw new Error(`${file}: must be a YAML mapping`);
  const values = contentValues(siteConfig, lang);
  const ids = new Set<string>();
  return new Fields(data, file).records('groups').map((group) => ({
    id: group.text('id'),
    title: group.text('title'),
    items: group.records('items').map((item) => {
      const id = item.text('id');
      if (ids.has(id)) throw new Error(`${file}: the item id "${id}" is used twice`);
      ids.add(id);
      const answerHtml = renderMarkdown(fillPlaceholders(item.text('answer'), values, file), lang);
      const question = fillPlaceholders(item.text('question'), values, file);
      return { id, question, answerHtml, answerText: htmlToText(answerHtml) };
    }),
  }));
}

const idsOf = (groups: readonly FaqGroup[]) =>
  groups.flatMap((group) => [group.id, ...group.items.map((item) => item.id)]);

/**
 * The FAQ groups from content/faq.yaml, answers rendered from Markdown; in a language with a translation, its
 * words, which must keep the English groups and questions (same ids, same order).
 */
export const faqGroups = perLocale((locale): FaqGroup[] => {
  const [path, source] = Object.entries(faqSources)[0] ?? [];
  if (path === undefined || source === undefined) throw new Error('content/faq.yaml is missing');
  const english = parseFaq('content/faq.yaml', source, defaultLocale);
  const translated = translatedSource(locale, 'faq.yaml');
  if (!translated) return english;
  const file = translated[0].replace(/^(\.\.\/)+/, '');
  const groups = parseFaq(file, translated[1], locale);
  if (idsOf(groups).join() !== idsOf(english).join()) {
    throw new Error(
      `${file}: its groups and questions must be content/faq.yaml's, with the same ids in the same order`,
    );
  }
  return groups;
});

/** The language a FAQ is written in (English where it is not translated yet). */
export function faqLanguage(locale: LocaleCode): LocaleCode {
  return translatedSource(locale, 'faq.yaml') ? locale : defaultLocale;
}

function pageDocument(name: string, locale: LocaleCode): ParsedDocument {
  const entry = Object.entries(pageSources).find(([path]) => slugOf(path) === name);
  if (!entry) throw new Error(`content/pages/${name}.md is missing`);
  return localizedDocument(parseDocument(...entry), locale, `pages/${name}.md`).words;
}

/** The developers page's text from content/pages/developers.md; the reference tables come from the catalogue. */
export function developersPage(locale: LocaleCode): DevelopersPage {
  const { fields, html, lang } = pageDocument('developers', locale);
  return {
    title: fields.text('title'),
    lead: fields.text('lead'),
    description: fields.text('description'),
    html,
    lang,
  };
}

/** A policy page from content/pages/{name}.md. */
export function policyPage(name: 'privacy' | 'terms', locale: LocaleCode): PolicyPage {
  const { fields, html, lang } = pageDocument(name, locale);
  return {
    title: fields.text('title'),
    description: fields.text('description'),
    updated: pageDocument(name, defaultLocale).fields.date('updated'),
    html,
    lang,
  };
}
