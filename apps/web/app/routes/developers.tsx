import { OPENAPI_PATH } from '@paperknife/catalog/http-api';
import { FileJson } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MarkdownContent } from '~/components/content/markdown-content';
import { PageHeader } from '~/components/content/page-header';
import { Button } from '~/components/ui/button';
import { type ApiFunction, apiErrorCodes, apiFunctions } from '~/content/api-reference';
import { developersPage } from '~/content/content.server';
import { errorMessageKey, toolMessageKey } from '@paperknife/catalog/message-keys';
import { localeOf } from '@paperknife/i18n/locales';
import { useI18n } from '~/i18n/i18n-context';
import { routeLocale } from '~/i18n/route-locale';
import { cn } from '~/lib/cn';
import { SITE_NAME, absoluteUrl, metaTranslator, pageMeta } from '~/lib/page-meta';
import { siteConfig } from '~/site-config';
import type { Route } from './+types/developers';
import { contentPageHandle } from '~/lib/page-handle';

/**
 * The prose is content/pages/developers.md; the function and error references are generated from the catalogue.
 * The field tables speak the OpenAPI document's English in every language, marked `lang="en"` (decision 160).
 */
export function loader({ params }: Route.LoaderArgs) {
  return {
    page: developersPage(routeLocale(params)),
    functions: apiFunctions(siteConfig.siteUrl, siteConfig.limits),
    errors: apiErrorCodes(),
  };
}

// No React in the browser: the header, theme and Try it now box are islands (decision 073).
export const handle = contentPageHandle;

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  if (!loaderData) return [];
  const i18n = metaTranslator(location);
  return pageMeta(i18n, {
    title: i18n.t('developers.meta.title'),
    description: loaderData.page.description,
    path: '/developers',
    keywords: i18n.t('developers.meta.keywords'),
    jsonLd: [
      {
        '@type': 'TechArticle',
        headline: i18n.t('developers.meta.headline', { site: SITE_NAME }),
        description: loaderData.page.description,
        url: absoluteUrl(i18n.path('/developers')),
        inLanguage: i18n.tag,
      },
    ],
  });
};

function CodeBlock({ children, label }: { children: string; label: string }) {
  return (
    <pre
      className="overflow-x-auto rounded-lg border bg-muted p-4 text-sm leading-6"
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <code>{children}</code>
    </pre>
  );
}

function InlineCode({ children }: { children: ReactNode }) {
  return <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-[0.9em]">{children}</code>;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="scroll-mt-24 border-t pt-10">
      <h2 id={id} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      <div className="mt-4 space-y-4 leading-7">{children}</div>
    </section>
  );
}

/**
 * A reference table in a focusable scroll box: the first cell of a row names it (code font), the last one is
 * the explanation (muted).
 */
