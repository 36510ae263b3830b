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
