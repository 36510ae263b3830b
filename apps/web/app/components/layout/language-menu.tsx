import { locales, localizedPath, splitLocalePath } from '@paperknife/i18n/locales';
import { Languages } from 'lucide-react';
import { useLocation } from 'react-router';
import { useI18n } from '~/i18n/i18n-context';
import { LANGUAGE_CHOICE_ATTRIBUTE } from '~/i18n/language-choice';

/** The same page in every language, as links: each loads that language's prerendered page. */
export function useLanguageLinks() {
  const { pathname } = useLocation();
  const { path } = splitLocalePath(pathname);
  return locales.map((locale) => ({ ...locale, href: localizedPath(path, locale.code) }));
}

/**
 * A link to the page in one language, named in that language; following it remembers the choice
 * (language-choice.ts). The header's menu and the footer's list use it.
 */
export function LanguageLinkList({ listClassName, linkClassName }: { listClassName: string; linkClassName: string }) {
  const { locale } = useI18n();
  return (
    <ul className={listClassName}>
      {useLanguageLinks().map((link) => (
        <li key={link.code}>
          <a
            href={link.href}
            hrefLang={link.tag}
            lang={link.tag}
            {...{ [LANGUAGE_CHOICE_ATTRIBUTE]: link.code }}
            aria-current={link.code === locale ? 'true' : undefined}
            className={linkClassName}
          >
            {link.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The header's language switcher: a disclosure (`<details>`), so it opens with a keyboard and without the React
 * app. Following a link remembers the choice (language-choice.ts), so the site stops suggesting another language.
 */
export function LanguageMenu() {
  const { t, locale } = useI18n();
  const current = useLanguageLinks().find((link) => link.code === locale);
  return (
    <details className="relative" data-language-menu>
      <summary
        className="flex h-10 cursor-pointer list-none items-center gap-1.5 rounded-md px-2 text-sm font-medium hover:bg-accent [&::-webkit-details-marker]:hidden"
        aria-label={t('language.menu', { language: current?.name ?? '' })}
      >
        <Languages className="size-5" aria-hidden="true" />
        <span className="uppercase" aria-hidden="true">
          {locale}
        </span>
      </summary>
      <LanguageLinkList
        listClassName="absolute end-0 top-full z-50 mt-2 grid max-h-[70vh] w-56 overflow-y-auto rounded-lg border bg-card p-1 text-card-foreground shadow-lg"
        linkClassName="block rounded-md px-3 py-2 text-sm hover:bg-accent aria-[current=true]:font-semibold"
      />
    </details>
  );
}
