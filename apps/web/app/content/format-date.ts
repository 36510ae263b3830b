/** A content date (`YYYY-MM-DD`) as the page's language writes a long date: "January 19, 2026", "19. Januar 2026". */
export function formatContentDate(date: string, tag: string): string {
  return new Intl.DateTimeFormat(tag === 'en' ? 'en-US' : tag, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
