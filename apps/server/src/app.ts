import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import underPressure from '@fastify/under-pressure';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { ToolError, errorBody } from '@paperknife/catalog/errors';
import { BUSY_RETRY_AFTER_S, FUNCTIONS_PREFIX } from '@paperknife/catalog/http-api';
import { installErrorHandler } from './api-errors.js';
import { installApiLanguage } from './api-language.js';
import { contactRoutes } from './contact-routes.js';
import { DRAIN_MAX_MS, type DrainBounds, installEarlyAnswers } from './early-answers.js';
import { closeEngines, readiness } from './engine-lifecycle.js';
import type { ServerConfig } from './env.js';
import { functionRoutes, jsonBodyLimit } from './function-routes.js';
import { JobQueue } from './job-queue.js';
import { JobStore } from './job-store.js';
import { ServerMetrics, buildMetricsServer } from './metrics.js';
import { openContactStore } from './open-contact-store.js';
import { RATE_LIMIT_NAMESPACE, connectRateLimitStore } from './rate-limit-store.js';
import { cspHeader, staticSite } from './static-site.js';
import { TempFolders } from './temp-folders.js';

export interface AppOptions {
  /** pino options, or false for no logs (tests). Default: JSON logs at the configured level. */
  logger?: FastifyServerOptions['logger'];
  /** Event-loop delay (ms) past which requests get 503 busy; 0 turns the guard off (tests). */
  maxEventLoopDelayMs?: number;
  /** How long shutdown waits for running jobs. */
  shutdownGraceMs?: number;
  /** Age past which the sweeper removes temp folders. */
  sweepAgeMs?: number;
  /** Body still read after an answer sent before it. Default: up to the largest body accepted, for 10 s. */
  drainBounds?: DrainBounds;
  /** How long an ended job's record and undownloaded result are kept (default: 10 minutes). */
  jobExpiryMs?: number;
}

/** Paths under the logs' redaction: credentials and anything that could hold a file name or a password. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.body',
  'res.headers["content-disposition"]',
];

declare module 'fastify' {
  interface FastifyInstance {
    /** The `/metrics` listener when `config.metrics` is set, else null; started by `listenApp`, closed with the app. */
    metricsServer: FastifyInstance | null;
    /** Set when shutdown begins: `/readyz` answers 503 so load balancers stop sending, while requests still run. */
    draining: boolean;
  }
}

/** Builds the whole app as a tree of plugins; `server.ts` only listens. Tests call this and `inject`. */
export async function buildApp(config: ServerConfig, options: AppOptions = {}): Promise<FastifyInstance> {
  const logger = options.logger ?? { level: config.logLevel, redact: { paths: REDACT, censor: '[redacted]' } };
  const app = Fastify({
    logger,
    // Behind a proxy the client address comes from X-Forwarded-For; only loopback proxies are trusted.
    trustProxy: ['127.0.0.1', '::1'],
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
  });

  // Shared services first: one that cannot be reached stops start-up before anything else is set up.
  const store = await openContactStore(config);
  const redis = config.redisUrl ? await connectRateLimitStore(config.redisUrl, app.log) : null;

  const queue = new JobQueue(config.concurrency, config.queueSize);
  const jobs = new JobStore(config.replicaId, options.jobExpiryMs);
  const temp = new TempFolders(config.tempDir, options.sweepAgeMs);
  await temp.start();
  const metrics = new ServerMetrics(queue, temp);
  app.decorate('metricsServer', config.metrics ? buildMetricsServer(metrics, logger) : null);

  installErrorHandler(app);
  installApiLanguage(app);
  installEarlyAnswers(app, options.drainBounds ?? { maxBytes: jsonBodyLimit(config), maxMs: DRAIN_MAX_MS });

  await app.register(helmet, {
    contentSecurityPolicy: false, // set below, per response, so pages can add their script hashes
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('content-security-policy', cspHeader());
  });

  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs ?? 1000,
    retryAfter: BUSY_RETRY_AFTER_S,
    // Only work-starting requests are turned away; health checks and pages keep answering.
    pressureHandler: (request, reply) => {
      if (request.method !== 'POST') return undefined;
      void reply.code(503).header('retry-after', String(BUSY_RETRY_AFTER_S));
      // The plugin sends whatever this returns (its types say void, its code says otherwise).
      return errorBody('busy') as unknown as void;
    },
  });

  await app.register(rateLimit, {
    global: false,
    // Counted in Redis when replicas share it (N per address in total, not N per replica); else in this process.
    ...(redis ? { redis, nameSpace: RATE_LIMIT_NAMESPACE, skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) =>
      new ToolError(
        'rate_limited',
        `Too many requests. Wait ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds and try again.`,
      ),
  });

  await app.register(multipart);

  await app.register(functionRoutes, { prefix: FUNCTIONS_PREFIX, config, queue, temp, metrics, jobs });
  await app.register(contactRoutes, { store, rateLimit: config.contactRateLimit });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.decorate('draining', false);
  app.get('/readyz', async (_request, reply) => {
    const state = await readiness();
    if (app.draining) return reply.code(503).send({ ...state, ready: false, draining: true });
    return reply.code(state.ready ? 200 : 503).send(state);
  });

  await app.register(staticSite, { webRoot: config.webRoot });

  app.addHook('onClose', async () => {
    // Jobs of the job API are stopped (nobody could download them after this); synchronous requests get a bounded
    // time to finish; then their folders go with everything else.
    jobs.close();
    const finished = await queue.idle(options.shutdownGraceMs ?? 30_000);
    if (!finished) app.log.warn('shutting down with jobs still running');
    await temp.close();
    await store.close();
    redis?.disconnect();
    await app.metricsServer?.close();
    await closeEngines();
  });

  return app;
}

/**
 * Listens on the public address, then on the metrics address when one is set; a port that cannot be bound stops
 * start-up. Returns the ports bound (useful when the configured port is 0).
 */
export async function listenApp(
  app: FastifyInstance,
  config: Pick<ServerConfig, 'host' | 'port' | 'metrics'>,
): Promise<{ port: number; metricsPort: number | null }> {
  await app.listen({ host: config.host, port: config.port });
  const port = portOf(app);
  if (!app.metricsServer || !config.metrics) return { port, metricsPort: null };
  await app.metricsServer.listen({ host: config.metrics.host, port: config.metrics.port });
  return { port, metricsPort: portOf(app.metricsServer) };
}

function portOf(app: FastifyInstance): number {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on a TCP port');
  return address.port;
}
