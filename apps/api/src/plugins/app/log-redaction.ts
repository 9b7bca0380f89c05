/**
 * Patient data never reaches the logs. These are pino `redact` paths for
 * whatever a request log line or an error may carry: bodies with a patient, a patients list or
 * registration fields, query strings with a RUT or identifier, and the credentials in headers.
 * The lead wires them into app.ts as `logger: { redact: { paths: LOG_REDACT_PATHS, censor } }`.
 */

/** Every field that identifies or describes a patient, as the wire names them. */
const PATIENT_FIELDS = [
  'first_name',
  'second_name',
  'last_name',
  'second_last_name',
  'fullname',
  'name',
  'email',
  'phone',
  'date_of_birth',
  'document_number',
  'identifier',
  'rut',
  'access_token',
] as const;

/** A card's secrets (the sandbox tokeniser's body, the card payment's token): never logged. */
const CARD_FIELDS = ['card_number', 'security_code', 'cardholder_name', 'token'] as const;

/** The console's sign-in: passwords, TOTP codes and reset tokens (the reset's `token` is above). */
const CONSOLE_FIELDS = ['password', 'current_password', 'new_password', 'code'] as const;

/** Where a patient object sits under a body or query: itself, `patient`, and each of `patients`. */
const HOLDERS = ['body', 'query', 'body.patient', 'body.patients[*]', 'body.patients[*].patient'];
/** What pino logs: a request (`req`), or the object itself, or an error's context. */
const ROOTS = ['', 'req.', 'request.'];

const fieldPaths = ROOTS.flatMap((root) =>
  HOLDERS.flatMap((holder) =>
    [...PATIENT_FIELDS, ...CARD_FIELDS, ...CONSOLE_FIELDS].map((field) => `${root}${holder}.${field}`),
  ),
);

const headerPaths = ROOTS.flatMap((root) => [
  `${root}headers.authorization`,
  `${root}headers["x-appointment-token"]`,
  `${root}headers.cookie`,
]);

export const LOG_REDACT_PATHS: readonly string[] = [...fieldPaths, ...headerPaths];

export const LOG_REDACT_CENSOR = '[oculto]';

/**
 * The query parameters whose values are never a person's: ids, filters, pages, dates. Every other
 * parameter's value is masked in the logged URL, which pino cannot redact by path: console
 * searches (`q`), typed addresses and their coordinates, identifiers under any spelling
 * (`identifier%00`), and whatever a future route adds before anyone lists it here.
 */
const SAFE_QUERY = new Set<string>([
  'active',
  'alliance',
  'appointment_id',
  'category',
  'client',
  'client_id',
  'commune',
  'confirm_source_rules',
  'country',
  'cursor',
  'data.id',
  'date',
  'from',
  'from_date',
  'id',
  'ids',
  'include_source_only',
  'item',
  'item_ids',
  'items',
  'kind',
  'limit',
  'limited_stock',
  'order',
  'page',
  'page_size',
  'partner_id',
  'payment_status',
  'region',
  'sales_source',
  'sector_id',
  'show_all',
  'source',
  'status',
  'to',
  'topic',
  'type',
  'view',
]);

/** The URL with every value but the safe ones masked ('/users/find_by_identifier/?identifier=[oculto]'). */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const key = equals < 0 ? pair : pair.slice(0, equals);
      let name: string;
      try {
        name = decodeURIComponent(key.replaceAll('+', ' '));
      } catch {
        // A malformed key is logged masked too.
        return `${key}=${LOG_REDACT_CENSOR}`;
      }
      if (equals < 0) return SAFE_QUERY.has(name) ? pair : LOG_REDACT_CENSOR;
      return SAFE_QUERY.has(name) ? pair : `${key}=${LOG_REDACT_CENSOR}`;
    });
  return `${url.slice(0, at)}?${params.join('&')}`;
}

/** A `req` serializer for Fastify's logger: method, masked URL and route, nothing else of the request. */
export function serializeRequest(request: {
  method?: string;
  url?: string;
  routeOptions?: { url?: string };
}) {
  return {
    method: request.method,
    url: redactUrl(request.url ?? ''),
    route: request.routeOptions?.url,
  };
}
