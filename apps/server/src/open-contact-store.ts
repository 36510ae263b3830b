import type { ContactStore } from './contact-store.js';
import type { ServerConfig } from './env.js';

/**
 * Opens the configured store and brings its schema up to date (migrations run at start, before the server
 * listens): PostgreSQL when `PAPERKNIFE_DATABASE_URL` is set, else the SQLite file. Only the chosen store (and its
 * driver) is loaded. This lives apart from `contact-store.ts`, whose types both stores import, so imports point one
 * way.
 */
export async function openContactStore(config: Pick<ServerConfig, 'dataDir' | 'databaseUrl'>): Promise<ContactStore> {
  if (config.databaseUrl) {
    const { PostgresContactStore } = await import('./contact-store-postgres.js');
    return PostgresContactStore.open(config.databaseUrl);
  }
  const { SqliteContactStore } = await import('./contact-store-sqlite.js');
  return SqliteContactStore.open(config.dataDir);
}
