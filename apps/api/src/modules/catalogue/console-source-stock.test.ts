import { STOCKOUT_MESSAGE } from '@visita/domain/cards';
import * as ERRORS from '@visita/domain/contract/api-errors';
import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import type { ConsoleCatalogueSourceStockAnswer } from '@visita/domain/contract/console-catalogue';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ITEM_IDS as ID } from '../../db/seed/demo-catalogue-items.ts';
import {
  appointments,
  auditLog,
  cardTokens,
  catalogueItems,
  catalogueStock,
  nurses,
  payments,
  visits,
} from '../../db/schema.ts';
import { consoleSessionFor, type ConsoleCredentials } from '../../test-support/console-session.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { hashAppointmentToken, newAppointmentToken } from '../appointments/access.ts';

const VACCINE = ID.vacunaInfluenza;
const URL = `/api/console/catalogue/${VACCINE}/source-stock`;

describe.each(TEST_ENGINES)('stock per sales source on $name', (engine) => {
  let t: TestApp;
  let admin: ConsoleCredentials;
  let coordinator: ConsoleCredentials;
  let finance: ConsoleCredentials;
  let nurseId: number;
  let block = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await consoleSessionFor(t.app, { role: 'admin' });
    coordinator = await consoleSessionFor(t.app, { role: 'coordinator' });
    finance = await consoleSessionFor(t.app, { role: 'finance' });
    const [nurse] = await t.app.db
      .insert(nurses)
      .values({ name: 'Enfermera stock por fuente', skills: ['vaccine'] })
      .returning();
    if (!nurse) throw new Error('nurse insert returned nothing');
    nurseId = nurse.id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.app.db;
  // Each test starts from the demo's shared count and no source with a count of its own.
  beforeEach(async () => {
    await db().delete(catalogueStock);
    await db().update(catalogueItems).set({ stock: 1000 }).where(eq(catalogueItems.id, VACCINE));
  });

  const sharedStock = async () =>
    (await db().select().from(catalogueItems).where(eq(catalogueItems.id, VACCINE)))[0]?.stock;
  const ownStock = async (source: string) =>
    (
      await db()
        .select()
        .from(catalogueStock)
        .where(and(eq(catalogueStock.itemId, VACCINE), eq(catalogueStock.salesSource, source)))
    )[0]?.stock;
  const setOwn = (source: string, stock: number, { headers }: ConsoleCredentials = admin) =>
    t.app.inject({ method: 'PUT', url: URL, headers, payload: { sales_source: source, stock } });
  const removeOwn = (source: string, { headers }: ConsoleCredentials = admin) =>
    t.app.inject({ method: 'DELETE', url: `${URL}?sales_source=${encodeURIComponent(source)}`, headers });
  const operative = async (source: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/v2/operative/${source}/status/` })).json();

  /** A scheduled vaccine appointment with a live hold, as finalise leaves it. */
  async function appointment(clientId: string, salesSource: string, doses = 1) {
    const token = newAppointmentToken();
    const [row] = await db()
      .insert(appointments)
      .values({
        tokenHash: hashAppointmentToken(token),
        status: 'scheduled',
        clientId,
        salesSource,
        country: 'cl',
        region: 'Región Metropolitana de Santiago',
        comuna: 'Las Condes',
        addressLine1: 'Avenida Apoquindo 4500',
        targetAddress: 'Avenida Apoquindo 4500, Las Condes',
        targetStreetNumber: '4500',
        targetLat: -33.4129,
        targetLng: -70.5799,
        patients: Array.from({ length: doses }, (_, index) => ({
          first_name: 'Paciente',
          last_name: `Número ${index + 1}`,
          email: `paciente${index + 1}@correo.cl`,
          is_fonasa: false,
          items: [VACCINE],
          packs: [],
        })),
      })
      .returning();
    if (!row) throw new Error('appointment insert returned nothing');
    block += 1;
    const blockStart = new Date(Date.UTC(2032, 0, 1) + block * 3_600_000);
    await db()
      .insert(visits)
      .values({
        appointmentId: row.id,
        nurseId,
        blockStart,
        blockEnd: new Date(blockStart.getTime() + 3_600_000),
        status: 'hold',
        expiresAt: new Date(Date.now() + 20 * 60_000),
      });
    return { id: row.id, token };
  }
  const confirm = (booking: { id: string; token: string }) =>
    t.app.inject({
      method: 'POST',
      url: `/api/appointments/${booking.id}/manual_confirm/`,
      headers: { [APPOINTMENT_TOKEN_HEADER]: booking.token },
      payload: {},
    });
  const statusOf = async (id: string) =>
    (await db().select().from(appointments).where(eq(appointments.id, id)))[0]?.status;

  it("reads the shared count and each source's own with its state; only with catalogue.manage", async () => {
    expect((await setOwn('cajalosandes', 3)).statusCode).toBe(200);
    expect((await setOwn('redsalud', 0, coordinator)).statusCode).toBe(200);
    const response = await t.app.inject({ method: 'GET', url: URL, headers: coordinator.headers });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as ConsoleCatalogueSourceStockAnswer;
    expect(answer).toMatchObject({
      item_id: VACCINE,
      shared: { stock: 1000, stock_state: 'available' },
      sources: [
        { sales_source: 'cajalosandes', stock: 3, stock_state: 'available' },
        { sales_source: 'redsalud', stock: 0, stock_state: 'out' },
      ],
    });
    // What may be added: sources partners sell with, minus those that already have a count.
    expect(answer.other_sources).toContain('marketplace');
    expect(answer.other_sources).not.toContain('cajalosandes');
    const refused = await t.app.inject({ method: 'GET', url: URL, headers: finance.headers });
    expect(refused.statusCode).toBe(403);
    expect((await setOwn('marketplace', 5, finance)).statusCode).toBe(403);
    expect((await removeOwn('cajalosandes', finance)).statusCode).toBe(403);
    expect(await ownStock('marketplace')).toBeUndefined();
    // An item with only a source's count is listed as one with a limited stock.
    await db().update(catalogueItems).set({ stock: null }).where(eq(catalogueItems.id, VACCINE));
    const limited = await t.app.inject({
      method: 'GET',
      url: '/api/console/catalogue?country=cl&limited_stock=true',
      headers: admin.headers,
    });
    expect(limited.json().results.map((row: { id: number }) => row.id)).toEqual([VACCINE]);
  });

  it("takes a source's own count at confirmation, never the shared one", async () => {
    await setOwn('cajalosandes', 5);
    const response = await confirm(await appointment('cajalosandes', 'cajalosandes', 2));
    expect(response.statusCode, response.body).toBe(200);
    expect(await ownStock('cajalosandes')).toBe(3);
    expect(await sharedStock()).toBe(1000);
  });

  it('takes the shared count for a source without one of its own', async () => {
    await setOwn('cajalosandes', 5);
    const response = await confirm(await appointment('redsalud', 'redsalud'));
    expect(response.statusCode, response.body).toBe(200);
    expect(await sharedStock()).toBe(999);
    expect(await ownStock('cajalosandes')).toBe(5);
  });

  it("refuses with stockout when the source's count is short, though the shared one has plenty", async () => {
    await setOwn('cajalosandes', 1);
    const booking = await appointment('cajalosandes', 'cajalosandes', 2);
    const response = await confirm(booking);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ err: 'stockout', msg: STOCKOUT_MESSAGE });
    // Rolled back whole: nothing taken from either count, the appointment still scheduled.
    expect(await ownStock('cajalosandes')).toBe(1);
    expect(await sharedStock()).toBe(1000);
    expect(await statusOf(booking.id)).toBe('scheduled');
  });

  it('gives the last unit of a source to exactly one of two concurrent confirmations', async () => {
    await setOwn('cajalosandes', 1);
    const first = await appointment('cajalosandes', 'cajalosandes');
    const second = await appointment('cajalosandes', 'cajalosandes');
    const responses = await Promise.all([confirm(first), confirm(second)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await ownStock('cajalosandes')).toBe(0);
    expect(await sharedStock()).toBe(1000);
  });

  it('refuses a card payment before charging when the source has no units, though the shared one has', async () => {
    await setOwn('marketplace', 0);
    const booking = await appointment('demo', 'marketplace');
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/v2/sandbox/card-tokens/',
      payload: {
        card_number: '4111111111111111',
        cardholder_name: 'APRO',
        expiration_month: 12,
        expiration_year: new Date().getUTCFullYear() + 1,
        security_code: '123',
      },
    });
    expect(token.statusCode, token.body).toBe(201);
    // What the widget pays: the quote's net price minus what is paid at home.
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/v2/cart-price/',
      payload: {
        country: 'cl',
        locality: 'Las Condes',
        source: 'marketplace',
        patients: [{ is_fonasa: false, items: [VACCINE], packs: [] }],
      },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const amount = quote.json().net_price - quote.json().payment_at_home;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v2/mercado-pago/${booking.id}/card/`,
      headers: { authorization: `Bearer ${booking.token}` },
      payload: { token: token.json().id, payment_method_id: 'visa', amount },
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toEqual({ err: 'stockout', msg: STOCKOUT_MESSAGE });
    expect((await db().select().from(cardTokens).where(eq(cardTokens.id, token.json().id)))[0]?.usedAt).toBe(
      null,
    );
    expect(await db().select().from(payments).where(eq(payments.appointmentId, booking.id))).toHaveLength(0);
  });

  it("the widget's operative state follows the source's own count when it has one", async () => {
    expect(await operative('cajalosandes')).toEqual({ active: true, reason: null });
    await setOwn('cajalosandes', 0);
    expect(await operative('cajalosandes')).toEqual({ active: false, reason: 'stockout' });
    // Its own count stands even when the shared stock runs out or turns unlimited.
    await setOwn('cajalosandes', 2);
    await db().update(catalogueItems).set({ stock: 0 }).where(eq(catalogueItems.id, VACCINE));
    expect(await operative('cajalosandes')).toEqual({ active: true, reason: null });
    await db().update(catalogueItems).set({ stock: null }).where(eq(catalogueItems.id, VACCINE));
    await setOwn('cajalosandes', 0);
    expect(await operative('cajalosandes')).toEqual({ active: false, reason: 'stockout' });
    // Removed, the source follows the shared stock again.
    const removed = await removeOwn('cajalosandes');
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json() as ConsoleCatalogueSourceStockAnswer).sources).toEqual([]);
    expect(await operative('cajalosandes')).toEqual({ active: true, reason: null });
  });

  it('audits every write as catalogue.stock_set with the source, before and after', async () => {
    await setOwn('cajalosandes', 7);
    await setOwn('cajalosandes', 4);
    await removeOwn('cajalosandes');
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'catalogue.stock_set'), eq(auditLog.entityId, String(VACCINE))));
    const mine = audits.filter((row) => (row.after as { sales_source?: string }).sales_source);
    expect(mine.slice(-3).map((row) => [row.before, row.after])).toEqual([
      [
        { sales_source: 'cajalosandes', stock: null },
        { sales_source: 'cajalosandes', stock: 7 },
      ],
      [
        { sales_source: 'cajalosandes', stock: 7 },
        { sales_source: 'cajalosandes', stock: 4 },
      ],
      [
        { sales_source: 'cajalosandes', stock: 4 },
        { sales_source: 'cajalosandes', stock: null },
      ],
    ]);
    expect(mine.at(-1)).toMatchObject({ entityType: 'catalogue_item', operatorId: expect.any(String) });
  });

  it('refuses bad values with 400 {err, msg} in Spanish, and writes nothing', async () => {
    const expectRefused = async (
      response: Awaited<ReturnType<typeof setOwn>>,
      status: number,
      entry?: { err: string; msg: string },
    ) => {
      expect(response.statusCode, response.body).toBe(status);
      const body = response.json();
      expect(body).toEqual(
        entry ? { err: entry.err, msg: entry.msg } : { err: expect.any(String), msg: expect.any(String) },
      );
      // Spanish, never the validator's English.
      expect(body.msg).not.toMatch(/expected|invalid input|required/i);
    };
    for (const stock of [-1, 2.5, '10', null, 1e12])
      await expectRefused(await setOwn('marketplace', stock as number), 400);
    for (const source of ['', '   ', 'a'.repeat(101), 'Mayúsculas', 'con espacio'])
      await expectRefused(await setOwn(source, 5), 400);
    await expectRefused(
      await setOwn('fuente-inexistente', 5),
      400,
      ERRORS.CONSOLE_CATALOGUE_STOCK_UNKNOWN_SOURCE,
    );
    const unknownItem = await t.app.inject({
      method: 'PUT',
      url: '/api/console/catalogue/999999/source-stock',
      headers: admin.headers,
      payload: { sales_source: 'marketplace', stock: 5 },
    });
    await expectRefused(unknownItem, 404, ERRORS.CONSOLE_CATALOGUE_ITEM_NOT_FOUND);
    await expectRefused(await removeOwn(''), 400);
    await expectRefused(await removeOwn('a'.repeat(101)), 400);
    await expectRefused(await removeOwn('marketplace'), 404, ERRORS.CONSOLE_CATALOGUE_SOURCE_STOCK_NOT_FOUND);
    expect(await db().select().from(catalogueStock)).toEqual([]);
  });
});
