import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const url = (protocols: string[]) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine(
        (value) => {
          try {
            return protocols.includes(new URL(value).protocol);
          } catch {
            return false;
          }
        },
        `debe ser una URL ${protocols.join(' o ')}`,
      )
      .optional(),
  );

/** A request count per minute and client address; 0 turns the limit off. */
const perMinute = (fallback: number) =>
  z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'debe ser un número' })
      .int('debe ser un entero')
      .min(0, 'debe estar entre 0 y 1000000 (0 lo desactiva)')
      .max(1_000_000, 'debe estar entre 0 y 1000000 (0 lo desactiva)')
      .default(fallback),
  );

/** A count bound, 0 (off) to 1000. */
const boundedCount = (fallback: number) =>
  z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'debe ser un número' })
      .int('debe ser un entero')
      .min(0, 'debe estar entre 0 y 1000 (0 lo desactiva)')
      .max(1000, 'debe estar entre 0 y 1000 (0 lo desactiva)')
      .default(fallback),
  );

/** A cache's age in milliseconds, 0 (kept for no time) to `max`. */
const milliseconds = (max: number, fallback: number) =>
  z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'debe ser un número de milisegundos' })
      .int('debe ser un entero')
      .min(0, `debe estar entre 0 y ${max}`)
      .max(max, `debe estar entre 0 y ${max}`)
      .default(fallback),
  );

