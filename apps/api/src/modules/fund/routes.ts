import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  personAccessDescription,
  personAccessOf,
  requirePersonAccess,
} from '../appointments/person-access.ts';
import { findAppointmentById } from '../appointments/queries.ts';
import { findClientById } from '../clients/queries.ts';
import { patientHasItem, rutStatus } from './service.ts';

/** The compensation fund's checks: RUT affiliation and items a patient already has. */
const fundRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ENDPOINTS.rutStatus.path,
    {
      config: { ipRateLimit: 'fund-checks', appointmentRateLimit: 'person-lookups' },
      onRequest: requirePersonAccess,
      schema: {
        ...SCHEMAS.rutStatus,
        tags: ['fund'],
        summary: 'Indica si el RUT está afiliado a la caja de compensación de la fuente de venta',
        description: personAccessDescription,
      },
    },
    async (request) => {
      // The fund asked about is the one behind the caller's sales source.
      const access = personAccessOf(request);
      const salesSource =
        access.kind === 'staff'
          ? ((await findClientById(app.db, access.clientId))?.salesSource ?? null)
          : ((await findAppointmentById(app.db, access.appointmentId))?.salesSource ?? null);
      return rutStatus(app.db, app.catalogue, salesSource, request.query.rut);
    },
  );

  app.get(
    ENDPOINTS.hasItem.path,
    {
      // Whether a person has had a vaccine is health data.
      config: { ipRateLimit: 'fund-checks', appointmentRateLimit: 'person-lookups' },
      onRequest: requirePersonAccess,
      schema: {
        ...SCHEMAS.hasItem,
        tags: ['fund'],
        summary: 'Indica si el paciente (por RUT) ya tiene agendado el servicio en esa fuente de venta',
        description: personAccessDescription,
      },
    },
    async (request) => patientHasItem(app.db, app.catalogue, request.query),
  );
};

export default fundRoutes;
