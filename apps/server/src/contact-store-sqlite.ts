import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS_TABLE, contactMigrations } from './contact-migrations.js';
import type { ContactMessage, ContactStore, StoredContactMessage } from './contact-store.js';

/** The embedded default: one SQLite file in the data folder, for a single machine. */
export class SqliteContactStore implements ContactStore {
  private readonly insert: Database.Statement<[string, string, string, string, string, string]>;

  private constructor(private readonly db: Database.Database) {
    this.insert = db.prepare(
      'INSERT INTO contact_messages (created_at, first_name, last_name, email, subject, message) VALUES (?, ?, ?, ?, ?, ?)',
    );
  }

  static open(dataDir: string): Promise<SqliteContactStore> {
    mkdirSync(dataDir, { recursive: true });
    const db = new Database(join(dataDir, 'paperknife.sqlite'));
    db.pragma('journal_mode = WAL');
    // Two processes on one data folder wait for each other's writes instead of failing at once.
    db.pragma('busy_timeout = 5000');
    migrate(db);
    return Promise.resolve(new SqliteContactStore(db));
  }

  save(message: ContactMessage): Promise<number> {
    const result = this.insert.run(
      new Date().toISOString(),
      message.firstName,
      message.lastName,
      message.email,
      message.subject,
      message.message,
    );
    return Promise.resolve(Number(result.lastInsertRowid));
  }

  list(limit = 100): Promise<StoredContactMessage[]> {
    const rows = this.db
      .prepare(
        `SELECT id, created_at AS createdAt, first_name AS firstName, last_name AS lastName, email, subject, message
         FROM contact_messages ORDER BY id DESC LIMIT ?`,
      )
      .all(limit) as StoredContactMessage[];
    return Promise.resolve(rows);
  }

  close(): Promise<void> {
    this.db.close();
    return Promise.resolve();
  }
}

function migrate(db: Database.Database): void {
  db.exec(MIGRATIONS_TABLE);
  const applied = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((row) => row.version),
  );
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const migration of contactMigrations) {
    if (applied.has(migration.version)) continue;
    // IMMEDIATE: takes the write lock first, so a second process starting at once waits, then skips the step.
    db.transaction(() => {
      const done = db.prepare('SELECT 1 FROM schema_migrations WHERE version = ?').get(migration.version);
      if (done) return;
      db.exec(migration.sqlite);
      record.run(migration.version, migration.name, new Date().toISOString());
    }).immediate();
  }
}
