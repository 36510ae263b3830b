import type { FastifyPluginAsync } from 'fastify';
import { parseContact } from '@paperknife/catalog/contact';
import { errorCodes } from '@paperknife/catalog/errors';
import type { ApiErrorBody } from './api-errors.js';
import type { ContactStore } from './contact-store.js';

export interface ContactRoutesOptions {
  store: ContactStore;
  /** Messages per client address per hour. */
  rateLimit: number;
}

/** `POST /api/contact`: validated, length-limited, rate-limited; stored in SQLite or PostgreSQL. */
export const contactRoutes: FastifyPluginAsync<ContactRoutesOptions> = async (app, { store, rateLimit }) => {
  app.post(
    '/api/contact',
    { bodyLimit: 64 * 1024, config: { rateLimit: { max: rateLimit, timeWindow: 60 * 60_000 } } },
    async (request, reply) => {
      const parsed = parseContact(request.body);
      if ('errors' in parsed) {
        const fields = parsed.errors;
        const body: ApiErrorBody = {
          error: {
            code: 'invalid_option',
            message: Object.values(fields)[0] ?? errorCodes.invalid_option.message,
            fields,
          },
        };
        return reply.code(400).send(body);
      }
      const { website, ...message } = parsed.message;
      // A bot filled the hidden field: answer as if it worked, so it learns nothing, and keep nothing.
      if (!website) await store.save(message);
      return reply.code(201).send({ ok: true });
    },
  );
};
