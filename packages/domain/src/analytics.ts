/** What replaces a value that may be an e-mail address before an analytics event leaves. */
export const REDACTED_VALUE = '[redactado]';

/**
 * Analytics never carries an e-mail address: any text value containing an at-sign is replaced,
 * whatever field it is in (a person may type an e-mail where an address goes).
 */
export function redactAnalyticsValues<T extends Record<string, unknown>>(values: T): T {
  const redacted: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    redacted[key] = typeof value === 'string' && value.includes('@') ? REDACTED_VALUE : value;
  }
  return redacted as T;
}
