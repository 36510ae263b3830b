/**
 * `attachment; filename="..."; filename*=UTF-8''...` (RFC 6266): the plain form for old clients, with anything
 * outside printable ASCII or a quote replaced, and the exact name percent-encoded for everyone else.
 */
export function attachmentHeader(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
