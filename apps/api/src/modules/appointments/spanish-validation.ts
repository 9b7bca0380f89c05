import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors.ts';

const spanish = z.locales.es().localeError;

/**
 * The validator compiler of fastify-type-provider-zod, but with zod's Spanish messages, scoped
 * to the plugin that sets it: the contract promises a Spanish `msg` naming the field, and the
 * default zod texts are English. The error is an AppError so the one error handler answers it
 * as it is. (A global `z.config(z.locales.es())` at start-up would make this unnecessary.)
 */
export const spanishValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { error: spanish });
    if (result.success) return { value: result.data };
    const [issue] = result.error.issues;
    const where = issue?.path.join('.') ?? '';
    const message = issue?.message ?? 'La solicitud no es válida.';
    return { error: new AppError(400, 'invalid-request', where ? `${where}: ${message}` : message) };
  };

/** Characters with no place in a name or an address: controls, bidi overrides, invisible marks. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff<>]/;

/** Half of a UTF-16 pair without its other half: not text at all. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Free text that people type and other people read: no markup, no control or direction-changing
 * characters, no broken UTF-16 (PostgreSQL would refuse it with an error, not a 400). Apostrophes
 * and SQL-looking text stay allowed ("O'Higgins"); queries are parameterised.
 */
export function isSafeText(value: string): boolean {
  return !LONE_SURROGATE.test(value) && !FORBIDDEN_CHARACTERS.test(value);
}

export const UNSAFE_TEXT_MSG = 'contiene caracteres no permitidos.';

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
