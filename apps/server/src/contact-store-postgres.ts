import pg from 'pg';
import { MIGRATIONS_TABLE, contactMigrations } from './contact-migrations.js';
import type { ContactMessage, ContactStore, StoredContactMessage } from './contact-store.js';

/** Any fixed number: replicas starting together take this advisory lock in turn to migrate. */
const MIGRATION_LOCK = 72_001_130;

interface MessageRow {
  id: string;
  created_at: Date;
  first_name: string;
  last_name: string;
  email: string;
  subject: string;
  message: string;
}

/** Shared by every replica: contact messages in PostgreSQL (`PAPERKNIFE_DATABASE_URL`). */
export class PostgresContactStore implements ContactStore {
  private constructor(private readonly pool: pg.Pool) {}

  static async open(url: string): Promise<PostgresContactStore> {
    const pool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: 5000 });
    // An idle connection the server dropped must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    try {
      await migrate(pool);
    } catch (error) {
      await pool.end();
      throw new Error(`PostgreSQL at PAPERKNIFE_DATABASE_URL could not be prepared: ${(error as Error).message}`, {
        cause: error,
      });
    }
    return new PostgresContactStore(pool);
  }

  async save(message: ContactMessage): Promise<number> {
    const result = await this.pool.query<{ id: string }>(
      `INSERT INTO contact_messages (first_name, last_name, email, subject, message)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [message.firstName, message.lastName, message.email, message.subject, message.message],
    );
    return Number(result.rows[0]!.id);
  }

  async list(limit = 100): Promise<StoredContactMessage[]> {
    const result = await this.pool.query<MessageRow>(
      `SELECT id, created_at, first_name, last_name, email, subject, message
       FROM contact_messages ORDER BY id DESC LIMIT $1`,
      [limit],
    );
    return result.rows.map((row) => ({
      id: Number(row.id),
      createdAt: row.created_at.toISOString(),
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      subject: row.subject,
      message: row.message,
    }));
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // Held to the end of the transaction: a replica starting at the same time waits, then finds the steps done.
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(MIGRATIONS_TABLE);
    const applied = new Set(
      (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((row) => row.version),
    );
    for (const migration of contactMigrations) {
      if (applied.has(migration.version)) continue;
      await client.query(migration.postgres);
      await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        new Date().toISOString(),
      ]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
