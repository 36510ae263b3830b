import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultLimits } from '@paperknife/catalog/limits';
import { environmentVariables, readConfig, readVariableNames, repoRoot } from './env.js';

describe('readConfig', () => {
  it('has defaults for everything', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      limits: defaultLimits,
      tempDir: join(tmpdir(), 'paperknife'),
      webRoot: join(repoRoot, 'apps/web/build/client'),
      queueSize: 32,
      rateLimit: 60,
      contactRateLimit: 5,
      corsOrigin: '*',
      metrics: null,
      logLevel: 'info',
      databaseUrl: null,
      redisUrl: null,
      shutdownDelayMs: 0,
      libreOfficeIdleMs: 45_000,
    });
    expect(config.concurrency).toBeGreaterThanOrEqual(2);
    expect(config.dataDir).toBe(join(process.cwd(), 'data'));
  });

  it('reads every variable', () => {
    const config = readConfig({
      HOST: '0.0.0.0',
      PORT: '8080',
      PAPERKNIFE_MAX_FILE_MB: '5',
      PAPERKNIFE_DATA_DIR: '/var/lib/paperknife',
      PAPERKNIFE_TEMP_DIR: '/tmp/pk',
      PAPERKNIFE_WEB_ROOT: '/srv/site',
      PAPERKNIFE_CONCURRENCY: '3',
      PAPERKNIFE_QUEUE_SIZE: '0',
      PAPERKNIFE_RATE_LIMIT: '10',
      PAPERKNIFE_CONTACT_RATE_LIMIT: '2',
      PAPERKNIFE_CORS_ORIGIN: 'https://a.example, https://b.example',
      PAPERKNIFE_METRICS_PORT: '9464',
      PAPERKNIFE_METRICS_HOST: '10.0.0.5',
      PAPERKNIFE_REPLICA_ID: 'eu-2',
      PAPERKNIFE_DATABASE_URL: 'postgres://paperknife:secret@db.internal:5432/paperknife',
      PAPERKNIFE_REDIS_URL: 'redis://cache.internal:6379',
      PAPERKNIFE_SHUTDOWN_DELAY_S: '5',
      PAPERKNIFE_LIBREOFFICE_IDLE_S: '0',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 8080,
      dataDir: '/var/lib/paperknife',
      tempDir: '/tmp/pk',
      webRoot: '/srv/site',
      concurrency: 3,
      queueSize: 0,
      rateLimit: 10,
      contactRateLimit: 2,
      corsOrigin: 'https://a.example, https://b.example',
      metrics: { host: '10.0.0.5', port: 9464 },
      logLevel: 'warn',
      replicaId: 'eu-2',
      databaseUrl: 'postgres://paperknife:secret@db.internal:5432/paperknife',
      redisUrl: 'redis://cache.internal:6379',
      shutdownDelayMs: 5000,
      libreOfficeIdleMs: 0,
    });
    expect(config.limits.maxFileBytes).toBe(5 * 1024 * 1024);
  });

  it('serves metrics on 127.0.0.1 when only the port is set, and not at all without it', () => {
    expect(readConfig({ PAPERKNIFE_METRICS_PORT: '9464' }).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(readConfig({ PAPERKNIFE_METRICS_HOST: '0.0.0.0' }).metrics).toBeNull();
    expect(readConfig({ PAPERKNIFE_METRICS_PORT: ' ' }).metrics).toBeNull();
    expect(() => readConfig({ PAPERKNIFE_METRICS_PORT: '70000' })).toThrow(
      /PAPERKNIFE_METRICS_PORT must be at most 65535/,
    );
  });

  it('tags job ids with a random replica id unless one is set, and refuses one a URL cannot carry', () => {
    const first = readConfig({}).replicaId;
    expect(first).toMatch(/^[0-9a-f]{8}$/);
    expect(readConfig({}).replicaId).not.toBe(first);
    expect(() => readConfig({ PAPERKNIFE_REPLICA_ID: 'a/b' })).toThrow(/PAPERKNIFE_REPLICA_ID must be 1 to 32/);
  });

  it('takes shared services only by URL, and never repeats a bad one (it may hold a password)', () => {
    const bad = () =>
      readConfig({ PAPERKNIFE_DATABASE_URL: 'mysql://u:hunter2@h/db', PAPERKNIFE_REDIS_URL: 'cache:6379' });
    expect(bad).toThrow(/PAPERKNIFE_DATABASE_URL must be a URL starting with postgres:\/\/ or postgresql:\/\//);
    expect(bad).toThrow(/PAPERKNIFE_REDIS_URL must be a URL starting with redis:\/\/ or rediss:\/\//);
    expect(bad).not.toThrow(/hunter2/);
    expect(readConfig({ PAPERKNIFE_DATABASE_URL: ' ', PAPERKNIFE_REDIS_URL: '' })).toMatchObject({
      databaseUrl: null,
      redisUrl: null,
    });
  });

  it('fails early, naming every bad variable', () => {
    expect(() => readConfig({ PORT: 'eighty', PAPERKNIFE_MAX_FILES: '-1', LOG_LEVEL: 'loud' })).toThrow(
      /PORT must be a whole number.*LOG_LEVEL must be one of.*PAPERKNIFE_MAX_FILES must be a positive number/,
    );
  });

  it('documents every variable it reads', () => {
    const names = environmentVariables.map((variable) => variable.name);
    expect([...names].sort()).toEqual([...readVariableNames].sort());
    expect(names).toHaveLength(24);
  });
});
