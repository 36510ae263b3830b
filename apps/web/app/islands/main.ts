import { localizedPath, splitLocalePath } from '@paperknife/i18n/locales';
import { startLanguageChoice } from '~/i18n/language-choice';
import { startHeaderMenus, startMobileMenu } from './header';
import { startThemeControls } from './theme';
import { startTryIt } from './try-it';

/**
 * The script of a page without the React app (decision 073): the header's menus, the theme controls, the language
 * switcher's memory and suggestion and, where
 * there is one, the "Try it now" box and the tool filter. Then it marks the document as ready, as the React app
 * does once hydrated, so a script or a browser test can tell controls that answer from HTML that only looks ready.
 */
startHeaderMenus();
startMobileMenu();
startThemeControls();
// The not-found page says which address was missing, for whoever reads the console.
if (document.querySelector('[data-not-found]')) console.warn(`404: no page at ${window.location.pathname}`);
const page = splitLocalePath(window.location.pathname);
startLanguageChoice(document, page.code, (code) => localizedPath(page.path, code));
for (const container of document.querySelectorAll<HTMLElement>('[data-island="try-it"]')) startTryIt(container);

// The filter is a chunk of its own (the app's /tools shares it), so only a page with a filter loads it.
const filters = [...document.querySelectorAll<HTMLElement>('[data-island="tool-filter"]')];
const filtersStarted =
  filters.length === 0
    ? Promise.resolve()
    : import('./tool-filter').then(({ startToolFilter }) => filters.forEach(startToolFilter));
void filtersStarted.finally(() => {
  document.documentElement.dataset['hydrated'] = 'true';
});
