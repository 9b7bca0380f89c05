import type { ClientConfig } from '@visita/domain/contract/client-config';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/database.ts';
import type { ChangeBus } from '../changes/change-bus.ts';
import type { ClientRow } from '../../db/schema.ts';
import { isStorableText } from '@visita/domain/contract/safe-text';
import { publicPartnerProfile, readPartnerProfile } from '@visita/domain/partner-profile';
import { findClientById } from './queries.ts';

/** The widget shows this for a client config 404. */

/** The client as the widget reads it:, snake_case as on the wire. */
function toClientConfig(row: ClientRow): ClientConfig {
  return {
    id: row.id,
    name: row.name,
    logo_url: row.logoUrl,
    country: row.country,
    sales_source: row.salesSource,
    receivers: row.receivers,
    origins: row.origins,
    is_last_mile: row.isLastMile,
    show_results: row.showResults,
    show_tyc: row.showTyc,
    default_patient_email: row.defaultPatientEmail,
    max_patients_per_appointment: row.maxPatientsPerAppointment,
    extra_amount: row.extraAmount,
    steps: row.steps,
    laas_config_v2: row.laasConfig,
    sdk_config_v2: row.sdkConfig,
    profile: publicPartnerProfile(readPartnerProfile(row.profile)),
  };
}

/**
 * Every widget load reads its client's config, which an operator changes rarely: keep each
 * answer (and each unknown id) for a few seconds per instance. Bounded, so unknown ids sent in
 * bulk cannot grow it; short-lived, so an edit shows everywhere within CONFIG_TTL_MS.
 */
export const CONFIG_TTL_MS = 10_000;

export function createClientConfigReader(db: Db, ttlMs = CONFIG_TTL_MS, changes?: ChangeBus) {
  const cache = new LRUCache<string, { config: ClientConfig | null }>({ max: 2000, ttl: ttlMs });
  // An edit on any instance reaches this one at once, not after the TTL.
  changes?.subscribe((change) => {
    if (change.topic === 'client') cache.delete(change.clientId);
    else if (change.topic === 'everything') cache.clear();
  });
  return async function readClientConfig(id: string): Promise<ClientConfig | null> {
    const cached = cache.get(id);
    if (cached) return cached.config;
    // An id PostgreSQL cannot store (NUL, a lone surrogate) names no client; asking would be a 500.
    if (!isStorableText(id)) return null;
    const row = await findClientById(db, id);
    const config = row ? toClientConfig(row) : null;
    cache.set(id, { config });
    return config;
  };
}
