import fc from 'fast-check';

/** What people try on a public form: markup, SQL, path tricks, template and log injection. */
export const HOSTILE_STRINGS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'; DROP TABLE appointments; --",
  "' OR '1'='1",
  '1; SELECT pg_sleep(10)--',
  '%',
  '_',
  '\\',
  '../../../../etc/passwd',
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '\u202Egnp.exe',
  'a\u200Bb\u200C\u200D\uFEFF',
  '\uD800',
  'x\uDFFFy',
  'nul\u0000byte',
  '\r\nSet-Cookie: a=b',
  'ＡＢＣ',
  'e\u0301\u0301\u0301\u0301',
  '😀👩‍👩‍👧‍👦',
  '',
  ' ',
  '-1',
  '1e308',
  'NaN',
  'Infinity',
  '9999-12-31',
  '+275760-09-13T00:00:00.000Z',
  '0000-00-00',
  '2999-02-30 25:61:00',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  'x'.repeat(5000),
] as const;

const HOSTILE_NUMBERS = [
  -1,
  -0.01,
  -1e9,
  0,
  0.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 63,
  1e-300,
] as const;

/** Any JSON value a hostile client could put where a field is expected. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<unknown>(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(...HOSTILE_NUMBERS) },
  // Any code point, lone surrogates included.
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, ['a', 'b'], [[[]]], { a: { b: {} } }),
  },
  { weight: 1, arbitrary: fc.array(fc.constantFrom<unknown>(...HOSTILE_STRINGS, 1, -1), { maxLength: 3 }) },
  {
    weight: 1,
    arbitrary: fc
      .date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true })
      .map((d) => d.toISOString()),
  },
);

/** A string for a path segment or a query value. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<string>(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS).map(String) },
  { weight: 1, arbitrary: fc.uuid() },
);

/**
 * Percent-encodes for a URL; a lone surrogate (which encodeURIComponent refuses) is sent as the
 * bytes of an encoded surrogate, which is not valid UTF-8: a client can send exactly that.
 */
export function encodePart(value: string): string {
  return value
    .split(/([\uD800-\uDFFF])/)
    .map((part) =>
      /^[\uD800-\uDFFF]$/.test(part)
        ? `%ED%${(0xa0 + ((part.charCodeAt(0) - 0xd800) >> 6)).toString(16).toUpperCase()}%80`
        : encodeURIComponent(part),
    )
    .join('');
}

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  format?: string;
  minimum?: number;
  default?: unknown;
}

/** A plausible value for a JSON schema (from the OpenAPI document): the seed hostile bodies mutate. */
export function sampleOf(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const choice = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (choice) return sampleOf(choice, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'date') return '1992-04-08';
      if (schema.format === 'date-time') return '2031-01-01T10:00:00.000Z';
      if (schema.format === 'email') return 'valentina@correo.cl';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      return 'Valentina';
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return false;
    case 'array':
      return [sampleOf(schema.items, depth + 1)];
    case 'object':
    default:
      if (!schema.properties) return type === 'object' ? {} : null;
      return Object.fromEntries(
        Object.entries(schema.properties).map(([key, value]) => [key, sampleOf(value, depth + 1)]),
      );
  }
}

/** Every path to a leaf (or a whole array or object) of a JSON value. */
function pathsOf(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  const here = prefix.length ? [prefix] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => pathsOf(v, [...prefix, i]))];
  if (value && typeof value === 'object')
    return [...here, ...Object.entries(value).flatMap(([k, v]) => pathsOf(v, [...prefix, k]))];
  return here;
}

function setAt(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = setAt(copy[head as number], rest, replacement);
    return copy;
  }
  const record = { ...(value as Record<string, unknown>) };
  record[head] = setAt(record[head], rest, replacement);
  return record;
}

/** The seed with one to three of its fields (or whole sub-objects) replaced by hostile values. */
export function mutated(seed: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(seed);
  if (paths.length === 0) return hostileValue;
  return fc
    .array(fc.tuple(fc.constantFrom(...paths), hostileValue), { minLength: 1, maxLength: 3 })
    .map((changes) => changes.reduce((body, [path, value]) => setAt(body, path, value), seed));
}
