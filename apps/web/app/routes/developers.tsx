import { formatMegabytes } from '@paperknife/catalog/limits';
import { FileJson } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../components/content/page-header';
import { Button } from '../components/ui/button';
import { type ApiFunction, apiErrorCodes, apiFunctions } from '../content/api-reference';
import { absoluteUrl, pageMeta } from '../lib/page-meta';
import { siteConfig } from '../site-config';
import type { Route } from './+types/developers';

const OPENAPI_PATH = '/functions/v1/openapi.json';

export function loader() {
  return { functions: apiFunctions(siteConfig.siteUrl, siteConfig.limits), errors: apiErrorCodes() };
}

const description =
  'The PaperKnife HTTP API: one POST endpoint per PDF tool, multipart or JSON uploads, every field, default, limit and error code, with curl examples and an OpenAPI document.';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Developers: PDF API',
    description,
    path: '/developers',
    keywords: ['pdf api', 'merge pdf api', 'compress pdf api', 'pdf rest api', 'openapi pdf', 'curl pdf'],
    jsonLd: [
      {
        '@type': 'TechArticle',
        headline: 'PaperKnife API reference',
        description,
        url: absoluteUrl('/developers'),
        inLanguage: 'en',
      },
    ],
  });

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
      <div
        className="mt-4 overflow-x-auto rounded-lg border"
        tabIndex={0}
        role="region"
        aria-label={`${fn.title} fields`}
      >
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Fields of {fn.functionName}</caption>
          <thead className="bg-muted text-left">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                Field
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Type
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Required
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Description
              </th>
            </tr>
          </thead>
          <tbody>
            {fn.fields.map((field) => (
              <tr key={field.name} className="border-t align-top">
                <th scope="row" className="px-3 py-2 text-left font-mono font-normal">
                  {field.name}
                </th>
                <td className="px-3 py-2">{field.type}</td>
                <td className="px-3 py-2">{field.required ? 'yes' : 'no'}</td>
                <td className="px-3 py-2 text-muted-foreground">{field.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
  const { functions, errors } = loaderData;
  const { limits, siteUrl } = siteConfig;
  const rotate = functions.find((fn) => fn.toolId === 'rotate-pdf');
  const merge = functions.find((fn) => fn.toolId === 'merge-pdf');
  return (
    <>
      <PageHeader
        title="PaperKnife API"
        lead="Every tool on this site is a plain HTTP endpoint. Send a file, get the result back: no key, no account, and nothing kept."
      >
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
        <Section id="quick-start" title="Quick start">
          <p>Rotate every page of a PDF by 90 degrees and save the result:</p>
          {rotate ? (
            <CodeBlock label="Quick start example">{`curl ${siteUrl}${rotate.path} \\\n  -F file=@document.pdf \\\n  -F angle=90 \\\n  -o ${rotate.downloads[0]?.name ?? 'result'}`}</CodeBlock>
          ) : null}
          <p>
            The full machine-readable description is at{' '}
            <a href={OPENAPI_PATH} className="font-medium text-primary underline underline-offset-2 hover:no-underline">
              {OPENAPI_PATH}
            </a>{' '}
            (OpenAPI 3.1), generated from the same schemas the server validates with.
          </p>
        </Section>

        <Section id="requests" title="Requests">
          <p>
            Every function is <InlineCode>POST {'/functions/v1/{function}'}</InlineCode> on{' '}
            <InlineCode>{siteUrl}</InlineCode>. Send the body in one of two forms:
          </p>
          <ul className="list-disc space-y-2 pl-6">
            <li>
              <strong className="font-semibold">multipart/form-data</strong>: the file in a field called{' '}
              <InlineCode>file</InlineCode> (merge: <InlineCode>files</InlineCode>, repeated once per file, in order),
              and each option as a text field.
            </li>
            <li>
              <strong className="font-semibold">application/json</strong>: files as base64 in{' '}
              <InlineCode>{'{"files":[{"name":"a.pdf","data":"<base64>"}]}'}</InlineCode>, with the options as further
              keys. Names are optional and only used to name files inside ZIP results.
            </li>
          </ul>
          {merge ? (
            <CodeBlock label="JSON request example">{`printf '{"files":[{"name":"a.pdf","data":"%s"},{"name":"b.pdf","data":"%s"}]}' \\\n  "$(base64 -w0 a.pdf)" "$(base64 -w0 b.pdf)" |\ncurl ${siteUrl}${merge.path} \\\n  -H 'Content-Type: application/json' \\\n  --data-binary @- \\\n  -o ${merge.downloads[0]?.name ?? 'result'}`}</CodeBlock>
          ) : null}
          <p>
            Files are recognised by their content, not their name. Options take the same values in both forms (numbers
            and true/false may be sent as text). An <InlineCode>Authorization: Bearer</InlineCode> header is accepted
            but not required: there are no keys.
          </p>
        </Section>

        <Section id="responses" title="Responses">
          <p>
            A success is status 200 with the result file as the body and its name in{' '}
            <InlineCode>Content-Disposition: attachment</InlineCode>. Results are never cached.
          </p>
          <p>
            An error has a status from the table below and a JSON body whose message can be shown to a person as it is:
          </p>
          <CodeBlock label="Error response example">{`HTTP/1.1 400 Bad Request\nContent-Type: application/json; charset=utf-8\n\n{"error":{"code":"page_out_of_range","message":"Page 12 does not exist: this PDF has 10 pages."}}`}</CodeBlock>
          <p>
            Statuses 429 and 503 carry a <InlineCode>Retry-After</InlineCode> header with the seconds to wait. An
            unknown function answers 404 with the code <InlineCode>not_found</InlineCode>.
          </p>
        </Section>

        <Section id="limits" title="Limits">
          <ul className="list-disc space-y-2 pl-6">
            <li>{formatMegabytes(limits.maxFileBytes)} per file</li>
            <li>
              {limits.maxFiles} files and {formatMegabytes(limits.maxRequestBytes)} per request (base64 in JSON counts
              as the decoded size)
            </li>
            <li>{limits.maxPages} pages per document, and per merged result</li>
            <li>{Math.round(limits.jobTimeoutMs / 1000)} seconds of processing per job</li>
            <li>
              A number of requests per minute from each client address; past it, 429{' '}
              <InlineCode>rate_limited</InlineCode>. When every worker is taken and the queue is full, 503{' '}
              <InlineCode>busy</InlineCode>.
            </li>
          </ul>
          <p>
            Uploads are processed in a private temporary folder that is deleted when the response ends. See the{' '}
            <Link to="/privacy" className="font-medium text-primary underline underline-offset-2 hover:no-underline">
              privacy policy
            </Link>
            .
          </p>
        </Section>

        <Section id="errors" title="Error codes">
          <div className="overflow-x-auto rounded-lg border" tabIndex={0} role="region" aria-label="Error codes table">
            <table className="w-full border-collapse text-sm">
              <caption className="sr-only">Error codes, their HTTP status and default message</caption>
              <thead className="bg-muted text-left">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Code
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Status
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Default message
                  </th>
                </tr>
              </thead>
              <tbody>
                {errors.map((error) => (
                  <tr key={error.code} className="border-t align-top">
                    <th scope="row" className="px-3 py-2 text-left font-mono font-normal">
                      {error.code}
                    </th>
                    <td className="px-3 py-2">{error.status}</td>
                    <td className="px-3 py-2 text-muted-foreground">{error.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
