import { type LocaleCode, bestLocale, isLocaleCode, localeOf } from '@paperknife/i18n/locales';

/**
 * The visitor's language, without redirects (a redirect on Accept-Language hides pages from crawlers): a link of
 * the language switcher remembers the choice, and a visitor who has not chosen and whose browser prefers another
 * of our languages sees a dismissible suggestion. Plain DOM code: the islands' script runs it on pages without
 * the React app, the site layout on the others.
 */

export const LANGUAGE_CHOICE_ATTRIBUTE = 'data-language-choice';
export const SUGGESTION_ATTRIBUTE = 'data-language-suggestion';
/** The `{language}` of the suggestion's message, filled in by the script with the language's own name. */
export const LANGUAGE_NAME_SLOT = '{language}';
const STORAGE_KEY = 'paperknife-language';

function storedChoice(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function remember(choice: string) {
  try {
    localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Storage refused (private mode): the choice lasts this page only.
  }
}

/** The language to suggest on a page in `current`, if any: the browser's best, unless the visitor has chosen. */
export function suggestedLanguage(current: LocaleCode, preferred: readonly string[], choice: string | null) {
  if (choice !== null) return undefined;
  const best = bestLocale(preferred);
  return best && best !== current ? best : undefined;
}

/** Wires the switcher's links and shows the suggestion where it applies. */
export function startLanguageChoice(root: Document, current: LocaleCode, pathOf: (code: LocaleCode) => string) {
  root.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.(`[${LANGUAGE_CHOICE_ATTRIBUTE}]`);
    const code = link?.getAttribute(LANGUAGE_CHOICE_ATTRIBUTE);
    if (code && isLocaleCode(code)) remember(code);
  });
  const banner = root.querySelector<HTMLElement>(`[${SUGGESTION_ATTRIBUTE}]`);
  const suggestion = suggestedLanguage(current, navigator.languages ?? [navigator.language], storedChoice());
  if (!banner || !suggestion) return;
  const link = banner.querySelector<HTMLAnchorElement>('a');
  const template = banner.getAttribute(SUGGESTION_ATTRIBUTE) ?? '';
  if (!link) return;
  const { name, tag } = localeOf(suggestion);
  link.textContent = template.replace(LANGUAGE_NAME_SLOT, name);
  link.href = pathOf(suggestion);
  link.hreflang = tag;
  link.setAttribute(LANGUAGE_CHOICE_ATTRIBUTE, suggestion);
  banner.hidden = false;
  banner.querySelector('button')?.addEventListener('click', () => {
    remember(current);
    banner.hidden = true;
  });
}
