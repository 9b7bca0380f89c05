import { eq, sql } from 'drizzle-orm';
import type { ModeConfig } from '@visita/domain/contract/client-config';
import { hashApiToken } from '../../modules/clients/api-token.ts';
import { insertClientsIfMissing } from '../../modules/clients/queries.ts';
import { clients, type NewClientRow } from '../schema.ts';
import type { Seed } from './run-seeds.ts';

export const DEMO_LAAS_TOKEN = 'demo-laas-token';
export const DEMO_LAAS_LM_TOKEN = 'demo-laas-lm-token';

/**
 * The demo partner pages of /demo-host/ run on the same server as the widget, so the demo
 * clients register that server's own loopback origins: the partner site (localhost, 127.0.0.1)
 * and the staff console (console.localhost, a LAAS_HOSTS host). The port is the one this server
 * listens on (3000 unless PORT says otherwise; server.ts has validated PORT before seeding), so a
 * demo on another port (e2e) frames too. Only loopback: a seeded database put on the internet
 * by mistake lets no outside site frame its widget. Seeds run once per database.
 */
function demoDomains(port: number): string[] {
  return ['localhost', '127.0.0.1', 'console.localhost'].map((host) => `http://${host}:${port}`);
}
export const DEMO_DOMAINS = demoDomains(Number(process.env.PORT) || 3000);

const sdk = (options: ModeConfig): ModeConfig => ({
  availableFeatures: ['self-service'],
  fullPageAvailable: true,
  showBanner: true,
  show_terms_and_conditions: false,
  show_non_binary_texts: false,
  show_whatsapp_sac_button: true,
  special_indications_at_om: false,
  ...options,
});

const client = (row: NewClientRow): NewClientRow => ({ domains: DEMO_DOMAINS, ...row });

