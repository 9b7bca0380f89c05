/**
 * A web origin, canonical (lower case, no default port), from an origin or a full URL; null for
 * anything else (another scheme, credentials, an opaque 'null'). Written without URL so the
 * domain stays free of any runtime's globals.
 */
export function webOrigin(value: string | null | undefined): string | null {
  const match = /^(https?):\/\/([a-z0-9.-]+|\[[0-9a-f:.]+\])(?::(\d{1,5}))?(?:[/?#]|$)/i.exec(
    value?.trim() ?? '',
  );
  if (!match) return null;
  const scheme = (match[1] ?? '').toLowerCase();
  const host = (match[2] ?? '').toLowerCase();
  const port = match[3] === undefined ? null : Number(match[3]);
  if (port !== null && port > 65535) return null;
  const defaultPort = scheme === 'https' ? 443 : 80;
  return port === null || port === defaultPort ? `${scheme}://${host}` : `${scheme}://${host}:${port}`;
}
