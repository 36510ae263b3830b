import { OPENAPI_PATH } from '@paperknife/catalog/http-api';
import { FileJson } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MarkdownContent } from '~/components/content/markdown-content';
import { PageHeader } from '~/components/content/page-header';
import { Button } from '~/components/ui/button';
import { type ApiFunction, apiErrorCodes, apiFunctions } from '~/content/api-reference';
import { developersPage } from '~/content/content.server';
import { cn } from '~/lib/cn';
import { absoluteUrl, pageMeta } from '~/lib/page-meta';
import { siteConfig } from '~/site-config';
import type { Route } from './+types/developers';
import { contentPageHandle } from '~/lib/page-handle';

/** The prose is content/pages/developers.md; the function and error references are generated from the catalogue. */
export function loader() {
  return {
    page: developersPage(),
    functions: apiFunctions(siteConfig.siteUrl, siteConfig.limits),
    errors: apiErrorCodes(),
  };
}

// No React in the browser: the header, theme and Try it now box are islands (decision 073).
export const handle = contentPageHandle;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? pageMeta({
        title: 'Developers: PDF API',
        description: loaderData.page.description,
        path: '/developers',
        keywords: ['pdf api', 'merge pdf api', 'compress pdf api', 'pdf rest api', 'openapi pdf', 'curl pdf'],
        jsonLd: [
          {
            '@type': 'TechArticle',
            headline: 'PaperKnife API reference',
            description: loaderData.page.description,
            url: absoluteUrl('/developers'),
            inLanguage: 'en',
          },
        ],
      })
    : [];

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
}: {
  label: string;
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly [string, ...string[]])[];
  className?: string;
}) {
  return (
    <div className={cn('overflow-x-auto rounded-lg border', className)} tabIndex={0} role="region" aria-label={label}>
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted text-left">
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
              <th scope="row" className="px-3 py-2 text-left font-mono font-normal">
                {name}
              </th>
              {cells.map((cell, index) => (
                <td
                  key={columns[index + 1]}
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
  const headingId = `fn-${fn.functionName}`;
  return (
    <section aria-labelledby={headingId} id={fn.functionName} className="scroll-mt-24 rounded-xl border bg-card p-6">
      <h3 id={headingId} className="text-xl font-semibold">
        {fn.title}
      </h3>
      <p className="mt-2 font-mono text-sm">
        <span className="rounded bg-primary px-1.5 py-0.5 font-semibold text-primary-foreground">POST</span> {fn.path}
      </p>
      <p className="mt-3 text-muted-foreground">{fn.description}</p>
      <ReferenceTable
        className="mt-4"
        label={`${fn.title} fields`}
        caption={`Fields of ${fn.functionName}`}
        columns={['Field', 'Type', 'Required', 'Description']}
        rows={fn.fields.map((field) => [field.name, field.type, field.required ? 'yes' : 'no', field.description])}
      />
      <p className="mt-4 text-sm">
        <strong className="font-semibold">Response:</strong>{' '}
        {fn.downloads.map((download, index) => (
          <span key={download.name}>
            {index > 0 ? ' or, for a one-page PDF, ' : ''}
            <InlineCode>{download.name}</InlineCode> ({download.contentType})
          </span>
        ))}
        , as an attachment.
        {fn.extraHeaders.map((header) => (
          <span key={header.name}>
            {' '}
            <InlineCode>{header.name}</InlineCode>: {header.description}
          </span>
        ))}
      </p>
      <div className="mt-4">
        <CodeBlock label={`curl example for ${fn.functionName}`}>{fn.curl}</CodeBlock>
      </div>
      <p className="mt-3 text-sm">
        <Link to={fn.pagePath} className="font-medium text-primary underline underline-offset-2 hover:no-underline">
          Use {fn.title} on the website
        </Link>
      </p>
    </section>
  );
}

export default function DevelopersPage({ loaderData }: Route.ComponentProps) {
  const { page, functions, errors } = loaderData;
  return (
    <>
      <PageHeader title={page.title} lead={page.lead}>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button asChild>
            <a href={OPENAPI_PATH}>
              <FileJson aria-hidden="true" />
              OpenAPI document
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href="#functions">Browse the functions</a>
          </Button>
        </div>
      </PageHeader>

      <div className="mx-auto max-w-4xl space-y-10 px-4 pb-16 sm:px-6">
        <MarkdownContent html={page.html} />

        <Section id="errors" title="Error codes">
          <ReferenceTable
            label="Error codes table"
            caption="Error codes, their HTTP status and default message"
            columns={['Code', 'Status', 'Default message']}
            rows={errors.map((error) => [error.code, String(error.status), error.message])}
          />
          <p>Most errors replace the default message with a more precise one, like the page example above.</p>
        </Section>

        <Section id="functions" title="Functions">
          <nav aria-label="Functions">
            <ul className="grid gap-x-6 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
              {functions.map((fn) => (
                <li key={fn.functionName}>
                  <a
                    href={`#${fn.functionName}`}
                    className="font-mono text-sm text-primary underline underline-offset-2 hover:no-underline"
                  >
                    {fn.functionName}
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
