/**
 * The contact store's schema, as numbered steps in both dialects side by side, so the two stores cannot drift.
 * A step, once released, is never edited: a change is a new step. Each store records the steps it applied in
 * `schema_migrations` and applies the missing ones at start, in one transaction each.
 */
export interface Migration {
  version: number;
  name: string;
  sqlite: string;
  postgres: string;
}

export const contactMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'contact messages',
    // IF NOT EXISTS: data folders from before migrations already hold this table.
    sqlite: `CREATE TABLE IF NOT EXISTS contact_messages (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        created_at TEXT NOT NULL,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        email TEXT NOT NULL,
        subject TEXT NOT NULL,
        message TEXT NOT NULL
      )`,
    postgres: `CREATE TABLE IF NOT EXISTS contact_messages (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        email TEXT NOT NULL,
        subject TEXT NOT NULL,
        message TEXT NOT NULL
      )`,
  },
];

export const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  applied_at TEXT NOT NULL
)`;
