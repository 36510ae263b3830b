import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '@paperknife/engine/testing/make-pdf';
import { warmEngines } from './engine-lifecycle.js';
import { type TestApp, makeTestApp, multipart } from './testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('operations', () => {
  it('GET /healthz says the process is alive', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz reports the engines, and is ready with LibreOffice cold: it starts on first use', async () => {
    warmEngines({ libreOfficeIdleMs: 60_000 });
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.json()).toEqual({
      ready: true,
      programs: { qpdf: true, gs: true, soffice: true },
      libreOffice: 'cold',
    });
    expect(response.statusCode).toBe(200);
  });

  it('does not serve /metrics on the public port', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('paperknife_');
    expect(t.app.metricsServer).toBeNull();
  });
});

describe('the metrics listener (PAPERKNIFE_METRICS_PORT)', () => {
  let withMetrics: TestApp;
  let publicUrl: string;
  beforeAll(async () => {
    withMetrics = await makeTestApp({ metrics: { host: '127.0.0.1', port: 0 } });
    publicUrl = await withMetrics.listen();
  });
  afterAll(async () => {
    await withMetrics.close();
  });

  it('GET /metrics counts jobs by tool and outcome, with durations, queue depth and temp bytes', async () => {
    await withMetrics.app.inject({
      method: 'POST',
      url: '/functions/v1/rotate-pdf',
      ...multipart([{ name: 'a.pdf', data: makePdf() }]),
    });
    await withMetrics.app.inject({ method: 'POST', url: '/functions/v1/rotate-pdf', ...multipart([]) });
    const response = await fetch(new URL('/metrics', withMetrics.metricsUrl()));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0.0.4/);
    const body = await response.text();
    expect(body).toContain('paperknife_jobs_total{tool="rotate-pdf",outcome="success"} 1');
    expect(body).toContain('paperknife_jobs_total{tool="rotate-pdf",outcome="missing_file"} 1');
    expect(body).toMatch(/paperknife_job_duration_seconds_count\{tool="rotate-pdf"\} 1/);
    expect(body).toContain('paperknife_queue_depth 0');
    expect(body).toMatch(/paperknife_temp_bytes \d+/);
  });

  it('serves only /metrics there, and the public port still does not serve it', async () => {
    expect(new URL(withMetrics.metricsUrl()).port).not.toBe(new URL(publicUrl).port);
    expect((await fetch(new URL('/healthz', withMetrics.metricsUrl()))).status).toBe(404);
    expect((await fetch(new URL('/metrics', publicUrl))).status).toBe(404);
    expect((await fetch(new URL('/healthz', publicUrl))).status).toBe(200);
  });
});
