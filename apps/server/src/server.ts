import { setTimeout as delay } from 'node:timers/promises';
import { buildApp, listenApp } from './app.js';
import { warmEngines } from './engine-lifecycle.js';
import { readConfig } from './env.js';

/** Starts PaperKnife: reads the environment (failing early on a bad value), listens, and shuts down cleanly. */

/** Longest a shutdown may take before the process exits anyway. */
const SHUTDOWN_LIMIT_MS = 35_000;

let config;
try {
  config = readConfig(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const app = await buildApp(config);
const { port, metricsPort } = await listenApp(app, config);
console.log(`PaperKnife is running at http://localhost:${port}`);
if (config.metrics && metricsPort !== null) {
  const host = config.metrics.host.includes(':') ? `[${config.metrics.host}]` : config.metrics.host;
  console.log(`Metrics are served at http://${host}:${metricsPort}/metrics`);
}

warmEngines(config);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS + config.shutdownDelayMs).unref();
    // First only /readyz changes, so a load balancer moves new requests away; then the server stops taking them.
    app.draining = true;
    delay(config.shutdownDelayMs)
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: (error as Error).message }, 'shutdown failed');
          process.exit(1);
        },
      );
  });
}
