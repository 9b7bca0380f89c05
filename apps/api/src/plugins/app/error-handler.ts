import * as ERRORS from '@visita/domain/contract/api-errors';
import type { ApiErrorEntry } from '@visita/domain/contract/api-errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { guardRefusal } from '../../db/guard-errors.ts';
import { AppError } from '../../errors.ts';

/** The framework's own client errors, by code. */
const FASTIFY_CLIENT_ERRORS: Record<string, ApiErrorEntry> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ERRORS.INVALID_JSON,
  FST_ERR_CTP_EMPTY_JSON_BODY: ERRORS.EMPTY_JSON,
  FST_ERR_CTP_BODY_TOO_LARGE: ERRORS.PAYLOAD_TOO_LARGE,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ERRORS.UNSUPPORTED_MEDIA_TYPE,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ERRORS.CONTENT_LENGTH_MISMATCH,
};

/** What an answer says of an entry. */
const answer = ({ err, msg }: ApiErrorEntry) => ({ err, msg });

/**
 * One error handler for the whole API: every answer is `{err, msg}`; validation names the field;
 * a 5xx never leaks a message or stack (it is logged instead).
 */
export default fp(
  async function errorHandler(app: FastifyInstance) {
    app.setErrorHandler((thrown: FastifyError, request, reply) => {
      // The database's guards refuse with a SQLSTATE of their own: the same 409 from every path.
      const error = (guardRefusal(thrown) as FastifyError | undefined) ?? thrown;
      if (error instanceof AppError) {
        return reply
          .code(error.statusCode)
          .send({ err: error.err, msg: error.msg, ...(error.fields ? { fields: error.fields } : {}) });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const [first] = error.validation;
        const path = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.') ?? '';
        const where =
          path || (first?.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') || '';
        const msg = first?.message ?? 'Solicitud inválida.';
        return reply
          .code(400)
          .send(answer(ERRORS.invalidField(where && !msg.includes(`(${where})`) ? `${where}: ${msg}` : msg)));
      }
      const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
      const status = error.statusCode ?? 500;
      if (known && status < 500) return reply.code(status).send(answer(known));
      if (status >= 400 && status < 500) {
        return reply.code(status).send(answer(ERRORS.INVALID_REQUEST));
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send(answer(ERRORS.INTERNAL_ERROR));
    });

    app.setNotFoundHandler((_request, reply) => {
      reply.code(404).send(answer(ERRORS.ROUTE_NOT_FOUND));
    });
  },
  { name: 'error-handler' },
);
