import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMigrations } from './contact-migrations.js';
import { PostgresContactStore } from './contact-store-postgres.js';
import { SqliteContactStore } from './contact-store-sqlite.js';
import type { ContactMessage, ContactStore } from './contact-store.js';
import { openContactStore } from './open-contact-store.js';
import { type RunningService, postgresMissing, startPostgres } from './testing/services.js';

/**
 * One suite, both stores: the embedded SQLite file and PostgreSQL (a throwaway cluster on a loopback port, skipped
 * with the reason when PostgreSQL is not installed).
 */

interface Backend {
  /** A new, empty database, and a way to open a store on it (as many times as a test likes). */
  fresh(): Promise<{ open(): Promise<ContactStore>; appliedVersions(): Promise<number[]> }>;
}

const message = (n: number): ContactMessage => ({
  firstName: `Ada ${n}`,
  lastName: 'Lovelace',
  email: `ada${n}@example.org`,
  subject: 'Merge keeps bookmarks?',
  message: `Message ${n}: does merge keep the bookmarks? Ünïcödé ✓, "quotes"; DROP TABLE x; --`,
});

function storeSuite(backend: () => Backend) {
  it('keeps messages and lists them newest first, with an ISO time', async () => {
    const db = await backend().fresh();
    const store = await db.open();
    try {
      const first = await store.save(message(1));
      const second = await store.save(message(2));
      expect(second).toBeGreaterThan(first);
      const rows = await store.list();
      expect(rows.map((row) => row.id)).toEqual([second, first]);
      expect(rows[0]).toMatchObject(message(2));
      expect(rows[1]).toMatchObject(message(1));
      const createdAt = Date.parse(rows[0]!.createdAt);
      expect(new Date(createdAt).toISOString()).toBe(rows[0]!.createdAt);
      expect(createdAt).toBeGreaterThan(Date.now() - 60_000);
      expect(await store.list(1)).toHaveLength(1);
    } finally {
      await store.close();
    }
  });

  it('runs its migrations once, however often and however many at once it is opened', async () => {
    const db = await backend().fresh();
    const stores = await Promise.all([db.open(), db.open(), db.open()]);
    await stores[0]!.save(message(1));
    await Promise.all(stores.map((store) => store.close()));
    const again = await db.open();
    try {
      expect(await again.list()).toHaveLength(1);
      expect(await db.appliedVersions()).toEqual(contactMigrations.map((migration) => migration.version));
    } finally {
      await again.close();
    }
  });

  it('stores from two openers (two replicas) land in one place', async () => {
    const db = await backend().fresh();
    const [a, b] = await Promise.all([db.open(), db.open()]);
    try {
      await Promise.all([a.save(message(1)), b.save(message(2)), a.save(message(3))]);
      expect((await b.list()).map((row) => row.firstName).sort()).toEqual(['Ada 1', 'Ada 2', 'Ada 3']);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
}

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

describe('SQLite contact store (the default)', () => {
  const sqlite: Backend = {
    async fresh() {
      const dataDir = await mkdtemp(join(tmpdir(), 'paperknife-contact-'));
      folders.push(dataDir);
      return {
        open: () => openContactStore({ dataDir, databaseUrl: null }),
        appliedVersions: async () => {
          const db = new Database(join(dataDir, 'paperknife.sqlite'), { readonly: true });
          try {
            const rows = db.prepare('SELECT version FROM schema_migrations ORDER BY version').all();
            return (rows as { version: number }[]).map((row) => row.version);
          } finally {
            db.close();
          }
        },
      };
    },
  };
  storeSuite(() => sqlite);

  it('takes over a data folder from before migrations, keeping its messages', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'paperknife-contact-'));
    folders.push(dataDir);
    const old = new Database(join(dataDir, 'paperknife.sqlite'));
    old.exec(contactMigrations[0]!.sqlite);
    old
      .prepare(
        'INSERT INTO contact_messages (created_at, first_name, last_name, email, subject, message) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run('2026-01-02T03:04:05.000Z', 'Old', 'Message', 'old@example.org', 'Hello', 'Kept across the upgrade.');
    old.close();
    const store = await SqliteContactStore.open(dataDir);
    try {
      expect(await store.list()).toMatchObject([{ firstName: 'Old', createdAt: '2026-01-02T03:04:05.000Z' }]);
    } finally {
      await store.close();
    }
  });
});

const missing = postgresMissing();
if (missing) console.warn(`Skipping the PostgreSQL contact store tests: ${missing}.`);

describe.skipIf(missing !== null)('PostgreSQL contact store (PAPERKNIFE_DATABASE_URL)', () => {
  let server: RunningService;
  let databases = 0;
  beforeAll(async () => {
    server = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  /** The server's URL with another database name. */
  const urlOf = (database: string) => {
    const url = new URL(server.url);
    url.pathname = `/${database}`;
    return url.toString();
  };

  const postgres: Backend = {
    async fresh() {
      const name = `contact_${++databases}`;
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = urlOf(name);
      return {
        open: () => openContactStore({ dataDir: '/nonexistent', databaseUrl: url }),
        appliedVersions: async () => {
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          try {
            const result = await client.query<{ version: number }>(
              'SELECT version FROM schema_migrations ORDER BY version',
            );
            return result.rows.map((row) => row.version);
          } finally {
            await client.end();
          }
        },
      };
    },
  };
  storeSuite(() => postgres);

  it('a server that cannot be reached stops start-up with the variable named', async () => {
    const url = new URL(server.url);
    url.port = '1';
    await expect(PostgresContactStore.open(url.toString())).rejects.toThrow(
      /PostgreSQL at PAPERKNIFE_DATABASE_URL could not be prepared/,
    );
  });
});
