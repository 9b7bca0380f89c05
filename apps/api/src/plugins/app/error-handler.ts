import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';

/** The text for an error that is nobody's input. */
export const UNEXPECTED_ERROR_MSG = 'Ha ocurrido un error inesperado';

/** Slugs and texts for the framework's own client errors. */
const FASTIFY_CLIENT_ERRORS: Record<string, { err: string; msg: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    err: 'invalid-json',
    msg: 'El cuerpo de la solicitud no es un JSON válido.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { err: 'invalid-json', msg: 'El cuerpo de la solicitud está vacío.' },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    err: 'payload-too-large',
    msg: 'El cuerpo de la solicitud es demasiado grande.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    err: 'unsupported-media-type',
    msg: 'El tipo de contenido no está soportado.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    err: 'invalid-request',
    msg: 'El largo declarado del cuerpo no coincide.',
  },
};

/**
 * One error handler for the whole API: every answer is `{err, msg}`; validation names the field;
 * a 5xx never leaks a message or stack (it is logged instead).
 */
export default fp(
  async function errorHandler(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
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
        return reply.code(400).send({
          err: 'invalid-request',
          msg: where && !msg.includes(`(${where})`) ? `${where}: ${msg}` : msg,
        });
      }
      const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
      const status = error.statusCode ?? 500;
      if (known && status < 500) return reply.code(status).send(known);
      if (status >= 400 && status < 500) {
        return reply.code(status).send({ err: 'invalid-request', msg: 'La solicitud no es válida.' });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send({ err: 'internal-error', msg: UNEXPECTED_ERROR_MSG });
    });

    app.setNotFoundHandler((_request, reply) => {
      reply.code(404).send({ err: 'not-found', msg: 'El recurso solicitado no existe.' });
    });
  },
  { name: 'error-handler' },
);
