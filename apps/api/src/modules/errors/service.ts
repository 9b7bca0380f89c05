import { ERROR_REPORT_CONTEXT_KEYS, type ErrorReportBody } from '@visita/domain/contract/error-reports';
import type { TrackedError } from '../../adapters/error-tracker/error-tracker.ts';

const HIDDEN = '[oculto]';

/** ANSI escape sequences (colours, cursor moves, titles, links), 7- and 8-bit. */
const ANSI =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]|(?:\u001b\]|\u009d)[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u001b[@-Z\\-_]/g;
/** Control and invisible format characters (zero-width, bidi marks, soft hyphens); tabs and line breaks stay. */
const INVISIBLE = /(?![\t\n])[\p{Cc}\p{Cf}]/gu;

/** One run of %XX decoded; what would end a value or a line early ('&', '#', spaces) stays encoded. */
function decodeRun(run: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(run);
  } catch {
    // Not UTF-8 as a whole: its ASCII bytes one by one.
    decoded = run.replace(/%([0-7][0-9a-f])/gi, (_match, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
  }
  return decoded.replace(/[\s&#]/g, (character) => encodeURIComponent(character));
}

/**
 * The text as the masks read it: Unicode folded to its plain forms (NFKC: a full-width '＠' or
 * digits are '@' and digits), percent-encoding undone (several times: '%2540' is '%40' is '@'),
 * and escape sequences and invisible characters removed (a zero-width space inside an address
 * would hide it from every pattern). What is forwarded is this text, masked.
 */
/** The character references an HTML page writes '@', '.' and others with ('&#64;', '&#x40;', '&commat;'). */
const NAMED_ENTITIES: Record<string, string> = { commat: '@', period: '.', amp: '&', nbsp: ' ' };
function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]+));?/gi, (match, decimal, hex, name) => {
    const code = decimal ? Number(decimal) : hex ? Number.parseInt(hex, 16) : null;
    if (code !== null) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    return NAMED_ENTITIES[String(name).toLowerCase()] ?? match;
  });
}

function normalised(text: string): string {
  let current = decodeEntities(text.normalize('NFKC')).replace(ANSI, '');
  for (let pass = 0; pass < 3; pass += 1) {
    const next = decodeEntities(current.replace(/(?:%[0-9a-f]{2})+/gi, decodeRun));
    if (next === current) break;
    current = next;
  }
  return current.normalize('NFKC').replace(ANSI, '').replace(INVISIBLE, '');
}

const SPACE = String.raw`(?:\s|%20|\+)+`;
const OPEN = String.raw`\s*[([{<]\s*`;
const CLOSE = String.raw`\s*[)\]}>]\s*`;
/** '@' and its spellings: '(at)', '[at]', ' at ', '(arroba)'… */
const AT = String.raw`(?:\s*@\s*|${OPEN}(?:at|arroba)${CLOSE}|${SPACE}(?:at|arroba)${SPACE})`;
const DOT = String.raw`(?:\s*\.\s*|${OPEN}(?:dot|punto|\.)${CLOSE}|${SPACE}(?:dot|punto)${SPACE})`;
const LABEL = String.raw`[\p{L}\p{N}-]+`;
/**
 * An e-mail however spelled. ' at ' also reads 'falló at Object.fetch' as an address: masking
 * too much is the safer mistake.
 */
const EMAIL = new RegExp(String.raw`[\p{L}\p{N}._%+-]+${AT}${LABEL}(?:${DOT}${LABEL})*`, 'giu');

/** Dashes as typed or pasted: hyphen-minus, hyphens, figure, en and em dashes, minus. */
const DASH = '[-\u2010-\u2015\u2212]';
/**
 * A RUT as it is written: dots or commas throughout with any dash before the check digit
 * ('11.111.111-1', '11,111,111–1'), the dash alone ('11111111-K'), or no separator at all
 * ('111111111'). Other runs of digits are left to the phone mask.
 */
const RUT = new RegExp(
  String.raw`\b(?:\d{1,2}([.,])\d{3}\1\d{3}\s*${DASH}\s*|\d{7,8}\s*${DASH}\s*|\d{7,8})[\dkK]\b`,
  'g',
);

/** Names whose value is a credential or a person's data, wherever the name contains them. */
const SECRET_NAME_PART =
  'token|secret|pass|pwd|clave|contrase|key|auth|session|cookie|signature|cvv|cvc|card|tarjeta|otp|rut|dni|curp|pasaporte|document|identifier|mail|correo|phone|fono|tel[eé]fono|celular|m[oó]vil|name|nombre|apellido|address|direcci[oó]n|calle|street|avenida|comuna|birth|nacimiento|patient|paciente|input|query|search|usuario|user|login|cliente';
