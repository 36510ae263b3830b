// First import: zod must be told not to probe for eval before any schema runs (see the module).
import './zod-without-eval';
import { type ReactNode, use, useEffect } from 'react';
import { splitLocalePath } from '@paperknife/i18n/locales';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useMatches,
} from 'react-router';
import islandsScript from 'virtual:paperknife/islands-entry';
import type { Route } from './+types/root';
import './app.css';
import { ToastRegion } from './components/ui/toast';
import { I18nProvider, useI18n } from './i18n/i18n-context';
import { loadedTranslator } from './i18n/translators';
import { SpaFallbackContext, pageHydrates } from './lib/page-handle';
import { themeBootScript } from './lib/theme';

// The manifest makes the site installable; with the service worker of the device tools it opens offline (decision 205).
export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

export function Layout({ children }: { children: ReactNode }) {
  // Marks the document once React has committed its hydration, so a script (or a browser test) can tell a page
  // whose controls already answer from prerendered HTML that only looks ready.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  // A content page is prerendered without the React app and gets the islands' script instead (decision 073). In
  // the browser this layout only ever renders inside the running app, which keeps its scripts on every page.
  const matches = useMatches();
  const spaFallback = use(SpaFallbackContext);
  // The page's language is its path's (`/de/...`); its messages were loaded before rendering (entry.*.tsx).
  const translator = loadedTranslator(splitLocalePath(useLocation().pathname).code);
  const withApp = typeof document !== 'undefined' || spaFallback || pageHydrates(matches.map((match) => match.handle));
  return (
    // The theme class is set by the boot script before React hydrates, so the attribute may differ.
    <html lang={translator.tag} dir={translator.dir} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script dangerouslySetInnerHTML={{ __html: themeBootScript }} />
        <Meta />
        <Links />
      </head>
      <body>
        <I18nProvider translator={translator}>{children}</I18nProvider>
        {withApp ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : (
          <script type="module" src={islandsScript} />
        )}
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <Outlet />
      <ToastRegion />
    </>
  );
}

/** The router's last resort: "Unexpected Application Error!" with the status or message and the stack. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t, path } = useI18n();
  let details = t('crash.unexpected');
  let stack: string | undefined;
  if (isRouteErrorResponse(error)) {
    details = `${error.status} ${error.statusText || ''}`.trim();
  } else if (error instanceof Error) {
    details = error.message;
    stack = error.stack;
  }
  return (
    <main className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">{t('crash.title')}</h1>
      <p className="mt-4 text-lg">{details}</p>
      {stack ? (
        <pre className="mt-6 overflow-x-auto rounded-md bg-muted p-4 text-sm">
          <code>{stack}</code>
        </pre>
      ) : null}
      <p className="mt-6">
        <a href={path('/')} className="text-primary underline">
          {t('crash.backHome')}
        </a>
      </p>
    </main>
  );
}