/** Every client of the demo dataset. Colours are each partner's brand-like hue. */
export const DEMO_CLIENTS: NewClientRow[] = [
  client({
    id: 'demo',
    name: 'Demo Salud',
    country: 'cl',
    salesSource: 'marketplace',
    maxPatientsPerAppointment: 5,
    sdkConfig: sdk({
      main_color: '#0F766E',
      background_logo_color: '#134E4A',
      availableFeatures: ['self-service', 'medical-order'],
    }),
  }),
  client({
    id: 'demo-mx',
    name: 'Demo Salud México',
    country: 'mx',
    salesSource: 'marketplace',
    maxPatientsPerAppointment: 5,
    sdkConfig: sdk({
      main_color: '#1D4ED8',
      background_logo_color: '#1E3A8A',
      availableFeatures: ['self-service', 'medical-order'],
    }),
  }),
  // Medical-order variants, which the product gives to two unnamed sales sources: a
  // success page on the partner's site (its demo is /demo-host/orden-recibida.html) and tracking
  // events to the host. Not in the demo dataset's list: added so both variants have a client to show them.
  client({
    id: 'demo-om-redirect',
    name: 'Demo Salud Órdenes',
    country: 'cl',
    salesSource: 'marketplace',
    maxPatientsPerAppointment: 5,
    sdkConfig: sdk({
      main_color: '#0F766E',
      background_logo_color: '#134E4A',
      availableFeatures: ['medical-order'],
      order_success_url: '/demo-host/orden-recibida.html',
    }),
  }),
  client({
    id: 'demo-om-tracking',
    name: 'Demo Salud Seguimiento',
    country: 'cl',
    salesSource: 'marketplace',
    maxPatientsPerAppointment: 5,
    sdkConfig: sdk({
      main_color: '#0F766E',
      background_logo_color: '#134E4A',
      availableFeatures: ['self-service', 'medical-order'],
      tracking_events: true,
    }),
  }),
  client({
    id: 'clinicaalemana',
    name: 'Clínica Alemana',
    country: 'cl',
    salesSource: 'clinicaalemana',
    maxPatientsPerAppointment: 4,
    sdkConfig: sdk({
      main_color: '#003B71',
      background_logo_color: '#003B71',
      discount_code: 'CLAMESDELCORAZON',
      manual_confirmation: true,
    }),
  }),
  client({
    id: 'redsalud',
    name: 'RedSalud',
    country: 'cl',
    salesSource: 'redsalud',
    sdkConfig: sdk({ main_color: '#C8102E', background_logo_color: '#FFFFFF', manual_confirmation: true }),
  }),
  client({
    id: 'esencial',
    name: 'Esencial',
    country: 'cl',
    salesSource: 'esencial',
    sdkConfig: sdk({ main_color: '#5B2C83', background_logo_color: '#5B2C83', manual_confirmation: true }),
  }),
  client({
    id: 'cruzverde',
    name: 'Cruz Verde',
    country: 'cl',
    salesSource: 'cruzverde',
    // The pharmacy collects at its counter: the booking ends at the confirmation (its profile).
    sdkConfig: sdk({
      main_color: '#00843D',
      background_logo_color: '#00843D',
      manual_confirmation: true,
      manual_confirmation_payment_status: 'Payment Pending',
    }),
  }),
  client({
    id: 'confuturo',
    name: 'Confuturo',
    country: 'cl',
    salesSource: 'confuturo',
    sdkConfig: sdk({ main_color: '#E35205', background_logo_color: '#E35205' }),
  }),
  client({
    id: 'idoktor',
    name: 'iDoktor',
    country: 'cl',
    salesSource: 'idoktor',
    sdkConfig: sdk({ main_color: '#0067B1', background_logo_color: '#0067B1', show_non_binary_texts: true }),
  }),
  client({
    id: 'laboratoriochopo',
    name: 'Laboratorio Chopo',
    country: 'mx',
    salesSource: 'laboratoriochopo',
    sdkConfig: sdk({ main_color: '#00529B', background_logo_color: '#00529B' }),
  }),
  client({
    id: 'hospitalessanangelinn',
    name: 'Hospitales San Ángel Inn',
    country: 'mx',
    salesSource: 'hospitalessanangelinn',
    sdkConfig: sdk({
      main_color: '#7A1F3D',
      background_logo_color: '#7A1F3D',
      show_whatsapp_sac_button: false,
    }),
  }),
  client({
    id: 'demo-laas',
    name: 'Demo Atención Domiciliaria',
    country: 'cl',
    salesSource: 'demo-laas',
    isLastMile: true,
    apiTokenHash: hashApiToken(DEMO_LAAS_TOKEN),
    receivers: [
      { id: 1, name: 'Mesa central' },
      { id: 2, name: 'Ejecutivo comercial' },
      { id: 3, name: 'Sucursal Providencia' },
    ],
    origins: ['Mesa central', 'Ejecutivo comercial', 'Sucursal Providencia'],
    defaultPatientEmail: 'pacientes@demo-laas.cl',
    maxPatientsPerAppointment: 6,
    laasConfig: sdk({
      main_color: '#334155',
      background_logo_color: '#334155',
      show_whatsapp_sac_button: false,
      manual_confirmation: true,
    }),
    sdkConfig: sdk({ main_color: '#334155', background_logo_color: '#334155' }),
  }),
  // Not in the demo dataset's list: a last-mile staff client whose custom flow shows the two screens the
  // product keeps outside its three flows, the appointment's origin and 'Monto a Pagar' (IVA).
  client({
    id: 'demo-laas-lm',
    name: 'Demo Última Milla',
    country: 'cl',
    salesSource: 'demo-laas',
    isLastMile: true,
    apiTokenHash: hashApiToken(DEMO_LAAS_LM_TOKEN),
    receivers: [
      { id: 1, name: 'Mesa central' },
      { id: 2, name: 'Ejecutivo comercial' },
      { id: 3, name: 'Sucursal Providencia' },
    ],
    origins: ['Mesa central', 'Ejecutivo comercial', 'Sucursal Providencia'],
    maxPatientsPerAppointment: 6,
    laasConfig: sdk({
      main_color: '#7C2D12',
      background_logo_color: '#7C2D12',
      show_whatsapp_sac_button: false,
      manual_confirmation: true,
      customFlow: [
        'address',
        'services',
        'date',
        'select-patient',
        'patient',
        'origin',
        'lm-paid-amount',
        'confirmation',
        'success',
      ],
    }),
    sdkConfig: sdk({ main_color: '#7C2D12', background_logo_color: '#7C2D12' }),
  }),
  client({
    id: 'demo-split',
    name: 'Demo Empresas',
    country: 'cl',
    salesSource: 'demo-split',
    steps: [{ value: 'split-payment', label: '¿Qué análisis clínicos paga la empresa?' }],
    maxPatientsPerAppointment: 10,
    sdkConfig: sdk({ main_color: '#4338CA', background_logo_color: '#4338CA' }),
  }),
  client({
    id: 'demo-tyc',
    name: 'Demo Términos',
    country: 'cl',
    salesSource: 'demo-tyc',
    showTyc: true,
    sdkConfig: sdk({
      main_color: '#9D174D',
      background_logo_color: '#9D174D',
      show_terms_and_conditions: true,
    }),
  }),
  client({
    id: 'cajalosandes',
    name: 'Caja Los Andes',
    country: 'cl',
    salesSource: 'cajalosandes',
    showResults: false,
    maxPatientsPerAppointment: 2,
    // Affiliates pay their copayment to the nurse: nothing is collected when the visit is confirmed.
    sdkConfig: sdk({
      main_color: '#0072CE',
      background_logo_color: '#0072CE',
      manual_confirmation: true,
      manual_confirmation_payment_status: 'Payment Pending',
    }),
  }),
];

