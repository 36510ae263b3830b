import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '@paperknife/catalog/errors';
import { fileTranslator } from '@paperknife/i18n/message-files';
import { acceptedLanguages } from './api-language.js';
import { type TestApp, makeTestApp, multipart } from './testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A request the API refuses with `missing_file`, asked for in `language`. */
async function refusal(language?: string) {
  const { payload, headers } = multipart([], {});
  return t.app.inject({
    method: 'POST',
    url: '/functions/v1/rotate-pdf',
    payload,
    headers: language ? { ...headers, 'accept-language': language } : headers,
  });
}

describe('the API’s language', () => {
  it('reads Accept-Language by quality, then by order, leaving out q=0 and *', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, de;q=0.95, *;q=0.5, ja;q=0')).toEqual(['fr-CH', 'de', 'fr']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it('answers an error’s message in the client’s language, with the same code', async () => {
    const response = await refusal('de-DE,de;q=0.9,en;q=0.8');
    const body = response.json() as { error: { code: string; message: string } };
    expect(body.error.code).toBe('missing_file');
    expect(body.error.message).toBe(fileTranslator('de').t('error.missing_file'));
    expect(body.error.message).not.toBe(errorCodes.missing_file.message);
    expect(response.headers['content-language']).toBe('de');
    expect(response.headers.vary).toContain('Accept-Language');
  });

  it('answers in its own precise English without the header, for English, and for a language it does not speak', async () => {
    const messageOf = async (language?: string) =>
      ((await refusal(language)).json() as { error: { message: string } }).error.message;
    const english = await messageOf();
    expect(english).toMatch(/PDF/);
    for (const language of ['en-GB', 'sw']) expect(await messageOf(language)).toBe(english);
    expect((await refusal('sw')).headers['content-language']).toBeUndefined();
  });
});
