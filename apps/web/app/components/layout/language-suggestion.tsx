import { X } from 'lucide-react';
import { useI18n } from '~/i18n/i18n-context';
import { LANGUAGE_NAME_SLOT, SUGGESTION_ATTRIBUTE } from '~/i18n/language-choice';

/**
 * "This page is available in Deutsch": hidden in the HTML; language-choice.ts fills in the browser's preferred
 * language and shows it to a visitor who has not chosen one. It floats over the page's foot rather than pushing the
 * page down when it appears (no layout shift).
 */
export function LanguageSuggestion() {
  const { t } = useI18n();
  return (
    <div
      hidden
      role="region"
      aria-label={t('language.suggestionRegion')}
      {...{ [SUGGESTION_ATTRIBUTE]: t('language.suggestion', { language: LANGUAGE_NAME_SLOT }) }}
      className="fixed inset-x-4 bottom-4 z-50 mx-auto max-w-md rounded-lg border bg-card text-card-foreground shadow-lg"
    >
      <div className="flex items-center justify-between gap-3 px-4 py-3 text-sm">
        <a href="/" className="font-medium underline">
          {' '}
        </a>
        <button type="button" className="rounded-md p-1 hover:bg-accent" aria-label={t('language.dismissSuggestion')}>
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
