// @vitest-environment node
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { compressLevelImages } from '@paperknife/catalog/compress-levels';
import { OPENAPI_PATH } from '@paperknife/catalog/http-api';
import { defaultLimits } from '@paperknife/catalog/limits';
import { toolIds, tools } from '@paperknife/catalog/tools';
import { localeCodes } from '@paperknife/i18n/locales';
import { describe, expect, it } from 'vitest';
import { contentFolder, contentSlugs, prerenderPaths } from '~/site-routes';
import { siteConfig } from '~/site-config';
import {
  allArticles,
  allGuides,
  contentValues,
  developersPage,
  faqGroups,
  faqLanguage,
  featuredArticles,
  fillPlaceholders,
  htmlToText,
  policyPage,
  popularGuides,
  relatedItems,
  renderMarkdown,
  splitFrontMatter,
} from './content.server';
import { countWords } from './read-time';

const seedGuides = [
  'how-to-compress-pdf-files',
  'how-to-merge-pdf-files',
  'how-to-split-pdf-files',
  'how-to-add-watermarks-pdf',
  'how-to-password-protect-pdf',
  'how-to-convert-pdf-grayscale',
  'extract-pages-from-pdf',
  'rotate-pdf-pages',
  'extract-text-from-pdf',
  'extract-images-from-pdf',
];

const seedArticles = [
  'best-free-pdf-tools-2024',
  'essential-pdf-tools-professionals',
  'how-to-reduce-pdf-file-size',
  'pdf-vs-word-guide',
  'merge-pdf-files-complete-guide',
  'pdf-security-best-practices',
  'pdf-accessibility-guide',
  'how-to-edit-pdf-files-guide',
  'pdf-compression-guide',
];

describe('guides', () => {
  it('start with the ten guides of the seed, in its order, and the prerender list has every guide', () => {
    const slugs = allGuides('en').map((guide) => guide.slug);
    expect(slugs.slice(0, seedGuides.length)).toEqual(seedGuides);
    expect(contentSlugs('guides')).toEqual([...slugs].sort());
  });

  it('feature compress, merge and split', () => {
    expect(
      allGuides('en')
        .filter((guide) => guide.featured)
        .map((guide) => guide.tool),
    ).toEqual(['compress-pdf', 'merge-pdf', 'split-pdf']);
  });

  it('each have at least 600 words, a read time from the word count, and HowTo steps', () => {
    for (const guide of allGuides('en')) {
      expect(guide.wordCount, guide.slug).toBeGreaterThanOrEqual(600);
      expect(guide.wordCount).toBe(countWords(htmlToText(guide.html)));
      expect(guide.readMinutes).toBe(Math.ceil(guide.wordCount / 200));
      expect(guide.steps.length, guide.slug).toBeGreaterThanOrEqual(3);
    }
  });

  it('show six popular guides on home, featured first', () => {
    const popular = popularGuides('en', 6);
    expect(popular).toHaveLength(6);
    expect(popular.slice(0, 3).every((guide) => guide.featured)).toBe(true);
    expect(popular[0]).not.toHaveProperty('html');
  });
});

