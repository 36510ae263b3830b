import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolEntry } from '@paperknife/catalog/tool-entry';
import { toolIds, tools } from '@paperknife/catalog/tools';
import { makePdf } from '@paperknife/engine/testing/make-pdf';
import { type TestApp, makeTestApp, multipart } from './testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ corsOrigin: 'https://app.example' });
});
afterAll(async () => {
  await t.close();
});

describe('CORS for the API', () => {
  it('answers preflights for the configured origin, without credentials', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/functions/v1/compress-pdf',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('https://app.example');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(response.headers['access-control-allow-headers'])).toMatch(/Authorization/);
  });

  it("lets pages read the download name and every tool's report headers", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/rotate-pdf',
      ...multipart([{ name: 'a.pdf', data: makePdf() }]),
      headers: { ...multipart([]).headers, origin: 'https://app.example' },
    });
    const exposed = String(response.headers['access-control-expose-headers']).split(', ');
    // Every header a catalogue entry says its answer carries, the download name and the busy answer's wait.
    const reported = toolIds.flatMap((id) => (tools[id] as ToolEntry).responseHeaders ?? []).map(({ name }) => name);
    expect(reported).toContain('X-Compress-Result');
    expect(new Set(exposed)).toEqual(new Set(['Content-Disposition', 'Retry-After', ...reported]));
    expect(exposed).toHaveLength(new Set(exposed).size);
  });
});

describe('logs', () => {
  it('never hold file names, passwords or the bearer token', async () => {
    const { payload, headers } = multipart([{ name: 'Secret-Merger-Plans.pdf', data: makePdf() }], {
      userPassword: 'correct-horse-battery',
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/protect-pdf',
      payload,
      headers: { ...headers, authorization: 'Bearer tok-12345' },
    });
    expect(response.statusCode).toBe(200);
    const failed = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/unlock-pdf',
      ...multipart([{ name: 'Secret-Merger-Plans.pdf', data: response.rawPayload }], { password: 'wrong-guess-9' }),
    });
    expect(failed.statusCode).toBe(422);
    const logs = t.logText();
    expect(logs).toContain('/functions/v1/protect-pdf');
    for (const secret of ['Secret-Merger-Plans', 'correct-horse-battery', 'wrong-guess-9', 'tok-12345']) {
      expect(logs).not.toContain(secret);
    }
  });
});
