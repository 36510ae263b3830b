import type { ServerConfig } from './env.js';

export interface ContactMessage {
  firstName: string;
  lastName: string;
  email: string;
  subject: string;
  message: string;
}

export interface StoredContactMessage extends ContactMessage {
  id: number;
  /** ISO 8601, UTC. */
  createdAt: string;
}

/**
 * Where contact-form messages are kept: the only storage the product has; it never holds uploads or anything
 * about them. A SQLite file in the data folder on one machine, PostgreSQL when replicas share it. Both pass
 * `contact-store.test.ts`.
 */
export interface ContactStore {
  /** Stores one message; returns its id. */
  save(message: ContactMessage): Promise<number>;
  /** Newest first. For operators and tests; no route exposes it. */
  list(limit?: number): Promise<StoredContactMessage[]>;
  close(): Promise<void>;
}

/**
 * Opens the configured store and brings its schema up to date (migrations run at start, before the server
 * listens): PostgreSQL when `PAPERKNIFE_DATABASE_URL` is set, else the SQLite file.
 */
export async function openContactStore(config: Pick<ServerConfig, 'dataDir' | 'databaseUrl'>): Promise<ContactStore> {
  if (config.databaseUrl) {
    const { PostgresContactStore } = await import('./contact-store-postgres.js');
    return PostgresContactStore.open(config.databaseUrl);
  }
  const { SqliteContactStore } = await import('./contact-store-sqlite.js');
  return SqliteContactStore.open(config.dataDir);
}
