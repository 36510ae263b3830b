import { z } from 'zod';

/**
 * The contact form (`POST /api/contact`): its fields, their limits and messages, and one schema that the server
 * enforces and the page checks before sending, so the page refuses exactly what the server would.
 */
export const contactFields = {
  firstName: { label: 'First name', noun: 'first name', maxLength: 100, autoComplete: 'given-name' },
  lastName: { label: 'Last name', noun: 'last name', maxLength: 100, autoComplete: 'family-name' },
  email: { label: 'Email', noun: 'email address', maxLength: 254, autoComplete: 'email' },
  subject: { label: 'Subject', noun: 'subject', maxLength: 200, autoComplete: 'off' },
  message: { label: 'Message', noun: 'message', maxLength: 5000, autoComplete: 'off' },
} as const;

export type ContactField = keyof typeof contactFields;
export const contactFieldNames = Object.keys(contactFields) as ContactField[];

const INVALID_EMAIL = 'Please enter a valid email address.';

const required = (name: Exclude<ContactField, 'email'>) => {
  const { noun, maxLength } = contactFields[name];
  return z
    .string({ error: `Please enter your ${noun}.` })
    .trim()
    .min(1, `Please enter your ${noun}.`)
    .max(maxLength, `Your ${noun} can be at most ${maxLength} characters.`);
};

export const contactSchema = z.object({
  firstName: required('firstName'),
  lastName: required('lastName'),
  email: z
    .string({ error: INVALID_EMAIL })
    .trim()
    .max(contactFields.email.maxLength, INVALID_EMAIL)
    .pipe(z.email({ error: INVALID_EMAIL })),
  subject: required('subject'),
  message: required('message'),
  /** Honeypot: hidden from people, filled in by bots. */
  website: z.string().max(1000).optional(),
});

export type ContactMessage = z.infer<typeof contactSchema>;
export type ContactErrors = Record<string, string>;

/** The message, or the first problem of each field in the words people see. */
export function parseContact(input: unknown): { message: ContactMessage } | { errors: ContactErrors } {
  const parsed = contactSchema.safeParse(input ?? {});
  if (parsed.success) return { message: parsed.data };
  const errors: ContactErrors = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  return { errors };
}
