import type { ErrorReportBody } from '@visita/domain/contract/error-reports';
import type { TrackedError } from '../../adapters/error-tracker/error-tracker.ts';

const HIDDEN = '[oculto]';

/** What a report could carry of a person or a credential, in the order it is masked. */
const MASKS: Array<[RegExp, string | ((match: string) => string)]> = [
  // Query values that are a person's data or a credential ('?identifier=…', '&token=…').
  [
    /\b(token|access_token|api_token|appointment_token|identifier|rut|email|phone|input|address|query|search)=([^&\s#]*)/gi,
    (match) => `${match.slice(0, match.indexOf('='))}=${HIDDEN}`,
  ],
  [/\bBearer\s+\S+/gi, `Bearer ${HIDDEN}`],
  [/[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu, '[correo]'],
  // A RUT however punctuated ('11.111.111-1', '11111111-1', '11.111.111-K').
  [/\b\d{1,2}(?:\.?\d{3}){2}-?[\dkK]\b/g, '[rut]'],
  // Phones, documents, card numbers: any run of 7 or more digits, spaces and dashes between.
  [/\+?\d(?:[\s-]?\d){6,}/g, '[número]'],
  // Tokens: long runs of base64url characters with letters and digits (slugs have no digits).
  [/[A-Za-z0-9_-]{20,}/g, (match) => (/\d/.test(match) && /[A-Za-z]/.test(match) ? '[token]' : match)],
];

/** Context entries whose value is personal by their name alone. */
const PERSONAL_KEY =
  /mail|phone|tel[eé]fono|rut|identifier|document|token|name|nombre|address|direcci[oó]n|birth|patient|paciente/i;

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

/**
 * The text with every e-mail, RUT, phone-like number and token masked. Appointment ids (UUIDs)
 * are no secret (reaching one needs its token) and help to follow a failure: they are kept.
 */
export function redactText(text: string): string {
  // Ids are set aside behind a private-use character that no report text keeps.
  const ids: string[] = [];
  const shielded = text.replace(/\uE000/g, '').replace(UUID, (id) => `\uE000${ids.push(id) - 1}\uE000`);
  const masked = MASKS.reduce(
    (current, [pattern, replacement]) =>
      typeof replacement === 'string'
        ? current.replace(pattern, replacement)
        : current.replace(pattern, replacement),
    shielded,
  );
  return masked.replace(/\uE000(\d+)\uE000/g, (_match, index: string) => ids[Number(index)] ?? '');
}

const redactOptional = (value: string | null | undefined) =>
  value === null || value === undefined ? null : redactText(value);

/** The report as it may be logged and forwarded: nothing of a person left in it. */
export function toTrackedError(body: ErrorReportBody, now: Date = new Date()): TrackedError {
  const context: TrackedError['context'] = {};
  for (const [key, value] of Object.entries(body.context ?? {})) {
    const safeKey = redactText(key);
    context[safeKey] = PERSONAL_KEY.test(key)
      ? HIDDEN
      : typeof value === 'string'
        ? redactText(value)
        : value;
  }
  return {
    origin: body.origin,
    message: redactText(body.message),
    status: body.status ?? null,
    err: redactOptional(body.err),
    clientId: redactOptional(body.client_id),
    salesSource: redactOptional(body.sales_source),
    context,
    receivedAt: now.toISOString(),
  };
}
