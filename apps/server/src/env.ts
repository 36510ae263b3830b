import { randomBytes } from 'node:crypto';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { type Limits, limitEnvironment, readLimits } from '@paperknife/catalog/limits';
import { LIBREOFFICE_IDLE_STOP_MS } from '@paperknife/engine/libreoffice-idle';

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
  /** Where `/metrics` is served, apart from the public port; null: not served at all. */
  metrics: { host: string; port: number } | null;
  logLevel: string;
  /** The tag every job id starts with, so a load balancer can send a job's follow-up requests to this replica. */
  replicaId: string;
  /** PostgreSQL for contact messages, shared by replicas; null: the SQLite file in `dataDir`. */
  databaseUrl: string | null;
  /** Redis for the rate limits, shared by replicas; null: counted in this process. */
  redisUrl: string | null;
  /** On SIGTERM, how long `/readyz` answers 503 (requests still served) before the server stops taking new ones. */
  shutdownDelayMs: number;
  /** How long LibreOffice may go without a Word conversion before it stops; 0: it keeps running once started. */
  libreOfficeIdleMs: number;
}

/** The repository root, from this file's place in `apps/server/src` or `apps/server/dist`. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** One environment variable: how it is read, and its default and meaning as the README shows them. */
interface Setting<Schema extends z.ZodType> {
  schema: Schema;
  default: string;
  describe: string;
}

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const wholeNumber = (name: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);

function count(
  name: string,
  fallback: number,
  describe: string,
  { min = 1, max, shown = String(fallback) }: { min?: number; max?: number; shown?: string } = {},
) {
  const schema = z.preprocess(blankToUndefined, wholeNumber(name, min, max).default(fallback));
  return { schema, default: shown, describe } satisfies Setting<typeof schema>;
}

function text(fallback: string, describe: string, shown = fallback) {
  const schema = z.preprocess(blankToUndefined, z.string().default(fallback));
  return { schema, default: shown, describe } satisfies Setting<typeof schema>;
}

