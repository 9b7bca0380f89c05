import { inArray } from 'drizzle-orm';
import { hashApiToken } from '../../modules/clients/api-token.ts';
import type { Db } from '../database.ts';
import { clients } from '../schema.ts';
import { DEMO_LAAS_LM_TOKEN, DEMO_LAAS_TOKEN } from './demo-clients.ts';
import { DEMO_LAAS_ORIGIN_TOKEN } from './demo-partner-variants.ts';

/** The staff tokens the demo seed gives its clients: written in this repository, so anyone has them. */
const PUBLIC_DEMO_TOKENS = [DEMO_LAAS_TOKEN, DEMO_LAAS_LM_TOKEN, DEMO_LAAS_ORIGIN_TOKEN];

/**
 * The clients whose staff token is still one the demo seed wrote. Read from the database rather
 * than from SEED: a database seeded once keeps the tokens after SEED=none, and a token an
 * operator rotated is no longer public.
 */
export async function clientsWithPublicDemoTokens(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: clients.id })
    .from(clients)
    .where(inArray(clients.apiTokenHash, PUBLIC_DEMO_TOKENS.map(hashApiToken)))
    .orderBy(clients.id);
  return rows.map((row) => row.id);
}

/** Whether HOST only takes connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return (
    name === 'localhost' ||
    name === '::1' ||
    /^127(?:\.\d{1,3}){3}$/.test(name) ||
    /^::ffff:127(?:\.\d{1,3}){3}$/.test(name)
  );
}

/**
 * What the start-up log says when a server others can reach accepts a public demo token, naming
 * the clients but never the token (it must not reach the logs either); null when there is
 * nothing to say: a loopback-only server, or no demo token left.
 */
export function demoCredentialsWarning(host: string, clientIds: readonly string[]): string | null {
  if (clientIds.length === 0 || isLoopbackHost(host)) return null;
  return (
    `Credenciales de demostración activas en un servidor que escucha en ${host}: el token de ` +
    `personal de ${clientIds.join(', ')} está publicado en el repositorio y cualquiera puede usarlo. ` +
    'Rótalo o revócalo (POST o DELETE /api/admin/partners/<id>/api-token), usa una base sin la ' +
    'demo (SEED=none) o escucha solo en 127.0.0.1.'
  );
}
