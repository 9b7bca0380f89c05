import { z } from 'zod';
import { webOrigin } from '../web-origin.ts';

/** Where the widget asks whether the page framing it may talk to it, and as what origin. */

/**
 * The framing page's origin as the widget saw it: a scheme, a host and maybe a port, nothing
 * else (a path, credentials or a query are not an origin).
 */
export const embedHostQuerySchema = z.object({
  client_id: z
    .string({ error: 'Falta el identificador de cliente (client_id).' })
    .trim()
    .min(1, 'Falta el identificador de cliente (client_id).')
    .max(100, 'El identificador de cliente es demasiado largo.'),
  parent_origin: z
    .string({ error: 'Falta el origen de la página (parent_origin).' })
    .max(300, 'El origen de la página no es válido.')
    .refine((value) => webOrigin(value) === value, 'El origen de la página no es válido.'),
});
export type EmbedHostQuery = z.infer<typeof embedHostQuerySchema>;

/**
 * allowed: the origin is one of the client's registered domains, so the widget may take the
 * host's messages and send it events. origin: laas when the host is a staff host (LAAS_HOSTS).
 */
export const embedHostSchema = z.object({
  allowed: z.boolean(),
  origin: z.enum(['sdk', 'laas']),
});
export type EmbedHost = z.infer<typeof embedHostSchema>;
