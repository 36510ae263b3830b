import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { JobQueue } from './job-queue.js';
import type { TempFolders } from './temp-folders.js';

/** Prometheus metrics of one app instance (its own registry, so several apps in one process do not collide). */
export class ServerMetrics {
  readonly registry = new Registry();
  readonly jobs: Counter<'tool' | 'outcome'>;
  readonly durations: Histogram<'tool'>;

  constructor(queue: JobQueue, temp: TempFolders) {
    collectDefaultMetrics({ register: this.registry, prefix: 'paperknife_' });
    this.jobs = new Counter({
      name: 'paperknife_jobs_total',
      help: 'Tool requests by tool and outcome (success or the error code).',
      labelNames: ['tool', 'outcome'],
      registers: [this.registry],
    });
    this.durations = new Histogram({
      name: 'paperknife_job_duration_seconds',
      help: 'Time the engine took per job, by tool.',
      labelNames: ['tool'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      registers: [this.registry],
    });
    new Gauge({
      name: 'paperknife_queue_depth',
      help: 'Jobs waiting for a free slot.',
      registers: [this.registry],
      collect() {
        this.set(queue.depth);
      },
    });
    new Gauge({
      name: 'paperknife_jobs_running',
      help: 'Jobs running now.',
      registers: [this.registry],
      collect() {
        this.set(queue.active);
      },
    });
    new Gauge({
      name: 'paperknife_temp_bytes',
      help: 'Bytes held in the temporary folders.',
      registers: [this.registry],
      async collect() {
        this.set(await temp.bytes());
      },
    });
  }
}

/**
 * The listener of `GET /metrics`, apart from the public port: process and queue internals are for the
 * operator's scraper, not for anyone on the internet. Bound to 127.0.0.1 unless configured otherwise.
 */
export function buildMetricsServer(metrics: ServerMetrics, logger: FastifyServerOptions['logger']): FastifyInstance {
  const server = Fastify({ logger, forceCloseConnections: true });
  server.get('/metrics', async (_request, reply) => {
    const body = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).header('cache-control', 'no-store').send(body);
  });
  return server;
}
