import { eq, sql } from 'drizzle-orm';
import {
  CERTIFICATE_BOOKING_CUTOFF,
  CERTIFICATE_HOURS,
  RAPID_ANTIGEN_RESULTS_MINUTES,
} from '@visita/domain/constants';
import type { CountryCode } from '@visita/domain/locale';
import type { ModeConfig } from '@visita/domain/contract/client-config';
import { hashApiToken } from '../../modules/clients/api-token.ts';
import { insertClientsIfMissing } from '../../modules/clients/queries.ts';
import { insertCouponsIfMissing } from '../../modules/coupons/queries.ts';
import { catalogueSearchText } from '../../modules/catalogue/search-text.ts';
import type { NewCatalogueItem } from '../../modules/catalogue/queries.ts';
import type { Db } from '../database.ts';
import { catalogueItems, clients, type NewClientRow } from '../schema.ts';
import { DEMO_DOMAINS } from './demo-clients.ts';
import type { Seed } from './run-seeds.ts';

/**
 * Per-partner variants the product has that the first demo partners did not show. Each is its own
 * seed, so databases seeded before it get it too, and each only adds: a profile key is merged into
 * what the partner stores (an operator's other settings stay), a row is inserted when missing.
 */

export const DEMO_LAAS_ORIGIN_TOKEN = 'demo-laas-origen-token';

/** A staff console whose origin step lists its receivers only: no 'Otro' with free text. */
const ORIGIN_WITHOUT_OTHER_CLIENT: NewClientRow = {
  id: 'demo-laas-origen',
  name: 'Demo Origen Cerrado',
  country: 'cl',
  salesSource: 'demo-laas-origen',
  apiTokenHash: hashApiToken(DEMO_LAAS_ORIGIN_TOKEN),
  receivers: [
    { id: 1, name: 'Mesa central' },
    { id: 2, name: 'Ejecutivo comercial' },
  ],
  origins: ['Mesa central', 'Ejecutivo comercial'],
  maxPatientsPerAppointment: 6,
  laasConfig: {
    main_color: '#365314',
    background_logo_color: '#365314',
    show_whatsapp_sac_button: false,
    manual_confirmation: true,
    customFlow: [
      'address',
      'services',
      'date',
      'select-patient',
      'patient',
      'origin',
      'confirmation',
      'success',
    ],
  } satisfies ModeConfig,
  sdkConfig: { main_color: '#365314', background_logo_color: '#365314' } satisfies ModeConfig,
  profile: { rules: { origin_other: false } },
};

/**
 * Sets one key of a stored profile, creating the objects on its way; an object value is merged
 * into what is there (its other keys stay), anything else replaces it.
 */
async function setProfileKey(db: Db, clientId: string, path: readonly string[], value: unknown) {
  let expression = sql`coalesce(${clients.profile}, '{}'::jsonb)`;
  for (let depth = 1; depth < path.length; depth++) {
    const prefix = `{${path.slice(0, depth).join(',')}}`;
    expression = sql`jsonb_set(${expression}, ${prefix}::text[], coalesce(${clients.profile} #> ${prefix}::text[], '{}'::jsonb), true)`;
  }
  const full = `{${path.join(',')}}`;
  const json = JSON.stringify(value);
  const leaf =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? sql`coalesce(${clients.profile} #> ${full}::text[], '{}'::jsonb) || ${json}::jsonb`
      : sql`${json}::jsonb`;
  await db
    .update(clients)
    .set({ profile: sql`jsonb_set(${expression}, ${full}::text[], ${leaf}, true)` })
    .where(eq(clients.id, clientId));
}

/** The clients this seed adds. */
export const DEMO_VARIANT_CLIENTS: NewClientRow[] = [
  { domains: DEMO_DOMAINS, ...ORIGIN_WITHOUT_OTHER_CLIENT },
];

/** Profile keys each demo partner gains (partner id, path in the profile, value). */
const PROFILE_ADDITIONS: ReadonlyArray<readonly [string, readonly string[], unknown]> = [
  // A channel's own success screen: title and subtitle.
  [
    'confuturo',
    ['copy', 'steps', 'success'],
    {
      title: '¡Tu beneficio Confuturo está agendado!',
      subtitle: 'Un especialista te visitará en la fecha y hora que elegiste.',
    },
  ],
  // The second source whose visits always include a fixed service (the first is esencial).
  ['redsalud', ['rules', 'extra_service_ids'], [1]],
  // The referral line in Mexico: '{amount}' reads $180 there.
  [
    'laboratoriochopo',
    ['copy', 'referral_amount'],
    'Invita a alguien a agendar con tu cupón y gana {amount} en tu próxima visita.',
  ],
];

export const demoPartnerVariantsSeed: Seed = {
  name: 'demo-partner-variants',
  run: async (db) => {
    await insertClientsIfMissing(db, DEMO_VARIANT_CLIENTS);
    for (const [id, path, value] of PROFILE_ADDITIONS) await setProfileKey(db, id, path, value);
  },
};

/** The fund's mental-health campaign: only through Caja Los Andes, in Chile. */
export const demoMentalHealthCouponSeed: Seed = {
  name: 'demo-coupon-cajalosandes-salud-mental',
  run: (db) =>
    insertCouponsIfMissing(db, [
      { code: 'CAJALOSANDESSALUDMENTAL', discountPercent: 20, salesSources: ['cajalosandes'], country: 'cl' },
    ]),
};

/** The rapid antigen test's facts: results in 15 minutes, a certificate for negative results only. */
export const antigenDescription = (country: CountryCode): string =>
  `Resultado en ${RAPID_ANTIGEN_RESULTS_MINUTES} minutos; certificado en ${CERTIFICATE_HOURS[country]} horas ` +
  `si agendas antes de las ${CERTIFICATE_BOOKING_CUTOFF}, solo para resultados negativos.`;

/** The Chilean antigen test (catalogue id 41) and its Mexican twin. */
const DEMO_ANTIGEN_IDS = { cl: 41, mx: 222 } as const;

const MEXICAN_ANTIGEN: NewCatalogueItem = {
  id: DEMO_ANTIGEN_IDS.mx,
  country: 'mx',
  category: 'exam',
  skill: 'lab',
  resourcetype: 'Measure',
  name: 'Prueba de antígeno COVID-19',
  shortName: 'Antígeno rápido SARS-CoV-2',
  slug: 'prueba-de-antigeno-covid-19',
  cmsSlug: 'prueba-de-antigeno-covid-19',
  description: antigenDescription('mx'),
  price: 450,
  serviceFee: 99,
  fonasaServiceFee: 0,
  resultsHours: 1,
  tags: ['covid', 'coronavirus', 'viaje', 'hisopado'],
};

export const demoAntigenSeed: Seed = {
  name: 'demo-antigen-certificate',
  run: async (db) => {
    await db
      .insert(catalogueItems)
      .values({ ...MEXICAN_ANTIGEN, searchText: catalogueSearchText(MEXICAN_ANTIGEN) })
      .onConflictDoNothing({ target: catalogueItems.id });
    await db
      .update(catalogueItems)
      .set({ description: antigenDescription('cl') })
      .where(eq(catalogueItems.id, DEMO_ANTIGEN_IDS.cl));
  },
};