const envSchema = z.object({
  // 'production' turns on the refusals of productionProblems (a demo seed, http, weak or missing
  // secrets, simulated payments) and makes SEED default to none.
  NODE_ENV: z.preprocess(emptyAsUndefined, z.string().optional()),
  PORT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'debe ser un número' })
      .int('debe ser un entero')
      .min(0, 'debe estar entre 0 y 65535')
      .max(65535, 'debe estar entre 0 y 65535')
      .default(3000),
  ),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
  // Worker processes sharing the port; more than one needs PostgreSQL (an embedded database
  // belongs to one process).
  WEB_CONCURRENCY: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'debe ser un número' })
      .int('debe ser un entero')
      .min(1, 'debe estar entre 1 y 64')
      .max(64, 'debe estar entre 1 y 64')
      .default(1),
  ),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  DATABASE_URL: url(['postgres:', 'postgresql:']),
  // Connections each process keeps to PostgreSQL: WEB_CONCURRENCY × instances × this must stay
  // under the server's max_connections (the role's CONNECTION LIMIT, deploy/postgres-roles.sql).
  DATABASE_POOL_SIZE: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'debe ser un número' })
      .int('debe ser un entero')
      .min(1, 'debe estar entre 1 y 200')
      .max(200, 'debe estar entre 1 y 200')
      .default(10),
  ),
  GEOCODER: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['local', 'google', 'nominatim'], { error: 'debe ser local, google o nominatim' })
      .default('local'),
  ),
  GOOGLE_MAPS_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  NOMINATIM_URL: url(['http:', 'https:']),
  PAYMENTS: z.preprocess(
    emptyAsUndefined,
    z.enum(['sandbox', 'mercadopago'], { error: 'debe ser sandbox o mercadopago' }).default('sandbox'),
  ),
  MP_ACCESS_TOKEN: z.preprocess(emptyAsUndefined, z.string().optional()),
  MP_PUBLIC_KEY_CL: z.preprocess(emptyAsUndefined, z.string().optional()),
  MP_PUBLIC_KEY_MX: z.preprocess(emptyAsUndefined, z.string().optional()),
  // A test aid, honoured by the sandbox gateway alone: it waits this long after recording a charge
  // and before answering it, so a test can kill the server between the charge and its record
  // (robustness/payment-kill.test.ts). 0, the default, answers at once.
  SANDBOX_CHARGE_DELAY_MS: milliseconds(60_000, 0),
  STORAGE: z.preprocess(emptyAsUndefined, z.enum(['fs', 's3'], { error: 'debe ser fs o s3' }).default('fs')),
  S3_BUCKET: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_ENDPOINT: url(['http:', 'https:']),
  // Booking e-mails: written as .eml files in DATA_DIR/mail (fs, the default) or sent by SMTP.
  MAIL: z.preprocess(emptyAsUndefined, z.enum(['fs', 'smtp'], { error: 'debe ser fs o smtp' }).default('fs')),
  SMTP_URL: url(['smtp:', 'smtps:']),
  MAIL_FROM: z.preprocess(
    emptyAsUndefined,
    z.email({ error: 'debe ser una dirección de correo' }).default('reservas@visita.localhost'),
  ),
  // Where people reach the widget: links in e-mails point there (default http://localhost:PORT).
  PUBLIC_URL: url(['http:', 'https:']),
  // How long a worker's claim on an outbox event lasts: a worker killed mid-delivery delays that
  // delivery by at most this much. Longer than any one delivery may take (SMTP, webhooks: 10 s).
  OUTBOX_LEASE_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'debe ser un número de milisegundos' })
      .int('debe ser un entero')
      .min(1000, 'debe estar entre 1000 y 3600000')
      .max(3_600_000, 'debe estar entre 1000 y 3600000')
      .default(60_000),
  ),
  // How long a card payment may stay 'processing' (the gateway being called) before it is taken
  // as left by a crash and reconciled against the gateway. Longer than a charge may take (the
  // gateway's 10 s timeout and its retries).
  PAYMENT_LEASE_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'debe ser un número de milisegundos' })
      .int('debe ser un entero')
      .min(1000, 'debe estar entre 1000 y 3600000')
      .max(3_600_000, 'debe estar entre 1000 y 3600000')
      .default(120_000),
  ),
  // MercadoPago's secret for its payment notifications (the x-signature of each): unset, the
  // notification route answers 404 and payments in review are read again on a schedule only.
  MP_WEBHOOK_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(16, 'debe tener al menos 16 caracteres').optional(),
  ),
  // Partner webhooks may reach loopback, private and other internal addresses: only for tests
  // whose receiver runs on this machine. Off, they reach public hosts only (else whoever edits a
  // profile could probe the internal network through the deliveries list).
  WEBHOOK_ALLOW_PRIVATE: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['true', 'false'], { error: 'debe ser true o false' })
      .default('false')
      .transform((value) => value === 'true'),
  ),
  // The operator's token for /api/admin (unset: the admin API answers 404 to everyone).
  ADMIN_TOKEN: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
  ),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  // Most S3-compatible servers (MinIO, Ceph, R2…) only answer path-style URLs; AWS takes both.
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().default('us-east-1')),
  S3_FORCE_PATH_STYLE: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['true', 'false'], { error: 'debe ser true o false' })
      .default('true')
      .transform((value) => value === 'true'),
  ),
  ORDER_UPLOADS_PER_MINUTE: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'debe ser un número' })
      .int('debe ser un entero')
      .min(1, 'debe estar entre 1 y 100000')
      .max(100_000, 'debe estar entre 1 y 100000')
      .default(20),
  ),
  // Per client address and minute on the calls a stranger could abuse (0 turns a limit off):
  // a person typing with a 300 ms debounce sends at most ~200 searches a minute, and an office
  // shares one address behind its NAT.
  RATE_LIMIT_SEARCH_PER_MINUTE: perMinute(300),
  RATE_LIMIT_COUPONS_PER_MINUTE: perMinute(30),
  // It answers a patient's data to whoever has the RUT: few tries, so RUTs cannot be walked.
  RATE_LIMIT_FIND_BY_IDENTIFIER_PER_MINUTE: perMinute(20),
  // Registering answers whether a RUT or an e-mail already has an account: as few tries.
  RATE_LIMIT_REGISTER_PER_MINUTE: perMinute(10),
  // The fund's affiliation and once-per-patient checks answer facts about a person by RUT.
  RATE_LIMIT_FUND_CHECKS_PER_MINUTE: perMinute(30),
  // Each of the calls above, per appointment (its id): a booking has a few patients, each looked
  // up, registered and checked once or twice, so a token cannot be reused to walk RUTs.
  RATE_LIMIT_PERSON_LOOKUPS_PER_APPOINTMENT: perMinute(20),
  // An appointment per visit; an address creating dozens a minute is taking the agenda's blocks.
  RATE_LIMIT_APPOINTMENTS_PER_MINUTE: perMinute(10),
  // Holds per address, and per appointment (a person picks another time a few times, not dozens).
  RATE_LIMIT_HOLDS_PER_MINUTE: perMinute(20),
  RATE_LIMIT_HOLDS_PER_APPOINTMENT: perMinute(6),
  // Live holds (20 minutes each) at once, 0 turning a bound off (docs/decisions/free-confirmations.md).
  // Per browser (the widget's key, x-visita-browser) at one address: a household booking a few
  // visits. Per address, an IPv6 one by its /64, ten times that: a carrier's shared address
  // (carrier-grade NAT) is many people, and a squatter inventing browser keys stops there and at
  // ADDRESS_SHARE_OF_SECTOR_DAY. Staff (the client's API token) are not counted.
  HOLDS_PER_BROWSER: boundedCount(3),
  HOLDS_PER_ADDRESS: boundedCount(30),
  // The most of one sector-day (its nurses' blocks for the cart's skills) one address may keep,
  // in per cent: its live holds plus its visits confirmed without payment. 0 turns it off.
  ADDRESS_SHARE_OF_SECTOR_DAY: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'debe ser un número' })
      .int('debe ser un entero')
      .min(0, 'debe estar entre 0 y 100 (0 lo desactiva)')
      .max(100, 'debe estar entre 0 y 100 (0 lo desactiva)')
      .default(50),
  ),
  // Visits confirmed by hand without payment (partners whose embed confirms without a card), per
  // rolling 24 hours: per browser at one address, and per address. Paid and company-billed
  // confirmations are not counted, nor staff.
  UNPAID_CONFIRMATIONS_PER_BROWSER_PER_DAY: boundedCount(5),
  UNPAID_CONFIRMATIONS_PER_ADDRESS_PER_DAY: boundedCount(50),
  // The widget's failure reports: a broken page reports a few, not hundreds, a minute.
  RATE_LIMIT_ERROR_REPORTS_PER_MINUTE: perMinute(30),
  // The console's sign-in and password-reset requests per address (the lock-out counts per account).
  RATE_LIMIT_LOGIN_PER_MINUTE: perMinute(10),
  // Signs the console's CSRF cookies and encrypts its operators' TOTP secrets; every instance
  // needs the same one. Unset: one is made once and kept in the database (console_keys).
  CONSOLE_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
  ),
  // The console's map tiles: an https URL template with {z}, {x} and {y} ({s} for subdomains),
  // which the console's page may then load images from; unset, the map has a plain background.
  CONSOLE_MAP_TILE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^https:\/\/(?:\{s\}\.)?[a-z0-9.-]+(?::\d+)?\/[^\s]*$/i,
        'debe ser una dirección https (con {s}. delante del dominio si usa subdominios)',
      )
      .refine(
        (value) => ['{z}', '{x}', '{y}'].every((part) => value.includes(part)),
        'debe incluir {z}, {x} e {y}',
      )
      .optional(),
  ),
  // The tiles' attribution, shown on the map (the tile provider's terms usually ask for it).
  CONSOLE_MAP_ATTRIBUTION: z.preprocess(
    emptyAsUndefined,
    z.string().max(300, 'admite hasta 300 caracteres').optional(),
  ),
  // Prometheus metrics: at /metrics with this bearer token (32 characters at least), and/or on
  // their own port (METRICS_PORT, on METRICS_HOST, loopback by default: for a scraper on the
  // same network, never the public one). Neither set: /metrics answers 404.
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
  ),
  METRICS_PORT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'debe ser un número' })
      .int('debe ser un entero')
      .min(1, 'debe estar entre 1 y 65535')
      .max(65535, 'debe estar entre 1 y 65535')
      .optional(),
  ),
  METRICS_HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
  // How long the gauges counted in the database (appointments, payments, holds, outbox) reuse
  // their figures: scrapes that come more often, or from several scrapers, count the tables once.
  METRICS_CACHE_MS: milliseconds(60_000, 5_000),
  // Where failure reports are forwarded as JSON (an error tracker's intake); unset: logged only.
  ERROR_TRACKER_URL: url(['http:', 'https:']),
  // Whose X-Forwarded-For to believe for the client's address (the per-address limits key on
  // it): 'false' (the default: the connection's own address), the load balancer's addresses or
  // CIDRs ('10.0.0.0/8,127.0.0.1'), a hop count ('1'), or 'true' (anyone: only when nothing but
  // the proxy can reach the server, else a client escapes its limits by naming another address).
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default('false')
      .transform((value, context): boolean | number | string[] => {
        const text = value.trim();
        if (text === 'false') return false;
        if (text === 'true') return true;
        if (/^\d{1,2}$/.test(text)) return Number(text);
        const entries = text.split(',').map((entry) => entry.trim());
        const address = /^(?:[\d.]+|[\da-f:.]+)(?:\/\d{1,3})?$/i;
        if (entries.length > 0 && entries.every((entry) => address.test(entry))) return entries;
        context.addIssue({
          code: 'custom',
          message: 'debe ser false, true, un número de saltos o direcciones IP/CIDR separadas por comas',
        });
        return z.NEVER;
      }),
  ),
  LAAS_HOSTS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default('console.localhost:3000')
      .transform((value) =>
        value
          .split(',')
          .map((host) => host.trim())
          .filter(Boolean),
      ),
  ),
  // Whether the server applies the migrations it lacks at start (one instance at a time, under a
  // lock). false: `npm run migrate` does, as a deploy's own step, and the server refuses to start
  // on a database that lacks one.
  MIGRATE_ON_START: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['true', 'false'], { error: 'debe ser true o false' })
      .default('true')
      .transform((value) => value === 'true'),
  ),
  // Unset: demo, or none with NODE_ENV=production (resolved in loadConfig).
  SEED: z.preprocess(
    emptyAsUndefined,
    z.enum(['demo', 'none'], { error: 'debe ser demo o none' }).optional(),
  ),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'debe ser fatal, error, warn, info, debug, trace o silent',
      })
      .default('info'),
  ),
  WIDGET_DIST: z.preprocess(emptyAsUndefined, z.string().optional()),
  CONSOLE_DIST: z.preprocess(emptyAsUndefined, z.string().optional()),
  AVAILABILITY_CACHE_MS: milliseconds(60_000, 2_000),
  ROSTER_CACHE_MS: milliseconds(600_000, 60_000),
  CATALOGUE_CACHE_MS: milliseconds(600_000, 10_000),
  // Data retention (modules/retention, docs/decisions/data-retention.md), in days; 0 keeps forever.
  RETENTION_ORDER_DAYS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'debe ser un número de días' })
      .int('debe ser un entero')
      .min(0, 'debe estar entre 0 y 3650')
      .max(3650, 'debe estar entre 0 y 3650')
      .default(365),
  ),
  RETENTION_ABANDONED_DAYS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'debe ser un número de días' })
      .int('debe ser un entero')
      .min(0, 'debe estar entre 0 y 3650')
      .max(3650, 'debe estar entre 0 y 3650')
      .default(90),
  ),
});

