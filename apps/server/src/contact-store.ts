import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

export interface ContactMessage {
  firstName: string;
  lastName: string;
  email: string;
  subject: string;
  message: string;
}

export interface StoredContactMessage extends ContactMessage {
  id: number;
  createdAt: string;
}

/**
 * Where contact-form messages are kept: one SQLite file in the data folder. The only storage the product has;
 * it never holds uploads or anything about them.
 */
export class ContactStore {
  private readonly db: Database.Database;
  private readonly insert: Database.Statement<[string, string, string, string, string, string]>;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.db = new Database(join(dataDir, 'paperknife.sqlite'));
    this.db.pragma('journal_mode = WAL');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS contact_messages (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        created_at TEXT NOT NULL,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        email TEXT NOT NULL,
        subject TEXT NOT NULL,
        message TEXT NOT NULL
      )`);
    this.insert = this.db.prepare(
      'INSERT INTO contact_messages (created_at, first_name, last_name, email, subject, message) VALUES (?, ?, ?, ?, ?, ?)',
    );
  }

  save(message: ContactMessage): number {
    const result = this.insert.run(
      new Date().toISOString(),
      message.firstName,
      message.lastName,
      message.email,
      message.subject,
      message.message,
    );
    return Number(result.lastInsertRowid);
  }

  /** Newest first. For operators and tests; no route exposes it. */
  list(limit = 100): StoredContactMessage[] {
    return this.db
      .prepare(
        `SELECT id, created_at AS createdAt, first_name AS firstName, last_name AS lastName, email, subject, message
         FROM contact_messages ORDER BY id DESC LIMIT ?`,
      )
      .all(limit) as StoredContactMessage[];
  }

  close(): void {
    this.db.close();
  }
}
