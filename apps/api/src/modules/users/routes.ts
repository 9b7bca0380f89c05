import * as ERRORS from '@visita/domain/contract/api-errors';
import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  personAccessDescription,
  personAccessOf,
  requirePersonAccess,
} from '../appointments/person-access.ts';
import { findAccount, registerAccount } from './service.ts';

/** Patient accounts: find by identifier, register without password. */
const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ENDPOINTS.findByIdentifier.path,
    {
      config: { ipRateLimit: 'find-by-identifier', appointmentRateLimit: 'person-lookups' },
      onRequest: requirePersonAccess,
      schema: {
        ...SCHEMAS.findByIdentifier,
        tags: ['users'],
        summary: 'Busca la cuenta de un paciente por su identificador',
        description:
          'Chile: el RUT (con o sin puntos); México: el documento o el identificador generado. ' +
          'Un identificador desconocido responde 404 con error, err y msg. El personal del cliente ' +
          'recibe el paciente completo; la sesión de una reserva, solo su id y su correo y teléfono ' +
          `enmascarados. ${personAccessDescription}`,
      },
    },
    async (request, reply) => {
      const full = personAccessOf(request).kind === 'staff';
      const account = await findAccount(app.db, request.query.identifier, full);
      if (!account)
        return reply.code(404).send({
          error: ERRORS.PATIENT_NOT_FOUND.error,
          err: ERRORS.PATIENT_NOT_FOUND.err,
          msg: ERRORS.PATIENT_NOT_FOUND.msg,
        });
      return account;
    },
  );

  app.post(
    ENDPOINTS.registerWithoutPassword.path,
    {
      // Its 409s tell whether a RUT or an e-mail has an account: as guarded as the look-up.
      config: { ipRateLimit: 'register', appointmentRateLimit: 'person-lookups' },
      onRequest: requirePersonAccess,
      schema: {
        ...SCHEMAS.registerWithoutPassword,
        tags: ['users'],
        summary: 'Registra al paciente sin contraseña',
        description:
          'Valida con las reglas de registro y responde el access_token de la cuenta. ' +
          `409 email-already-used o patient-already-has-account. ${personAccessDescription}`,
      },
    },
    async (request, reply) => reply.code(201).send(await registerAccount(app.db, request.body)),
  );
};

export default usersRoutes;