describe('articles', () => {
  it('are the nine articles of the seed, newest first, and the prerender list has the same ones', () => {
    const articles = allArticles('en');
    expect(articles.map((article) => article.slug).sort()).toEqual([...seedArticles].sort());
    expect(contentSlugs('blog')).toEqual([...seedArticles].sort());
    const dates = articles.map((article) => article.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('list eight and feature two', () => {
    const listed = allArticles('en').filter((article) => article.listed);
    expect(listed).toHaveLength(8);
    expect(listed.filter((article) => article.featured)).toHaveLength(2);
  });

  it('each have at least 600 words and a read time', () => {
    for (const article of allArticles('en')) {
      expect(article.wordCount, article.slug).toBeGreaterThanOrEqual(600);
      expect(article.readMinutes).toBe(Math.ceil(article.wordCount / 200));
    }
  });

  it('give the home page five featured resources, featured ones first, listed ones only', () => {
    const featured = featuredArticles('en', 5);
    expect(featured).toHaveLength(5);
    expect(featured.slice(0, 2).every((article) => article.featured)).toBe(true);
    expect(featured.every((article) => article.listed)).toBe(true);
  });
});

describe('every piece of content', () => {
  const documents = [
    ...allGuides('en').map((guide) => ({ name: guide.slug, html: guide.html })),
    ...allArticles('en').map((article) => ({ name: article.slug, html: article.html })),
    ...faqGroups('en').flatMap((group) => group.items.map((item) => ({ name: item.id, html: item.answerHtml }))),
    { name: 'privacy', html: policyPage('privacy', 'en').html },
    { name: 'terms', html: policyPage('terms', 'en').html },
  ];

  it('has every {{placeholder}} filled in', () => {
    for (const { name, html } of documents) expect(html, name).not.toMatch(/\{\{|\}\}/);
    // The developers page shows JSON, whose closing braces may pair up; a placeholder left in is still a name.
    expect(developersPage('en').html).not.toMatch(/\{\{\s*[\w.-]+\s*\}\}/);
  });

  it('links only to pages that exist', () => {
    const pages = new Set([...prerenderPaths(), OPENAPI_PATH]);
    let checked = 0;
    for (const { name, html } of [...documents, { name: 'developers', html: developersPage('en').html }]) {
      for (const [, href] of html.matchAll(/href="(\/[^"#]*)/g)) {
        expect(pages, `${name} links to ${href}`).toContain(href);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('quotes the configured limits, not hard-coded ones', () => {
    const compress = allGuides('en').find((guide) => guide.slug === 'how-to-compress-pdf-files')!;
    expect(compress.html).toContain(`${siteConfig.limits.maxFileBytes / 1024 / 1024} MB`);
    const faqText = faqGroups('en')
      .flatMap((group) => group.items.map((item) => item.answerText))
      .join(' ');
    expect(faqText).toContain(`up to ${siteConfig.limits.maxPages} pages`);
    const rotate = allGuides('en').find((guide) => guide.slug === 'rotate-pdf-pages')!;
    expect(rotate.steps.at(-1)?.text).toContain(tools['rotate-pdf'].download.name);
  });

  it('writes no configured number or download name by hand: the sources quote them as placeholders', () => {
    const values = contentValues();
    const byHand = [
      values['maxFileSize']!,
      values['maxRequestSize']!,
      `${values['maxFiles']} files`,
      `${values['maxPages']} pages`,
      `${values['jobTimeoutSeconds']} seconds`,
      `${values['cleanupMinutes']} minutes`,
      `${values['cleanupMinutes']}-minute`,
      values['supportEmail']!,
      values['supportReplyTime']!,
      `at least ${values['passwordMinLength']} characters`,
      `From ${values['option.watermark-pdf.fontSize.min']} to ${values['option.watermark-pdf.fontSize.max']}`,
      ...toolIds.map((id) => tools[id].download.name),
      ...Object.values(compressLevelImages).flatMap(({ dpi, quality }) => [
        `${dpi} dpi`,
        `at most ${quality}`,
        `up to ${quality}`,
      ]),
    ];
    const sources = readdirSync(contentFolder, { recursive: true, encoding: 'utf8' }).filter((name) =>
      /\.(md|yaml)$/.test(name),
    );
    expect(sources.length).toBeGreaterThan(20);
    for (const name of sources) {
      const source = readFileSync(join(contentFolder, name), 'utf8');
      for (const value of byHand) expect(source, `${name} writes "${value}" by hand`).not.toContain(value);
    }
  });
});

describe('developers page', () => {
  it('quotes the API paths, download names and limits from the catalogue, with labelled code examples', () => {
    const { html } = developersPage('en');
    const values = contentValues();
    const text = htmlToText(html);
    expect(html).toContain('<pre tabindex="0" role="region" aria-label="Quick start example">');
    expect(html).toContain('aria-label="JSON request example"');
    expect(html).toContain('aria-label="Error response example"');
    expect(html).toContain(`href="${OPENAPI_PATH}"`);
    for (const fact of [
      `curl ${siteConfig.siteUrl}${values['function.rotate-pdf']}`,
      `-o ${tools['rotate-pdf'].download.name}`,
      `-o ${tools['merge-pdf'].download.name}`,
      `POST ${values['functionsPrefix']}/{function}`,
      `${values['maxFileSize']} per file`,
      `${values['maxPages']} pages per document`,
      `${values['jobTimeoutSeconds']} seconds of processing per job`,
    ]) {
      expect(text).toContain(fact);
    }
  });
});

describe('FAQ', () => {
  it('has the five groups of the seed, with unique item ids', () => {
    const groups = faqGroups('en');
    expect(groups.map((group) => group.title)).toEqual([
      'General',
      'Security & Privacy',
      'Usage Limits',
      'Technical Support',
      'Quality & Performance',
    ]);
    const ids = groups.flatMap((group) => group.items.map((item) => item.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(groups.every((group) => group.items.length >= 3)).toBe(true);
  });
});

describe('policy pages', () => {
  it('state what the server really does with files, logs and messages', () => {
    const privacy = htmlToText(policyPage('privacy', 'en').html);
    const cleanup = `${contentValues()['cleanupMinutes']} minutes`;
    for (const fact of ['within 1 hour', cleanup, 'no cookies', 'IP address', 'first name, last name, email']) {
      expect(privacy).toContain(fact);
    }
    expect(htmlToText(policyPage('terms', 'en').html)).toContain('AGPL-3.0-or-later');
  });
});

describe('placeholders and front matter', () => {
  it('fills values from the site configuration', () => {
    const values = contentValues({ ...siteConfig, limits: { ...defaultLimits, maxFileBytes: 10 * 1024 * 1024 } });
    expect(fillPlaceholders('up to {{maxFileSize}} and {{ maxPages }} pages', values, 'x.md')).toBe(
      `up to 10 MB and ${defaultLimits.maxPages} pages`,
    );
  });

  it('refuses an unknown placeholder, naming the file', () => {
    expect(() => fillPlaceholders('{{maxFileMb}}', contentValues(), 'guides/x.md')).toThrow(
      'guides/x.md: unknown placeholder {{maxFileMb}}',
    );
  });

  it('refuses a file without front matter', () => {
    expect(() => splitFrontMatter('# Title only', 'blog/x.md')).toThrow('blog/x.md: missing front matter');
  });

  it('puts tables in a focusable scroll box', () => {
    expect(renderMarkdown('| a | b |\n|---|---|\n| 1 | 2 |')).toMatch(
      /^<div class="table-scroll" role="region" aria-label="Table" tabindex="0"><table>[\s\S]*<\/table><\/div>/,
    );
  });
});

describe('relatedItems', () => {
  it('prefers items about the same tool, then keeps list order, never the item itself', () => {
    const items = [
      { slug: 'a', tool: 'merge-pdf' },
      { slug: 'b', tool: 'split-pdf' },
      { slug: 'c', tool: 'merge-pdf' },
      { slug: 'd', tool: 'rotate-pdf' },
    ];
    expect(relatedItems(items, items[0]!, 2).map((item) => item.slug)).toEqual(['c', 'b']);
  });
});

describe('translations', () => {
  const translated = localeCodes.filter((code) => code !== 'en');

  it('exist for every guide, the FAQ and the policy and developers pages, in every language', () => {
    for (const code of translated) {
      for (const guide of allGuides(code)) expect(guide.lang, `${code} ${guide.slug}`).toBe(code);
      expect(faqLanguage(code), `${code} faq.yaml`).toBe(code);
      for (const name of ['privacy', 'terms'] as const)
        expect(policyPage(name, code).lang, `${code} ${name}`).toBe(code);
      expect(developersPage(code).lang, `${code} developers`).toBe(code);
    }
  });

  it('keep the English facts, steps and questions, fill every placeholder and link within their language', () => {
    const pages = new Set([...prerenderPaths(), OPENAPI_PATH]);
    for (const code of translated) {
      const english = allGuides('en');
      allGuides(code).forEach((guide, index) => {
        const source = english[index]!;
        expect([guide.slug, guide.tool, guide.date], `${code} ${guide.slug}`).toEqual([
          source.slug,
          source.tool,
          source.date,
        ]);
        expect(guide.steps, `${code} ${guide.slug} steps`).toHaveLength(source.steps.length);
        expect(guide.html, `${code} ${guide.slug}`).not.toMatch(/\{\{|\}\}/);
      });
      const documents = [
        ...allGuides(code).map((guide) => ({ name: guide.slug, html: guide.html })),
        ...faqGroups(code).flatMap((group) => group.items.map((item) => ({ name: item.id, html: item.answerHtml }))),
        { name: 'privacy', html: policyPage('privacy', code).html },
        { name: 'terms', html: policyPage('terms', code).html },
        { name: 'developers', html: developersPage(code).html },
      ];
      for (const { name, html } of documents) {
        for (const [, href] of html.matchAll(/href="(\/[^"#]*)/g)) {
          expect(pages, `${code} ${name} links to ${href}`).toContain(href);
          if (href && !href.startsWith(OPENAPI_PATH)) expect(href, `${code} ${name}`).toMatch(new RegExp(`^/${code}/`));
        }
      }
    }
  });

  it('leave an untranslated article in English, marked so, under the language', () => {
    const article = allArticles('de')[0]!;
    expect(article.lang).toBe('en');
    expect(article.title).toBe(allArticles('en')[0]!.title);
  });
});
