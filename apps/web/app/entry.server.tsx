import { renderToReadableStream } from 'react-dom/server';
import { type EntryContext, ServerRouter } from 'react-router';
import { loadTranslatorForPath } from './i18n/translators';
import { SpaFallbackContext } from './lib/page-handle';

/**
 * Renders a page at build time (every route is prerendered; nothing renders at run time). It waits for the whole
 * page before sending a byte, as for a crawler, so the HTML carries every section in place: no Suspense fallback
 * revealed later by an inline script. Web streams only, so the build needs neither `@react-router/node` nor `isbot`
 * (React Router's default entry uses them to tell crawlers from people).
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  // Root's layout takes the page's language's translator from those loaded.
  await loadTranslatorForPath(new URL(request.url).pathname);
  let renderError: unknown;
  const body = await renderToReadableStream(
    <SpaFallbackContext value={routerContext.isSpaMode}>
      <ServerRouter context={routerContext} url={request.url} />
    </SpaFallbackContext>,
    {
      signal: request.signal,
      onError(error) {
        renderError = error;
      },
    },
  );
  await body.allReady;
  // A page that failed while rendering must fail the build, not be written out half empty.
  if (renderError) throw renderError;
  headers.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(body, { headers, status });
}
