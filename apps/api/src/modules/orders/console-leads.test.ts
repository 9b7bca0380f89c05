import * as ERRORS from '@visita/domain/contract/api-errors';
import { addDays } from '@visita/domain/availability';
import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import { and, eq } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFsStorage } from '../../adapters/storage/fs-storage.ts';
import { DEMO_ITEM_IDS as ID } from '../../db/seed/demo-catalogue-items.ts';
import { appointments, auditLog, cartMakers, medicalOrders, outboxEvents } from '../../db/schema.ts';
import { consoleSessionsByRole, type ConsoleCredentials } from '../../test-support/console-session.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { confirmAppointment, pricedAtConfirmation } from '../appointments/confirmation.ts';
import { cartMakerAppointmentToken } from '../appointments/service.ts';
import { localParts } from '../scheduling/blocks.ts';
import { createFixtureSector, SANTIAGO } from '../scheduling/test-fixtures.ts';
import { insertMedicalOrder } from './queries.ts';

const UNKNOWN = '3f0b9a52-0000-4000-8000-000000000000';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

const lead = (overrides: Record<string, unknown> = {}) => ({
  address_line_1: 'Avenida Apoquindo 4500',
  target_address: 'Avenida Apoquindo 4500, Las Condes, Región Metropolitana de Santiago, Chile',
  comuna: 'Las Condes',
  region: 'Región Metropolitana de Santiago',
  zip_code: null,
  country: 'cl',
  target_street_number: '4500',
  target_address_additional_info: 'Timbre 2',
  target_apartment_number: '1203',
  target_residence_type: 'apartment',
  target_lng: -70.5799,
  target_lat: -33.4129,
  street: 'Avenida Apoquindo',
  number: '4500',
  name: 'Rosa Fuentes',
  phone: '+56911112222',
  triggered_from: 'widget',
  section_origin: 'medical-order-sdk',
  sales_source: 'marketplace',
  special_needs: null,
  email: 'rosa@correo.cl',
  insurance: null,
  ...overrides,
});

