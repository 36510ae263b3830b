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

  it('GET /readyz reports the engines, and is ready once LibreOffice is warm', async () => {
    await warmEngines();
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.json()).toEqual({
      ready: true,
      programs: { qpdf: true, gs: true, soffice: true },
      libreOffice: 'warm',
    });
    expect(response.statusCode).toBe(200);
  }, 60_000);

  it('GET /metrics counts jobs by tool and outcome, with durations, queue depth and temp bytes', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/functions/v1/rotate-pdf',
      ...multipart([{ name: 'a.pdf', data: makePdf() }]),
    });
    await t.app.inject({ method: 'POST', url: '/functions/v1/rotate-pdf', ...multipart([]) });
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0.0.4/);
    expect(response.body).toContain('paperknife_jobs_total{tool="rotate-pdf",outcome="success"} 1');
    expect(response.body).toContain('paperknife_jobs_total{tool="rotate-pdf",outcome="missing_file"} 1');
    expect(response.body).toMatch(/paperknife_job_duration_seconds_count\{tool="rotate-pdf"\} 1/);
    expect(response.body).toContain('paperknife_queue_depth 0');
    expect(response.body).toMatch(/paperknife_temp_bytes \d+/);
  });
});