/** The address of an optional service; a bad one is named without its value, which may hold a password. */
function serviceUrl(name: string, schemes: readonly string[], shown: string, describe: string) {
  const schema = z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine(
        (value) => {
          try {
            return schemes.includes(new URL(value).protocol.slice(0, -1));
          } catch {
            return false;
          }
        },
        `${name} must be a URL starting with ${schemes.map((scheme) => `${scheme}://`).join(' or ')}`,
      )
      .optional(),
  );
  return { schema, default: shown, describe } satisfies Setting<typeof schema>;
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Every variable the server reads itself (the limits come from the catalogue), in the README's order. */
const settings = {
  HOST: text('127.0.0.1', 'address to listen on (`0.0.0.0` in the Docker image)'),
  PORT: count('PORT', 3000, 'port to listen on', { min: 0, max: 65535 }),
  PAPERKNIFE_DATA_DIR: text('./data', 'where the contact-form database lives'),
  PAPERKNIFE_TEMP_DIR: text(
    join(tmpdir(), 'paperknife'),
    'root of the per-request temporary folders',
    '$TMPDIR/paperknife',
  ),
  PAPERKNIFE_WEB_ROOT: text(
    'apps/web/build/client',
    'the built website the server serves (relative to the repository root)',
  ),
  PAPERKNIFE_CONCURRENCY: count(
    'PAPERKNIFE_CONCURRENCY',
    Math.max(2, availableParallelism()),
    'jobs that run at the same time',
    { shown: 'number of CPU cores, at least 2' },
  ),
  PAPERKNIFE_QUEUE_SIZE: count('PAPERKNIFE_QUEUE_SIZE', 32, 'jobs that may wait; past that the API answers 503 busy', {
    min: 0,
  }),
  PAPERKNIFE_RATE_LIMIT: count('PAPERKNIFE_RATE_LIMIT', 60, 'tool requests per client address per minute'),
  PAPERKNIFE_CONTACT_RATE_LIMIT: count(
    'PAPERKNIFE_CONTACT_RATE_LIMIT',
    5,
    'contact-form messages per client address per hour',
  ),
  PAPERKNIFE_CORS_ORIGIN: text('*', 'origins allowed to call the API from a browser: `*` or a comma-separated list'),
  PAPERKNIFE_METRICS_PORT: {
    schema: z.preprocess(blankToUndefined, wholeNumber('PAPERKNIFE_METRICS_PORT', 0, 65535).optional()),
    default: 'unset (off)',
    describe: 'port of a separate listener serving Prometheus `/metrics`; the public port never serves them',
  },
  PAPERKNIFE_METRICS_HOST: text('127.0.0.1', 'address of the metrics listener'),
  PAPERKNIFE_REPLICA_ID: {
    schema: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9-]{1,32}$/, 'PAPERKNIFE_REPLICA_ID must be 1 to 32 letters, digits or hyphens')
        .optional(),
    ),
    default: 'random at start',
    describe:
      "tag at the start of every job id, so a load balancer can send a job's requests to the replica holding it",
  },
  PAPERKNIFE_DATABASE_URL: serviceUrl(
    'PAPERKNIFE_DATABASE_URL',
    ['postgres', 'postgresql'],
    'unset (SQLite file)',
    'PostgreSQL for contact messages, shared by replicas: `postgres://user:password@host:5432/db`',
  ),
  PAPERKNIFE_REDIS_URL: serviceUrl(
    'PAPERKNIFE_REDIS_URL',
    ['redis', 'rediss'],
    'unset (in each process)',
    'Redis for the rate limits, so replicas count together: `redis://host:6379`',
  ),
  PAPERKNIFE_SHUTDOWN_DELAY_S: count(
    'PAPERKNIFE_SHUTDOWN_DELAY_S',
    0,
    'seconds `/readyz` answers 503 on SIGTERM before the server stops taking requests (behind a load balancer: longer than its health checks take to notice)',
    { min: 0, max: 300 },
  ),
  PAPERKNIFE_LIBREOFFICE_IDLE_S: count(
    'PAPERKNIFE_LIBREOFFICE_IDLE_S',
    LIBREOFFICE_IDLE_STOP_MS / 1000,
    'seconds without a Word conversion after which LibreOffice stops, handing back about 200 MB (the next conversion starts it again, 2-3 s); 0 keeps it running once started',
    { min: 0, max: 86_400 },
  ),
  LOG_LEVEL: {
    schema: z.preprocess(
      blankToUndefined,
      z.enum(logLevels, { error: `LOG_LEVEL must be one of ${logLevels.join(', ')}` }).default('info'),
    ),
    default: 'info',
    describe: `log level: ${logLevels.slice(0, -1).join(', ')} or ${logLevels.at(-1)}`,
  },
} satisfies Record<string, Setting<z.ZodType>>;

type Settings = typeof settings;

const environmentSchema = z.object(
  Object.fromEntries(Object.entries(settings).map(([name, setting]) => [name, setting.schema])) as {
    [Name in keyof Settings]: Settings[Name]['schema'];
  },
);

export interface EnvironmentVariable {
  name: string;
  /** As the README shows it. */
  default: string;
  describe: string;
}

const row = ([name, setting]: [string, { default: string | number; describe: string }]): EnvironmentVariable => ({
  name,
  default: String(setting.default),
  describe: setting.describe,
});

/** Every variable the server reads, with its default and meaning: the README's table is written from this. */
export const environmentVariables: readonly EnvironmentVariable[] = (() => {
  const own = Object.entries(settings).map(row);
  const afterPort = own.findIndex((variable) => variable.name === 'PORT') + 1;
  return [...own.slice(0, afterPort), ...Object.entries(limitEnvironment).map(row), ...own.slice(afterPort)];
})();

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
    metrics:
      v.PAPERKNIFE_METRICS_PORT === undefined
        ? null
        : { host: v.PAPERKNIFE_METRICS_HOST, port: v.PAPERKNIFE_METRICS_PORT },
    logLevel: v.LOG_LEVEL,
    replicaId: v.PAPERKNIFE_REPLICA_ID ?? randomBytes(4).toString('hex'),
    databaseUrl: v.PAPERKNIFE_DATABASE_URL ?? null,
    redisUrl: v.PAPERKNIFE_REDIS_URL ?? null,
    shutdownDelayMs: v.PAPERKNIFE_SHUTDOWN_DELAY_S * 1000,
    libreOfficeIdleMs: v.PAPERKNIFE_LIBREOFFICE_IDLE_S * 1000,
  };
}