/** Settings that only become required by another setting's value. */
const REQUIRED_WHEN: Array<[variable: string, value: string, requires: string[]]> = [
  ['GEOCODER', 'google', ['GOOGLE_MAPS_API_KEY']],
  ['GEOCODER', 'nominatim', ['NOMINATIM_URL']],
  ['PAYMENTS', 'mercadopago', ['MP_ACCESS_TOKEN', 'MP_PUBLIC_KEY_CL', 'MP_PUBLIC_KEY_MX']],
  ['STORAGE', 's3', ['S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']],
  ['MAIL', 'smtp', ['SMTP_URL']],
];

// Checked apart from the schema because zod skips refinements once any field fails, and an
// operator should see every problem in one go.
function missingDependents(env: Record<string, string | undefined>): string[] {
  const concurrency = Number(env.WEB_CONCURRENCY);
  const workersWithoutPostgres =
    Number.isInteger(concurrency) && concurrency > 1 && !env.DATABASE_URL
      ? [
          `DATABASE_URL: es obligatoria con WEB_CONCURRENCY=${env.WEB_CONCURRENCY} (la base embebida es de un solo proceso)`,
        ]
      : [];
  return [
    ...workersWithoutPostgres,
    ...REQUIRED_WHEN.flatMap(([variable, value, requires]) =>
      env[variable] === value
        ? requires
            .filter((name) => !env[name])
            .map((name) => `${name}: es obligatoria con ${variable}=${value}`)
        : [],
    ),
  ];
}

