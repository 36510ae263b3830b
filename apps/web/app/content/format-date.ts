const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** "January 12, 2026" for `2026-01-12`, the same at build time and in every browser time zone. */
export function formatContentDate(date: string): string {
  return longDate.format(new Date(`${date}T00:00:00Z`));
}
