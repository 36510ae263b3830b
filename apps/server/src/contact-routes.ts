import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { errorCodes } from '@paperknife/catalog/errors';
import type { ApiErrorBody } from './api-errors.js';
import type { ContactStore } from './contact-store.js';

const required = (label: string, max: number) =>
  z
    .string({ error: `Please enter your ${label}.` })
    .trim()
    .min(1, `Please enter your ${label}.`)
    .max(max, `Your ${label} can be at most ${max} characters.`);

export const contactSchema = z.object({
  firstName: required('first name', 100),
  lastName: required('last name', 100),
  email: z
    .string({ error: 'Please enter a valid email address.' })
    .trim()
    .max(254, 'Please enter a valid email address.')
    .pipe(z.email({ error: 'Please enter a valid email address.' })),
  subject: required('subject', 200),
  message: required('message', 5000),
  /** Honeypot: hidden from people, filled in by bots. */
  website: z.string().max(1000).optional(),
});

export interface ContactRoutesOptions {
  store: ContactStore;
  /** Messages per client address per hour. */
  rateLimit: number;
}

/** `POST /api/contact`: validated, length-limited, rate-limited; stored in SQLite. */
export const contactRoutes: FastifyPluginAsync<ContactRoutesOptions> = async (app, { store, rateLimit }) => {
  app.post(
    '/api/contact',
    { bodyLimit: 64 * 1024, config: { rateLimit: { max: rateLimit, timeWindow: 60 * 60_000 } } },
    async (request, reply) => {
      const parsed = contactSchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) {
          const key = String(issue.path[0] ?? 'form');
          fields[key] ??= issue.message;
        }
        const body: ApiErrorBody = {
          error: {
            code: 'invalid_option',
            message: Object.values(fields)[0] ?? errorCodes.invalid_option.message,
            fields,
          },
        };
        return reply.code(400).send(body);
      }
      const { website, ...message } = parsed.data;
      // A bot filled the hidden field: answer as if it worked, so it learns nothing, and keep nothing.
      if (!website) store.save(message);
      return reply.code(201).send({ ok: true });
    },
  );
};