/** Short names that are a credential, a document or a search only as a whole name. */
const SECRET_NAME_WHOLE = 'q|pin|sig|run|tel|jwt|pw';
const SECRET_NAME = String.raw`(?<![\w.-])(?:[\w.-]*(?:${SECRET_NAME_PART})[\w.-]*|(?:${SECRET_NAME_WHOLE}))["']?`;
const QUOTED = String.raw`"[^"]*"|'[^']*'`;
/**
 * 'name=value' (a query, a form) and 'name: value' (a header, JSON, a sentence) whose name says it
 * holds something secret or personal: the value goes, to the end of its clause ('apellido: Pérez
 * Soto', 'calle=Los Leones 4500'), and the name and an auth scheme stay.
 */
const SECRET_PAIR = new RegExp(
  String.raw`(${SECRET_NAME}\s*[=:]\s*)((?:Bearer|Basic|Token)\s+)?(${QUOTED}|[^&#,;\n"'<>{}]+)`,
  'giu',
);
const keepNameAndScheme = (_match: string, name = '', scheme = '') => `${name}${scheme}${HIDDEN}`;

/** A secret said in a sentence: 'mi clave es hunter2', 'password is x', 'cvv 123', 'PIN 4321'. */
const SECRET_SAID = new RegExp(
  String.raw`\b((?:mi\s+)?(?:clave|contrase[nñ]a|password|pass|pin|cvv|cvc|c[oó]digo(?:\s+de\s+seguridad)?)(?:\s+(?:es|is|era|was))?\s+)(?!\[)(\S+)`,
  'giu',
);
/** A street address: a street word, its name and its number ('Avenida Apoquindo 4500', 'calle Los Leones 123'). */
const STREET = new RegExp(
  String.raw`\b(?:avenida|av\.|avda\.?|calle|pasaje|psje\.?|camino|paseo|callej[oó]n|boulevard|blvd\.?|calzada|street|st\.|road)\s+(?:[\p{L}'.]+\s+){0,5}?(?:#\s*)?\d{1,6}\b`,
  'giu',
);
/** 'Juan Pérez González' after a word that names a person ('usuario', 'paciente', 'Sr.'): three or two capitalised words. */
const PERSON_NAME = new RegExp(
  String.raw`\b((?:usuari[oa]|paciente|cliente|titular|sr\.?|sra\.?|don|doña|user)\s*:?\s+)\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+){1,3}`,
  'gu',
);

/** What a report could carry of a person or a credential, in the order it is masked. */
const MASKS: Array<[RegExp, string | ((...groups: string[]) => string)]> = [
  // Credentials in a URL ('https://user:pass@host').
  [/\/\/[^/\s@]+@/g, `//${HIDDEN}@`],
  [SECRET_PAIR, keepNameAndScheme],
  [SECRET_SAID, (_match: string, said = '') => `${said}${HIDDEN}`],
  [PERSON_NAME, (_match: string, word = '') => `${word}[nombre]`],
  [STREET, '[dirección]'],
  [/\bBearer\s+\S+/gi, `Bearer ${HIDDEN}`],
  [EMAIL, '[correo]'],
  [RUT, '[rut]'],
  // Phones, documents, card numbers: any run of 7 or more digits, spaces, dots and dashes between.
  [new RegExp(String.raw`\+?\d(?:(?:\s|\.|${DASH})?\d){6,}`, 'g'), '[número]'],
  // Tokens: long runs of base64url characters with letters and digits (slugs have no digits).
  // Tokens: long runs of base64url characters with letters and digits (slugs have no digits), or
  // of mixed case without digits, past the length of a name in code ('handleSubmit').
  [
    /[A-Za-z0-9_-]{20,}/g,
    (match = '') =>
      (/\d/.test(match) && /[A-Za-z]/.test(match)) ||
      (match.length >= 24 &&
        /[A-Z].*[A-Z].*[A-Z]/.test(match) &&
        /[a-z]/.test(match) &&
        !/^[A-Za-z][a-z]+(?:[A-Z][a-z]+)+$/.test(match))
        ? '[token]'
        : match,
  ],
];

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

/**
 * The text with every e-mail, RUT, phone-like number, token and secret value masked, however it
 * is spelled or encoded. Appointment ids (UUIDs) are no secret (reaching one needs its token) and
 * help to follow a failure: they are kept.
 */
export function redactText(text: string): string {
  // Ids are set aside behind a private-use character that no report text keeps.
  const ids: string[] = [];
  const shielded = normalised(text)
    .replace(/\uE000/g, '')
    .replace(UUID, (id) => `\uE000${ids.push(id) - 1}\uE000`);
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

const KEPT_CONTEXT: ReadonlySet<string> = new Set(ERROR_REPORT_CONTEXT_KEYS);

/** A kept context value, masked; a number that reads as a RUT or a phone is hidden whole. */
function redactValue(value: string | number | boolean | null): string | number | boolean | null {
  if (typeof value === 'string') return redactText(value);
  if (typeof value === 'number') return redactText(String(value)) === String(value) ? value : HIDDEN;
  return value;
}

/** The report as it may be logged and forwarded: nothing of a person left in it. */
export function toTrackedError(body: ErrorReportBody, now: Date = new Date()): TrackedError {
  const context: TrackedError['context'] = {};
  for (const [key, value] of Object.entries(body.context ?? {})) {
    if (KEPT_CONTEXT.has(key)) context[key] = redactValue(value);
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
