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
 * Query parameters whose values are patient data or credentials: masked in the logged URL, which
 * pino cannot redact by path. Tokens are never expected in a query, but whoever sends one there
 * must not find it in the logs.
 */
const SENSITIVE_QUERY = new Set<string>([
  'identifier',
  'rut',
  'email',
  'phone',
  'search',
  'token',
  'access_token',
  'api_token',
  'apitoken',
  'appointment_token',
  'password',
]);

/** The URL with sensitive query values masked ('/users/find_by_identifier/?identifier=[oculto]'). */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const key = pair.split('=')[0] ?? '';
      let name: string;
      try {
        name = decodeURIComponent(key);
      } catch {
        // A malformed key is logged masked too.
        return `${key}=${LOG_REDACT_CENSOR}`;
      }
      return SENSITIVE_QUERY.has(name.toLowerCase()) ? `${key}=${LOG_REDACT_CENSOR}` : pair;
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
