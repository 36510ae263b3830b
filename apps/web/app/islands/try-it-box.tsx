// First import: zod must be told not to probe for eval before any schema runs (see the module).
import '~/zod-without-eval';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { ToastRegion } from '~/components/ui/toast';
import { TryItBox } from '~/features/tools/components/try-it-box';
import { storeHandOver } from '~/features/tools/utils/pending-files';
import { I18nProvider } from '~/i18n/i18n-context';
import { loadTranslatorForPath } from '~/i18n/translators';

/**
 * Renders the React "Try it now" box into `container` (in place of its prerendered drop zone), starting with
 * `files`, and a place for its toasts; the box is in the document when this returns. The chosen tool's page loads
 * anew and takes the files from IndexedDB.
 */
export async function renderTryItBox(container: HTMLElement, files: readonly File[]): Promise<void> {
  // The page's language's messages come with the box, as the React app's do.
  const translator = await loadTranslatorForPath(window.location.pathname);
  const toasts = document.createElement('div');
  document.body.append(toasts);
  createRoot(toasts).render(
    <I18nProvider translator={translator}>
      <ToastRegion />
    </I18nProvider>,
  );
  const box = createRoot(container);
  // Rendered at once, so the caller can put the focus back on the new drop zone.
  flushSync(() =>
    box.render(
      <I18nProvider translator={translator}>
        <TryItBox
          initialFiles={files}
          openTool={(toolPath, chosen) => {
            void storeHandOver(toolPath, chosen)
              // Without IndexedDB the tool page opens empty and the visitor drops the files there again.
              .catch(() => undefined)
              .then(() => window.location.assign(toolPath));
          }}
        />
      </I18nProvider>,
    ),
  );
}
