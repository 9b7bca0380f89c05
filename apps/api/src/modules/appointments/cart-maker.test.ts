import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import { cartMakerAnswerSchema, cartMakerWithTokenAnswerSchema } from '@visita/domain/contract/cart-maker';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, cartMakers, catalogueItems } from '../../db/schema.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { hashAppointmentToken } from './access.ts';
import {
  appointmentsDemoSeed,
  DEMO_CART_APPOINTMENT_ID,
  DEMO_CART_APPOINTMENT_TOKEN,
} from '../../db/seed/demo-appointments.ts';
import { cartMakerAppointmentToken } from './service.ts';

const notFound = { err: 'cart-maker-not-found', msg: 'El carrito no existe o ya no está disponible.' };

describe.each(TEST_ENGINES)('GET /api/v2/cart-maker/{id}/ on $name', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  const get = (id: string) => t.app.inject({ method: 'GET', url: `/api/v2/cart-maker/${id}/` });

  it('answers the demo cart without a token: its appointment, coupon and first patient', async () => {
    const response = await get('demo-cart');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(cartMakerWithTokenAnswerSchema.parse(body)).toEqual(body);
    // The product's shape still reads as the product's (the token is an addition).
    expect(cartMakerAnswerSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      appointment: { id: DEMO_CART_APPOINTMENT_ID, status: 'pending', token: DEMO_CART_APPOINTMENT_TOKEN },
      discount_code: 'BIENVENIDA10',
    });
    expect(body.patients).toHaveLength(1);
  });

  it('holds the demo items by slug, whichever of them the catalogue has', async () => {
    const rows = await t.app.db
      .select({ id: catalogueItems.id, slug: catalogueItems.slug })
      .from(catalogueItems)
      .where(eq(catalogueItems.country, 'cl'));
    const idOf = (slug: string) => rows.find((row) => row.slug === slug)?.id;
    const expected = (slugs: string[]) =>
      slugs.flatMap((slug) => {
        const id = idOf(slug);
        return id === undefined ? [] : [{ id }];
      });
    const [patient] = (await get('demo-cart')).json().patients;
    expect(patient.items).toEqual(expected(['hemograma', 'perfil-lipidico']));
    expect(patient.packs).toEqual(expected(['chequeo-preventivo']));
  });

  it('hands out a token that opens the appointment, and the documented one is it', async () => {
    const { appointment } = (await get('demo-cart')).json();
    expect(appointment.token).toBe('Mwc1qATtfrbZ3q5cQbV3W6rUuJ6pUZFqLprB4eVsF-A');
    const summary = await t.app.inject({
      method: 'GET',
      url: `/api/v2/appointments/${appointment.id}/address/`,
      headers: { [APPOINTMENT_TOKEN_HEADER]: appointment.token },
    });
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toMatchObject({
      address_line_1: 'Avenida Apoquindo 4500',
      comuna: 'Las Condes',
      region: 'Región Metropolitana de Santiago',
      target_lat: -33.4129,
      target_lng: -70.5799,
    });
  });

  it('answers a cart without an appointment, and a token no longer its own as null', async () => {
    await t.app.db
      .insert(cartMakers)
      .values({ id: 'sin-cita', discountCode: null, patients: [{ items: [], packs: [] }] });
    expect((await get('sin-cita')).json()).toEqual({
      appointment: null,
      discount_code: null,
      patients: [{ items: [], packs: [] }],
    });
    const [row] = await t.app.db
      .insert(appointments)
      .values({
        tokenHash: hashAppointmentToken('otro'),
        salesSource: 'marketplace',
        country: 'cl',
        region: 'RM',
        comuna: 'Las Condes',
        addressLine1: 'Apoquindo 1',
        targetAddress: 'Apoquindo 1',
        targetStreetNumber: '1',
        targetLat: -33.41,
        targetLng: -70.58,
      })
      .returning();
    await t.app.db.insert(cartMakers).values({ id: 'cambiado', appointmentId: row?.id, patients: [] });
    expect((await get('cambiado')).json().appointment).toEqual({
      id: row?.id,
      status: 'pending',
      token: null,
    });
    expect(cartMakerAppointmentToken('cambiado')).not.toBe(cartMakerAppointmentToken('demo-cart'));
  });

  it.each([
    ['an unknown id', 'no-existe'],
    ['SQL', encodeURIComponent("demo-cart' OR '1'='1")],
    ['a script tag', encodeURIComponent('<script>alert(1)</script>')],
    ['a NUL', '%00'],
    ['unicode oddities', encodeURIComponent('demo\u202ecart')],
    ['the demo id in upper case', 'DEMO-CART'],
  ])('answers %s with a 404 {err, msg}', async (_case, id) => {
    const response = await get(id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(notFound);
  });

  it('seeds once: running the seed again changes nothing', async () => {
    await appointmentsDemoSeed.run(t.app.db);
    const rows = await t.app.db.select().from(cartMakers).where(eq(cartMakers.id, 'demo-cart'));
    expect(rows).toHaveLength(1);
  });
});