export const demoClientsSeed: Seed = {
  name: 'demo-clients',
  run: (db) => insertClientsIfMissing(db, DEMO_CLIENTS),
};

/**
 * Partners whose colours test that the widget stays readable whatever colour is registered: a
 * light yellow (white text and a yellow focus ring would both be invisible on it). Its own seed,
 * so databases seeded before it get it too.
 */
export const DEMO_COLOUR_CLIENTS: NewClientRow[] = [
  client({
    id: 'demo-claro',
    name: 'Farmacia Clara',
    country: 'cl',
    salesSource: 'demo-claro',
    sdkConfig: sdk({ main_color: '#FFD54F', background_logo_color: '#FFD54F' }),
  }),
];

export const demoColourClientsSeed: Seed = {
  name: 'demo-colour-clients',
  run: (db) => insertClientsIfMissing(db, DEMO_COLOUR_CLIENTS),
};

const MANUAL_CONFIRMATION_KEYS = ['manual_confirmation', 'manual_confirmation_payment_status'] as const;

/**
 * Demo databases seeded before clients stored who confirms without a card get those keys added to
 * the demo clients' mode configs; everything else in them (an operator's edits) stays. On a new
 * database the clients seed has written them already and this changes nothing.
 */
export const demoManualConfirmationSeed: Seed = {
  name: 'demo-clients-manual-confirmation',
  run: async (db) => {
    for (const row of DEMO_CLIENTS) {
      for (const column of ['sdkConfig', 'laasConfig'] as const) {
        const config = row[column] ?? {};
        const keys = Object.fromEntries(
          MANUAL_CONFIRMATION_KEYS.filter((key) => config[key] !== undefined).map((key) => [
            key,
            config[key],
          ]),
        );
        if (Object.keys(keys).length === 0) continue;
        await db
          .update(clients)
          .set({ [column]: sql`coalesce(${clients[column]}, '{}'::jsonb) || ${JSON.stringify(keys)}::jsonb` })
          .where(eq(clients.id, row.id as string));
      }
    }
  },
};
