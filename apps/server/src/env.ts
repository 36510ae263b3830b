import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { type Limits, limitEnvironment, readLimits } from '@paperknife/catalog/limits';

/**
 * The server's whole configuration, read from the environment once at start-up. A bad value stops the server
 * with the variable named, before it listens. Everything else takes a `ServerConfig`, never `process.env`.
 */
export interface ServerConfig {
  host: string;
  port: number;
  limits: Limits;
  dataDir: string;
  tempDir: string;
  webRoot: string;
  /** Jobs that run at the same time. */
  concurrency: number;
  /** Jobs that may wait for a free slot; past that, requests get 503 busy. */
  queueSize: number;
  /** Tool requests per client address per minute. */
  rateLimit: number;
  /** Contact-form messages per client address per hour. */
  contactRateLimit: number;
  /** `*` (any origin) or a comma-separated list of origins allowed to call the API from a browser. */
  corsOrigin: string;
  logLevel: string;
}

/** The repository root, from this file's place in `apps/server/src` or `apps/server/dist`. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const defaultConcurrency = Math.max(2, availableParallelism());

/** Every variable the server reads, with its default as the README shows it. */
export const environmentVariables: readonly { name: string; default: string; describe: string }[] = [
  { name: 'HOST', default: '127.0.0.1', describe: 'address to listen on (`0.0.0.0` in the Docker image)' },
  { name: 'PORT', default: '3000', describe: 'port to listen on' },
  ...Object.entries(limitEnvironment).map(([name, spec]) => ({
    name,
    default: String(spec.default),
    describe: spec.describe,
  })),
  { name: 'PAPERKNIFE_DATA_DIR', default: './data', describe: 'where the contact-form database lives' },
  {
    name: 'PAPERKNIFE_TEMP_DIR',
    default: '$TMPDIR/paperknife',
    describe: 'root of the per-request temporary folders',
  },
  {
    name: 'PAPERKNIFE_WEB_ROOT',
    default: 'apps/web/build/client',
    describe: 'the built website the server serves (relative to the repository root)',
  },
  {
    name: 'PAPERKNIFE_CONCURRENCY',
    default: 'number of CPU cores, at least 2',
    describe: 'jobs that run at the same time',
  },
  { name: 'PAPERKNIFE_QUEUE_SIZE', default: '32', describe: 'jobs that may wait; past that the API answers 503 busy' },
  { name: 'PAPERKNIFE_RATE_LIMIT', default: '60', describe: 'tool requests per client address per minute' },
  {
    name: 'PAPERKNIFE_CONTACT_RATE_LIMIT',
    default: '5',
    describe: 'contact-form messages per client address per hour',
  },
  {
    name: 'PAPERKNIFE_CORS_ORIGIN',
    default: '*',
    describe: 'origins allowed to call the API from a browser: `*` or a comma-separated list',
  },
  { name: 'LOG_LEVEL', default: 'info', describe: 'log level: fatal, error, warn, info, debug, trace or silent' },
];

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const count = (name: string, fallback: number, min = 1) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `${name} must be a whole number` })
      .int(`${name} must be a whole number`)
      .min(min, `${name} must be at least ${min}`)
      .default(fallback),
  );

const text = (fallback: string) => z.preprocess(blankToUndefined, z.string().default(fallback));

const environmentSchema = z.object({
  HOST: text('127.0.0.1'),
  PORT: count('PORT', 3000, 0).pipe(z.number().max(65535, 'PORT must be at most 65535')),
  PAPERKNIFE_DATA_DIR: text('./data'),
  PAPERKNIFE_TEMP_DIR: text(join(tmpdir(), 'paperknife')),
  PAPERKNIFE_WEB_ROOT: text('apps/web/build/client'),
  PAPERKNIFE_CONCURRENCY: count('PAPERKNIFE_CONCURRENCY', defaultConcurrency),
  PAPERKNIFE_QUEUE_SIZE: count('PAPERKNIFE_QUEUE_SIZE', 32, 0),
  PAPERKNIFE_RATE_LIMIT: count('PAPERKNIFE_RATE_LIMIT', 60),
  PAPERKNIFE_CONTACT_RATE_LIMIT: count('PAPERKNIFE_CONTACT_RATE_LIMIT', 5),
  PAPERKNIFE_CORS_ORIGIN: text('*'),
  LOG_LEVEL: z.preprocess(
    blankToUndefined,
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
  ),
});

/** The names of every variable `readConfig` reads. */
export const readVariableNames: readonly string[] = [
  ...Object.keys(environmentSchema.shape),
  ...Object.keys(limitEnvironment),
];

/** Parses an environment into a config; throws one error naming every bad variable. */
export function readConfig(env: Record<string, string | undefined>): ServerConfig {
  const parsed = environmentSchema.safeParse(env);
  const problems = parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  let limits: Limits | undefined;
  try {
    limits = readLimits(env);
  } catch (error) {
    problems.push((error as Error).message);
  }
  if (!parsed.success || !limits) throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  const v = parsed.data;
  return {
    host: v.HOST,
    port: v.PORT,
    limits,
    dataDir: resolve(v.PAPERKNIFE_DATA_DIR),
    tempDir: resolve(v.PAPERKNIFE_TEMP_DIR),
    webRoot: resolve(repoRoot, v.PAPERKNIFE_WEB_ROOT),
    concurrency: v.PAPERKNIFE_CONCURRENCY,
    queueSize: v.PAPERKNIFE_QUEUE_SIZE,
    rateLimit: v.PAPERKNIFE_RATE_LIMIT,
    contactRateLimit: v.PAPERKNIFE_CONTACT_RATE_LIMIT,
    corsOrigin: v.PAPERKNIFE_CORS_ORIGIN,
    logLevel: v.LOG_LEVEL,
  };
}
