import { config } from 'zod/v4/core';

/**
 * Zod compiles object parsers with `new Function` when it may, and probes for that on the first parse. The site's
 * CSP forbids eval, so the probe alone makes Chromium log a Content Security Policy issue (and costs Lighthouse's
 * best-practices points). Jitless parsing is what the browser ends up doing anyway. Imported first by root.tsx,
 * before any module that parses with a schema.
 */
config({ jitless: true });
