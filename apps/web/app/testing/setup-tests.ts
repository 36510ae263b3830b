import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadTranslator } from '~/i18n/translators';

// Components rendered without the root layout speak English (useI18n).
beforeAll(async () => {
  await loadTranslator('en');
});

afterEach(() => {
  cleanup();
});
