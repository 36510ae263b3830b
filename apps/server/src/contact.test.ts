import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteContactStore } from './contact-store-sqlite.js';
import { type TestApp, makeTestApp } from './testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ contactRateLimit: 4 });
});
afterAll(async () => {
  await t.close();
});

const message = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.org',
  subject: 'Merge keeps bookmarks?',
  message: 'Does merge keep the bookmarks of each file?',
};

async function stored() {
  const store = await SqliteContactStore.open(t.dataDir);
  try {
    return await store.list();
  } finally {
    await store.close();
  }
}

describe('POST /api/contact', () => {
  it('stores a valid message in SQLite under the data folder', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/contact', payload: message });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ok: true });
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject(message);
    expect(Date.parse(rows[0]!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('rejects bad input with a message per field, and stores nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...message, email: 'not-an-email', firstName: '  ', message: 'x'.repeat(5001) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'invalid_option',
        message: 'Please enter your first name.',
        fields: {
          firstName: 'Please enter your first name.',
          email: 'Please enter a valid email address.',
          message: 'Your message can be at most 5000 characters.',
        },
      },
    });
    expect(await stored()).toHaveLength(1);
  });

  it('answers a filled honeypot as a success and keeps nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...message, website: 'http://spam.example' },
    });
    expect(response.statusCode).toBe(201);
    expect(await stored()).toHaveLength(1);
  });

  it('is rate-limited more strictly than the tools', async () => {
    const send = () => t.app.inject({ method: 'POST', url: '/api/contact', payload: message });
    expect((await send()).statusCode).toBe(201); // the fourth of this address in the window
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json()).toMatchObject({ error: { code: 'rate_limited' } });
  });
});
