import { X } from 'lucide-react';
import { useI18n } from '~/i18n/i18n-context';
import { LANGUAGE_NAME_SLOT, SUGGESTION_ATTRIBUTE } from '~/i18n/language-choice';

/**
 * "This page is available in Deutsch": hidden in the HTML; language-choice.ts fills in the browser's preferred
 * language and shows it to a visitor who has not chosen one.
 */
export function LanguageSuggestion() {
  const { t } = useI18n();
  return (
    <div
      hidden
      role="region"
      aria-label={t('language.suggestionRegion')}
      {...{ [SUGGESTION_ATTRIBUTE]: t('language.suggestion', { language: LANGUAGE_NAME_SLOT }) }}
      className="border-b bg-accent text-accent-foreground"
    >
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-2 text-sm sm:px-6">
        <a href="/" className="font-medium underline">
          {' '}
        </a>
        <button
          type="button"
          className="rounded-md p-1 hover:bg-background"
          aria-label={t('language.dismissSuggestion')}
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