function ReferenceTable({
  label,
  caption,
  columns,
  rows,
  className,
  cellLang,
}: {
  label: string;
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly [string, ...string[]])[];
  className?: string;
  /** The language of the cells when it is not the page's (the OpenAPI document's English). */
  cellLang?: string;
}) {
  return (
    <div className={cn('overflow-x-auto rounded-lg border', className)} tabIndex={0} role="region" aria-label={label}>
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted text-start">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, ...cells]) => (
            <tr key={name} className="border-t align-top">
              <th scope="row" className="px-3 py-2 text-start font-normal">
                <code className="font-mono">{name}</code>
              </th>
              {cells.map((cell, index) => (
                <td
                  key={columns[index + 1]}
                  lang={cellLang}
                  className={cn('px-3 py-2', index === cells.length - 1 && 'text-muted-foreground')}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function FunctionReference({ fn }: { fn: ApiFunction }) {
  const { t, path, locale } = useI18n();
  const title = t(toolMessageKey(fn.toolId, 'title'));
  const headingId = `fn-${fn.functionName}`;
  return (
    <section aria-labelledby={headingId} id={fn.functionName} className="scroll-mt-24 rounded-xl border bg-card p-6">
      <h3 id={headingId} className="text-xl font-semibold">
        {title}
      </h3>
      <p className="mt-2 font-mono text-sm">
        <span className="rounded bg-primary px-1.5 py-0.5 font-semibold text-primary-foreground">POST</span>{' '}
        <code>{fn.path}</code>
      </p>
      <p className="mt-3 text-muted-foreground">{t(toolMessageKey(fn.toolId, 'description'))}</p>
      <ReferenceTable
        className="mt-4"
        label={t('developers.fields.label', { tool: title })}
        caption={t('developers.fields.caption', { name: fn.functionName })}
        columns={[
          t('developers.fields.field'),
          t('developers.fields.type'),
          t('developers.fields.required'),
          t('developers.fields.description'),
        ]}
        rows={fn.fields.map((field) => [field.name, field.type, field.required ? 'yes' : 'no', field.description])}
        cellLang={locale === 'en' ? undefined : 'en'}
      />
      <p className="mt-4 text-sm">
        <strong className="font-semibold">{t('developers.response')}</strong>{' '}
        {fn.downloads.map((download, index) => (
          <span key={download.name}>
            {index > 0 ? ` ${t('developers.response.onePage')} ` : ''}
            <InlineCode>{download.name}</InlineCode> (<code>{download.contentType}</code>)
          </span>
        ))}
        {t('developers.response.attachment')}
        {fn.extraHeaders.map((header) => (
          <span key={header.name}>
            {' '}
            <InlineCode>{header.name}</InlineCode>:{' '}
            <span lang={locale === 'en' ? undefined : 'en'}>{header.description}</span>
          </span>
        ))}
      </p>
      <div className="mt-4">
        <CodeBlock label={t('developers.curlLabel', { name: fn.functionName })}>{fn.curl}</CodeBlock>
      </div>
      <p className="mt-3 text-sm">
        <Link
          to={path(fn.pagePath)}
          className="font-medium text-primary underline underline-offset-2 hover:no-underline"
        >
          {t('developers.useOnWebsite', { tool: title })}
        </Link>
      </p>
    </section>
  );
}

export default function DevelopersPage({ loaderData }: Route.ComponentProps) {
  const { page, functions, errors } = loaderData;
  const { t, locale } = useI18n();
  // Not translated into the page's language yet: its words are marked with their own.
  const lang = page.lang === locale ? undefined : localeOf(page.lang).tag;
  return (
    <>
      <PageHeader title={page.title} lead={page.lead} lang={lang}>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button asChild>
            <a href={OPENAPI_PATH}>
              <FileJson aria-hidden="true" />
              {t('developers.openapi')}
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href="#functions">{t('developers.browse')}</a>
          </Button>
        </div>
      </PageHeader>

      <div className="mx-auto max-w-4xl space-y-10 px-4 pb-16 sm:px-6">
        <MarkdownContent html={page.html} lang={lang} />

        <Section id="errors" title={t('developers.errors.title')}>
          <ReferenceTable
            label={t('developers.errors.label')}
            caption={t('developers.errors.caption')}
            columns={[t('developers.errors.code'), t('developers.errors.status'), t('developers.errors.message')]}
            rows={errors.map((error) => [error.code, String(error.status), t(errorMessageKey(error.code))])}
          />
          <p>{t('developers.errors.note')}</p>
        </Section>

        <Section id="functions" title={t('developers.functions')}>
          <nav aria-label={t('developers.functions')}>
            <ul className="grid gap-x-6 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
              {functions.map((fn) => (
                <li key={fn.functionName}>
                  <a
                    href={`#${fn.functionName}`}
                    className="font-mono text-sm text-primary underline underline-offset-2 hover:no-underline"
                  >
                    <code>{fn.functionName}</code>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="space-y-6 pt-4">
            {functions.map((fn) => (
              <FunctionReference key={fn.functionName} fn={fn} />
            ))}
          </div>
        </Section>
      </div>
    </>
  );
}
