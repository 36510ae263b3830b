import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningService, freePort, redisMissing, startRedis } from './testing/services.js';
import { type TestApp, type TestAppOverrides, makeTestApp, multipart } from './testing/test-app.js';

/**
 * Rate limits shared through Redis (`PAPERKNIFE_REDIS_URL`): replicas count one address together. A throwaway
 * redis-server on a loopback port; skipped with the reason when it is not installed.
 */

const LIMIT = 3;
const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function replica(overrides: TestAppOverrides): Promise<TestApp> {
  const app = await makeTestApp({ rateLimit: LIMIT, ...overrides });
  apps.push(app);
  return app;
}

/** One tool request (an empty form: a quick 400 when allowed) to `app`; its status. */
async function send(app: TestApp): Promise<number> {
  const response = await app.app.inject({ method: 'POST', url: '/functions/v1/rotate-pdf', ...multipart([]) });
  return response.statusCode;
}

/** 4 requests to each replica, alternating; the statuses in order. */
async function alternate(a: TestApp, b: TestApp): Promise<number[]> {
  const statuses: number[] = [];
  for (let round = 0; round < 4; round++) statuses.push(await send(a), await send(b));
  return statuses;
}

describe('without Redis', () => {
  it('each replica counts alone: N per replica', async () => {
    const statuses = await alternate(await replica({}), await replica({}));
    expect(statuses.filter((status) => status === 400)).toHaveLength(2 * LIMIT);
  });

  it('a Redis that cannot be reached stops start-up with the variable named', async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    await expect(makeTestApp({ redisUrl: url })).rejects.toThrow(/Redis at PAPERKNIFE_REDIS_URL could not be reached/);
  });
});

const missing = redisMissing();
if (missing) console.warn(`Skipping the shared rate limit tests: ${missing}.`);

describe.skipIf(missing !== null)('with Redis shared by two replicas', () => {
  let redis: RunningService;
  beforeAll(async () => {
    redis = await startRedis();
  }, 60_000);
  afterAll(async () => {
    await redis?.stop();
  });

  it('N allowed in total, not N per replica; the contact form counts apart', async () => {
    const a = await replica({ redisUrl: redis.url, contactRateLimit: 1 });
    const b = await replica({ redisUrl: redis.url, contactRateLimit: 1 });
    const statuses = await alternate(a, b);
    expect(statuses).toEqual([400, 400, 400, 429, 429, 429, 429, 429]);
    const limited = await b.app.inject({ method: 'POST', url: '/functions/v1/rotate-pdf', ...multipart([]) });
    expect(limited.json()).toMatchObject({ error: { code: 'rate_limited', message: /Wait \d+ seconds/ } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address still has its own allowance.
    const other = await a.app.inject({
      method: 'POST',
      url: '/functions/v1/rotate-pdf',
      remoteAddress: '10.0.0.9',
      ...multipart([]),
    });
    expect(other.statusCode).toBe(400);
    const contact = (app: TestApp) =>
      app.app.inject({ method: 'POST', url: '/api/contact', payload: { firstName: '' } }).then((r) => r.statusCode);
    expect([await contact(a), await contact(b)]).toEqual([400, 429]);
  });

  it('a Redis that goes away does not take the API down: requests pass until it is back', async () => {
    const own = await startRedis();
    try {
      const a = await replica({ redisUrl: own.url, rateLimit: 1 });
      expect(await send(a)).toBe(400);
      expect(await send(a)).toBe(429);
      await own.stop();
      expect(await send(a)).toBe(400);
      expect(a.logText()).toMatch(/rate-limit store unreachable/);
    } finally {
      await own.stop();
    }
  });
});
