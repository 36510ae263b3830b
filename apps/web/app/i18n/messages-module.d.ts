declare module 'virtual:paperknife/messages' {
  import type { CompiledCatalogue } from '@paperknife/i18n/catalogue';
  import type { LocaleCode } from '@paperknife/i18n/locales';

  export function loadMessages(code: LocaleCode): Promise<CompiledCatalogue>;
}
