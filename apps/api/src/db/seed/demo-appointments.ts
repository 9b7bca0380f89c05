import type { Db } from '../database.ts';
import { DEMO_APOQUINDO_ADDRESS } from './demo-addresses.ts';
import type { Seed } from './run-seeds.ts';
import { findClientById } from '../../modules/clients/queries.ts';
import { findCoveringSector } from '../../modules/coverage/service.ts';
import { hashAppointmentToken } from '../../modules/appointments/access.ts';
import {
  findAppointmentById,
  findCatalogueIdsBySlug,
  insertAppointment,
  insertCartMakerIfMissing,
} from '../../modules/appointments/queries.ts';
import { cartMakerAppointmentToken } from '../../modules/appointments/service.ts';

/** The prebuilt cart of `?cart-maker=demo-cart` on the widget of client `demo`. */
const DEMO_CART_ID = 'demo-cart';

/**
 * The demo cart's appointment, with a fixed id so people and e2e tests can call it directly:
 *   GET /api/v2/appointments/6d2f1a3c-4b5e-4f60-8a71-9b0c1d2e3f40/
 *   x-appointment-token: Mwc1qATtfrbZ3q5cQbV3W6rUuJ6pUZFqLprB4eVsF-A
 * The token is `cartMakerAppointmentToken('demo-cart')`, as for every cart maker (it is derived
 * from the cart-maker id; see service.ts), and GET /api/v2/cart-maker/demo-cart/ answers it too.
 * The demo cart id is public, so this appointment is public: demo data only.
 */
export const DEMO_CART_APPOINTMENT_ID = '6d2f1a3c-4b5e-4f60-8a71-9b0c1d2e3f40';
export const DEMO_CART_APPOINTMENT_TOKEN = cartMakerAppointmentToken(DEMO_CART_ID);

/** The demo cart's first patient: two exams and a pack, looked up by slug when seeding. */
const DEMO_CART_ITEM_SLUGS = ['hemograma', 'perfil-lipidico'] as const;
const DEMO_CART_PACK_SLUGS = ['chequeo-preventivo'] as const;

async function seedDemoCart(db: Db): Promise<void> {
  const client = await findClientById(db, 'demo');
  // With SEED=demo the client always exists; a database seeded otherwise simply gets no cart.
  if (!client) return;
  if (!(await findAppointmentById(db, DEMO_CART_APPOINTMENT_ID))) {
    const sector = await findCoveringSector(
      db,
      { lat: DEMO_APOQUINDO_ADDRESS.targetLat, lng: DEMO_APOQUINDO_ADDRESS.targetLng },
      { country: client.country, salesSource: client.salesSource },
    );
    await insertAppointment(db, {
      ...DEMO_APOQUINDO_ADDRESS,
      id: DEMO_CART_APPOINTMENT_ID,
      tokenHash: hashAppointmentToken(DEMO_CART_APPOINTMENT_TOKEN),
      clientId: client.id,
      salesSource: client.salesSource,
      sectorId: sector?.id ?? null,
      sectionOrigin: 'cart-maker',
    });
  }
  // Items the catalogue does not have (yet) are left out rather than failing the whole seed.
  const bySlug = await findCatalogueIdsBySlug(db, 'cl', [...DEMO_CART_ITEM_SLUGS, ...DEMO_CART_PACK_SLUGS]);
  const idsOf = (slugs: readonly string[]) =>
    slugs.flatMap((slug) => {
      const id = bySlug.get(slug);
      return id === undefined ? [] : [{ id }];
    });
  await insertCartMakerIfMissing(db, {
    id: DEMO_CART_ID,
    appointmentId: DEMO_CART_APPOINTMENT_ID,
    discountCode: 'BIENVENIDA10',
    patients: [{ items: idsOf(DEMO_CART_ITEM_SLUGS), packs: idsOf(DEMO_CART_PACK_SLUGS) }],
  });
}

/** The appointments rows of the demo dataset: the demo cart and its appointment. */
export const appointmentsDemoSeed: Seed = {
  name: 'demo-appointments',
  run: seedDemoCart,
};