describe.each(TEST_ENGINES)("the console's medical orders on $name", (engine) => {
  let t: TestApp;
  let dataDir: string;
  let sectorId: number;
  let admin: ConsoleCredentials;
  let coordinator: ConsoleCredentials;
  let finance: ConsoleCredentials;
  let partner: ConsoleCredentials;
  const pad = (n: number) => String(n).padStart(2, '0');

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'visita-leads-'));
    t = await createTestApp(engine, { env: { DATA_DIR: dataDir } });
    ({ sectorId } = await createFixtureSector(t.app.db, [{}, {}]));
    ({ admin, coordinator, finance, partner } = await consoleSessionsByRole(t.app));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** An uploaded order with one PNG in the storage, `hoursAgo` old. */
  async function uploaded(hoursAgo = 0, overrides: Record<string, unknown> = {}) {
    const storage = createFsStorage(dataDir);
    const group = crypto.randomUUID();
    const key = `medical-orders/${group}/${crypto.randomUUID()}.png`;
    await storage.put({ key, contentType: 'image/png', size: PNG.length, body: Readable.from([PNG]) });
    const order = await insertMedicalOrder(
      t.app.db,
      {
        groupedOrdenMedicaId: group,
        clientId: 'demo',
        salesSource: 'marketplace',
        country: 'cl',
        sectorId,
        lead: lead(overrides),
        createdAt: new Date(Date.now() - hoursAgo * 3_600_000),
      },
      [{ storageKey: key, contentType: 'image/png', size: PNG.length, originalName: 'orden.png' }],
    );
    return order;
  }

  const get = (url: string, { headers }: ConsoleCredentials = admin) =>
    t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: unknown, { headers }: ConsoleCredentials = admin) =>
    t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
  const expectRefusal = (
    response: Awaited<ReturnType<typeof get>>,
    status: number,
    entry?: { err: string; msg: string },
  ) => {
    expect(response.statusCode, response.body).toBe(status);
    if (entry) expect(response.json()).toEqual({ err: entry.err, msg: entry.msg });
    else expect(response.json()).toMatchObject({ err: expect.any(String), msg: expect.any(String) });
  };

  it('lists the inbox newest or oldest first, by status, with age against the promised answer', async () => {
    const old = await uploaded(10);
    const fresh = await uploaded(0);
    const newest = await get('/api/console/leads?status=new&order=newest&limit=100');
    expect(newest.statusCode, newest.body).toBe(200);
    const ids = newest.json().results.map((row: { id: string }) => row.id);
    expect(ids.indexOf(fresh.id)).toBeLessThan(ids.indexOf(old.id));
    const oldest = (await get('/api/console/leads?status=new&order=oldest&limit=100', coordinator)).json();
    const oldRow = oldest.results.find((row: { id: string }) => row.id === old.id);
    expect(oldest.results.map((row: { id: string }) => row.id).indexOf(old.id)).toBeLessThan(
      oldest.results.map((row: { id: string }) => row.id).indexOf(fresh.id),
    );
    expect(oldRow).toMatchObject({ name: 'Rosa Fuentes', status: 'new', overdue: true, files: 1 });
    expect(oldRow.age_minutes).toBeGreaterThanOrEqual(599);
    expect(oldest.results.find((row: { id: string }) => row.id === fresh.id).overdue).toBe(false);
    expect(oldest.answer_hours).toBeGreaterThan(0);
    expectRefusal(await get('/api/console/leads?status=perdida'), 400);
  });

  it('shows a lead with its file, read back inline with its stored type, sandboxed', async () => {
    const order = await uploaded();
    const detail = await get(`/api/console/leads/${order.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const body = detail.json();
    expect(body.address).toMatchObject({ commune: 'Las Condes', apartment: '1203' });
    expect(body.files).toEqual([
      expect.objectContaining({ content_type: 'image/png', size: PNG.length, original_name: 'orden.png' }),
    ]);
    const file = await get(body.files[0].url, coordinator);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toBe('inline');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(String(file.headers['content-security-policy'])).toMatch(/^sandbox/);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expectRefusal(
      await get(`/api/console/leads/${order.id}/files/${UNKNOWN}`),
      404,
      ERRORS.CONSOLE_LEAD_FILE_NOT_FOUND,
    );
    expectRefusal(await get(`/api/console/leads/${UNKNOWN}`), 404, ERRORS.CONSOLE_LEAD_NOT_FOUND);
    expectRefusal(await get('/api/console/leads/no-es-un-id'), 400);
  });

  it('refuses finance and partner operators (403), reading or changing', async () => {
    const order = await uploaded();
    for (const who of [finance, partner]) {
      expectRefusal(await get('/api/console/leads', who), 403);
      expectRefusal(await get(`/api/console/leads/${order.id}`, who), 403);
      expectRefusal(await post(`/api/console/leads/${order.id}/status`, { status: 'contacted' }, who), 403);
    }
  });

  it('changes the status with a note, says who, audits it; booked is never set by hand', async () => {
    const order = await uploaded();
    const changed = await post(
      `/api/console/leads/${order.id}/status`,
      { status: 'contacted', note: 'Llamé, pide cotización por correo.' },
      coordinator,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      status: 'contacted',
      status_changed_by: expect.stringContaining('('),
    });
    const noted = await post(`/api/console/leads/${order.id}/notes`, { text: 'Tiene Fonasa.' });
    expect(noted.statusCode, noted.body).toBe(204);
    const detail = (await get(`/api/console/leads/${order.id}`)).json();
    expect(detail.notes.map((note: { text: string }) => note.text)).toEqual([
      'Tiene Fonasa.',
      'Llamé, pide cotización por correo.',
    ]);
    expect(detail.history[0]).toMatchObject({
      action: 'lead.status_changed',
      before: { status: 'new' },
      after: expect.objectContaining({ status: 'contacted' }),
    });
    expectRefusal(await post(`/api/console/leads/${order.id}/status`, { status: 'booked' }), 400);
    expectRefusal(await post(`/api/console/leads/${order.id}/notes`, { text: '  ' }), 400);
    expectRefusal(
      await post(`/api/console/leads/${UNKNOWN}/status`, { status: 'closed' }),
      404,
      ERRORS.CONSOLE_LEAD_NOT_FOUND,
    );
  });

  it('sends a cart link by e-mail (quoted), and its booking makes the lead booked with its appointment', async () => {
    const order = await uploaded();
    expectRefusal(
      await post(`/api/console/leads/${order.id}/cart`, { patients: [{ items: [999_999], packs: [] }] }),
      400,
      ERRORS.CONSOLE_LEAD_UNKNOWN_ITEM,
    );
    expectRefusal(
      await post(`/api/console/leads/${order.id}/cart`, {
        patients: [{ items: [ID.glicemia], packs: [ID.hemograma] }],
      }),
      400,
      ERRORS.CONSOLE_LEAD_UNKNOWN_ITEM,
    );
    expectRefusal(
      await post(`/api/console/leads/${order.id}/cart`, { patients: [{ items: [], packs: [] }] }),
      400,
    );
    const sent = await post(
      `/api/console/leads/${order.id}/cart`,
      { patients: [{ items: [ID.glicemia], packs: [] }] },
      coordinator,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const answer = sent.json();
    expect(answer).toMatchObject({ status: 'quoted', email: 'rosa@correo.cl' });
    expect(answer.url).toContain(`/demo?cart-maker=${answer.cart_maker_id}`);

    const [mail] = await t.app.db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.topic, 'lead.cart_link'), eq(outboxEvents.channel, 'email')))
      .orderBy(outboxEvents.createdAt);
    expect(mail?.payload).toMatchObject({ to: 'rosa@correo.cl', cart_maker_id: answer.cart_maker_id });
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'lead.cart_sent')));
    expect(audit?.after).toMatchObject({ status: 'quoted' });

    // The cart maker answers as the widget reads it, its appointment at the lead's address.
    const cart = await get(`/api/v2/cart-maker/${answer.cart_maker_id}/`);
    expect(cart.statusCode, cart.body).toBe(200);
    const appointmentId = cart.json().appointment.id as string;
    const [row] = await t.app.db.select().from(appointments).where(eq(appointments.id, appointmentId));
    expect(row).toMatchObject({
      comuna: 'Las Condes',
      targetApartmentNumber: '1203',
      sectionOrigin: 'cart-maker',
    });

    // The person books it: held with the cart's token, a patient, confirmed.
    const token = cartMakerAppointmentToken(answer.cart_maker_id);
    const date = addDays(localParts(new Date(), SANTIAGO).date, 3);
    const held = await t.app.inject({
      method: 'POST',
      url: `/api/v2/appointments/${appointmentId}/schedule/`,
      headers: { [APPOINTMENT_TOKEN_HEADER]: token },
      payload: { begin_date: `${date} ${pad(9)}:00:00`, end_date: `${date} ${pad(10)}:00:00` },
    });
    expect(held.statusCode, held.body).toBe(200);
    await t.app.db
      .update(appointments)
      .set({
        patients: [
          {
            first_name: 'Rosa',
            last_name: 'Fuentes',
            date_of_birth: '1980-01-01',
            gender: 'female',
            document_type: 'ci',
            document_number: '11.111.111-1',
            email: 'rosa@correo.cl',
            phone: '+56911112222',
            items: [ID.glicemia],
            packs: [],
            is_fonasa: false,
          },
        ],
      })
      .where(eq(appointments.id, appointmentId));
    await confirmAppointment(
      t.app.db,
      appointmentId,
      {
        paymentMethod: 'In address',
        paymentGateway: 'Partner',
        paymentStatus: 'Payment Pending',
      },
      pricedAtConfirmation(await t.app.catalogue(), new Date()),
    );
    const booked = (await get(`/api/console/leads/${order.id}`)).json();
    expect(booked).toMatchObject({ status: 'booked', appointment_id: appointmentId });
    expect(booked.history[0]).toMatchObject({ action: 'lead.status_changed', after: { status: 'booked' } });
    expectRefusal(
      await post(`/api/console/leads/${order.id}/status`, { status: 'closed' }),
      409,
      ERRORS.CONSOLE_LEAD_BOOKED,
    );
    const [stored] = await t.app.db.select().from(medicalOrders).where(eq(medicalOrders.id, order.id));
    expect(stored?.cartMakerId).toBe(answer.cart_maker_id);
    expect(
      await t.app.db.select().from(cartMakers).where(eq(cartMakers.id, answer.cart_maker_id)),
    ).toHaveLength(1);
  });
});