/** A secret an attacker cannot guess: long, and not one character or a short pattern repeated. */
function weakSecret(value: string | undefined): string | null {
  if (!value) return 'es obligatoria con NODE_ENV=production';
  if (value.length < 32) return 'debe tener al menos 32 caracteres';
  if (new Set(value).size < 12) return 'es débil: usa al menos 32 caracteres al azar (openssl rand -hex 32)';
  return null;
}

/**
 * What production refuses, each named by its variable: the demo's partners, nurses and coupons,
 * links by http, the operators' API and the console without strong secrets, and simulated
 * payments or test aids (a booking must never record money that was not paid).
 */
function productionProblems(env: Record<string, string | undefined>): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (env.SEED === 'demo')
    problems.push(
      'SEED="demo": no se permite con NODE_ENV=production (crea socios, enfermeras y cupones de demostración); usa none',
    );
  if (!env.PUBLIC_URL) problems.push('PUBLIC_URL: es obligatoria con NODE_ENV=production (una URL https)');
  else if (!env.PUBLIC_URL.startsWith('https://'))
    problems.push(`PUBLIC_URL=${JSON.stringify(env.PUBLIC_URL)}: debe ser https con NODE_ENV=production`);
  for (const name of ['ADMIN_TOKEN', 'CONSOLE_SECRET'] as const) {
    const problem = weakSecret(env[name]);
    if (problem) problems.push(`${name}: ${problem}`);
  }
  if ((env.PAYMENTS ?? 'sandbox') === 'sandbox')
    problems.push(
      'PAYMENTS: debe ser mercadopago con NODE_ENV=production (sandbox simula los cobros: ninguno sería real)',
    );
  else {
    const problem = weakSecret(env.MP_WEBHOOK_SECRET);
    if (problem) problems.push(`MP_WEBHOOK_SECRET: ${problem}`);
  }
  if (env.METRICS_TOKEN) {
    const problem = weakSecret(env.METRICS_TOKEN);
    if (problem) problems.push(`METRICS_TOKEN: ${problem}`);
  }
  if (env.WEBHOOK_ALLOW_PRIVATE === 'true')
    problems.push('WEBHOOK_ALLOW_PRIVATE="true": no se permite con NODE_ENV=production (es para pruebas)');
  if (env.SANDBOX_CHARGE_DELAY_MS && env.SANDBOX_CHARGE_DELAY_MS !== '0')
    problems.push('SANDBOX_CHARGE_DELAY_MS: no se permite con NODE_ENV=production (es para pruebas)');
  return problems;
}

type ParsedEnv = z.infer<typeof envSchema>;
export type Config = Omit<ParsedEnv, 'DATA_DIR' | 'SEED'> & { DATA_DIR: string; SEED: 'demo' | 'none' };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuración inválida:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads the environment once, at start. Every bad value is reported by its variable name so an
 * operator fixes them all in one go rather than one restart at a time.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  cwd = process.cwd(),
): Config {
  const parsed = envSchema.safeParse(env);
  const problems = [
    ...(parsed.error?.issues ?? []).map((issue) => {
      const name = String(issue.path[0] ?? 'entorno');
      const raw = env[name];
      return raw === undefined
        ? `${name}: ${issue.message}`
        : `${name}=${JSON.stringify(raw)}: ${issue.message}`;
    }),
    ...missingDependents(env),
    ...productionProblems(env),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const config = parsed.data as ParsedEnv;
  return {
    ...config,
    SEED: config.SEED ?? (config.NODE_ENV === 'production' ? 'none' : 'demo'),
    DATA_DIR: isAbsolute(config.DATA_DIR) ? config.DATA_DIR : resolve(cwd, config.DATA_DIR),
  };
}
