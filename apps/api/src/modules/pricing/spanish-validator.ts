import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors.ts';

const spanish = z.locales.es().localeError;

/**
 * fastify-type-provider-zod's validator with zod's Spanish messages: a person reads `msg`, and
 * zod's own texts are English. Set with setValidatorCompiler inside a route plugin, so it stays
 * scoped to that plugin. The answer is the error handler's usual 400 naming the field. (A global
 * `z.config(z.locales.es())` at start-up would make this unnecessary.)
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
