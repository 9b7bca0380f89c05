import type { z } from 'zod';

/**
 * The text rule of the contract's requests. Queries are parameterised, so SQL-looking text is
 * harmless and stays allowed; what is refused is text PostgreSQL cannot store (it would be a 500,
 * not a 400) and, in fields people read, markup and direction-changing characters.
 */

/**
 * Control characters (NUL among them) and lone UTF-16 surrogates: PostgreSQL refuses them with an
 * error, so text that reaches a query must not carry them, or a typo becomes a 500.
 */
const UNSTORABLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * What people read must not hide: C1 controls, zero-width and direction-changing characters, the
 * line and paragraph separators (they break a line as a newline does), markup.
 */
const UNREADABLE = /[\u0080-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff<>]/;

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/**
 * Free text that people type and other people read: no markup, no control or direction-changing
 * characters, no broken UTF-16 (PostgreSQL would refuse it with an error, not a 400). Apostrophes
 * and SQL-looking text stay allowed ("O'Higgins"); queries are parameterised.
 */
export function isSafeText(value: string): boolean {
  return isStorableText(value) && !UNREADABLE.test(value);
}

const UNSAFE_TEXT_MSG = 'contiene caracteres no permitidos.';

/** Adds the safe-text rule to every string field (one level deep, and one level of nested objects). */
export function refineSafeText<T extends z.ZodType>(schema: T) {
  return schema.superRefine((value, context) => {
    const visit = (entry: unknown, path: (string | number)[]) => {
      if (typeof entry === 'string') {
        if (!isSafeText(entry)) context.addIssue({ code: 'custom', path, message: UNSAFE_TEXT_MSG });
      } else if (entry && typeof entry === 'object' && path.length < 2) {
        for (const [key, nested] of Object.entries(entry)) visit(nested, [...path, key]);
      }
    };
    visit(value, []);
  });
}
