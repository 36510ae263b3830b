import { z } from 'zod';

/**
 * Service limits. The server enforces them and the website shows them, both from this one reading of the
 * environment (the website reads it at build time), so the numbers people see are the numbers we enforce.
 */
export interface Limits {
  maxFileBytes: number;
  maxFiles: number;
  maxRequestBytes: number;
  maxPages: number;
  jobTimeoutMs: number;
  /** Most pages OCR PDF recognises in one document (OCR takes seconds per page). */
  ocrMaxPages: number;
}

/**
 * The server's sweeper removes anything in its temporary area older than this, every minute: the latest a file
 * of an interrupted request is deleted. The site quotes it in its privacy texts.
 */
export const TEMP_SWEEP_AGE_MINUTES = 10;

/**
 * Most pixels of one image JPG to PDF converts, checked from the image's header before any decoding: a larger one
 * would need more memory than a job may take (100 megapixels of 16-bit RGBA are 800 MB decoded).
 */
export const MAX_IMAGE_MEGAPIXELS = 100;
export const MAX_IMAGE_PIXELS = MAX_IMAGE_MEGAPIXELS * 1_000_000;

export const limitEnvironment = {
  PAPERKNIFE_MAX_FILE_MB: { default: 100, describe: 'largest accepted file, in MB' },
  PAPERKNIFE_MAX_FILES: { default: 50, describe: 'most files in one request' },
  PAPERKNIFE_MAX_REQUEST_MB: { default: 250, describe: 'most bytes in one request, in MB' },
  PAPERKNIFE_MAX_PAGES: { default: 2000, describe: 'most pages in one document' },
  PAPERKNIFE_JOB_TIMEOUT_S: { default: 120, describe: 'longest a job may run, in seconds' },
  PAPERKNIFE_OCR_MAX_PAGES: { default: 100, describe: 'most pages OCR PDF recognises in one document' },
} as const;

const MB = 1024 * 1024;

const positiveNumber = (name: string, fallback: number) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === '') return fallback;
      const value = Number(raw);
      if (!Number.isFinite(value) || value <= 0) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a positive number, got "${raw}"` });
        return z.NEVER;
      }
      return value;
    });

const limitsSchema = z.object(
  Object.fromEntries(
    Object.entries(limitEnvironment).map(([name, spec]) => [name, positiveNumber(name, spec.default)]),
  ) as { [K in keyof typeof limitEnvironment]: ReturnType<typeof positiveNumber> },
);

/** Reads the limits from an environment; throws with every bad variable named, so start-up fails early. */
export function readLimits(env: Record<string, string | undefined>): Limits {
  const parsed = limitsSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid limits configuration: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  }
  const v = parsed.data;
  return {
    maxFileBytes: Math.round(v.PAPERKNIFE_MAX_FILE_MB * MB),
    maxFiles: Math.floor(v.PAPERKNIFE_MAX_FILES),
    maxRequestBytes: Math.round(v.PAPERKNIFE_MAX_REQUEST_MB * MB),
    maxPages: Math.floor(v.PAPERKNIFE_MAX_PAGES),
    jobTimeoutMs: Math.round(v.PAPERKNIFE_JOB_TIMEOUT_S * 1000),
    ocrMaxPages: Math.floor(v.PAPERKNIFE_OCR_MAX_PAGES),
  };
}

export const defaultLimits: Limits = readLimits({});

/** "100 MB": how the website and messages write a byte limit. */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / MB;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}
