import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadTranslatorForPath } from './i18n/translators';

// The page's language's messages load before hydration, so the first render speaks the prerendered page's words.
void loadTranslatorForPath(window.location.pathname).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
