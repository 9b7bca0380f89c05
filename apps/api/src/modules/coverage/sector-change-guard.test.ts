import * as ERRORS from '@visita/domain/contract/api-errors';
import type { StoredCartPatient } from '@visita/domain/contract/patients';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ITEM_IDS as ID } from '../../db/seed/demo-catalogue-items.ts';
import { auditLog, nurses, visits } from '../../db/schema.ts';
import { consoleSessionFor } from '../../test-support/console-session.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createFixtureAppointment } from '../scheduling/test-fixtures.ts';
import { setConfirmed } from '../../test-support/confirmed-row.ts';

type Headers = Record<string, string>;
interface Refusal {
  err: string;
  msg: string;
  visits?: Array<{ visit_id: string; appointment_id: string; code: string; status: string }>;
}

const HOUR = 3_600_000;
// Valdivia, where no demo sector reaches.
const ring: [number, number][] = [
  [-73.22, -39.86],
  [-73.12, -39.86],
  [-73.12, -39.77],
  [-73.22, -39.77],
  [-73.22, -39.86],
];

const patientWith = (items: number[]): StoredCartPatient => ({
  first_name: 'Valentina',
  last_name: 'Morales',
  date_of_birth: '1990-04-02',
  gender: 'female',
  document_type: 'ci',
  document_number: '11.111.111-1',
  email: 'valentina@correo.cl',
  phone: '+56 9 1111 1111',
  items,
  packs: [],
  is_fonasa: false,
});

describe.each(TEST_ENGINES)("the sector change's guard of booked visits on $name", (engine) => {
  let t: TestApp;
  let coordinator: Headers;
  let nurseId: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    coordinator = (await consoleSessionFor(t.app, { role: 'coordinator' })).headers;
    const [nurse] = await t.app.db
      .insert(nurses)
      .values({ name: 'Enfermera Valdivia', skills: ['lab', 'vaccine'] })
      .returning({ id: nurses.id });
    nurseId = nurse?.id ?? 0;
  }, 60_000);
  afterAll(() => t?.close());

  const call = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method,
      url: `/api/console${url}`,
      headers: coordinator,
      ...(payload ? { payload } : {}),
    });

  const body = (changes: Record<string, unknown> = {}) => ({
    name: 'Valdivia guardado',
    sales_source: 'esencial',
    country: 'cl',
    time_zone: 'America/Santiago',
    services: ['lab', 'vaccine'],
    polygon: { type: 'Polygon', coordinates: [ring] },
    active: true,
    ...changes,
  });

  /** A visit in `sectorId` for a cart of `items`, its block starting `fromNow` ms from now. */
  async function visitIn(
    sectorId: number,
    items: number[],
    fromNow: number,
    status: 'confirmed' | 'hold' = 'confirmed',
    expiresIn = 20 * 60_000,
  ) {
    const booking = await createFixtureAppointment(t.app.db, sectorId, { salesSource: 'esencial' });
    await setConfirmed(t.app.db, booking.id, { clientId: 'demo', patients: [patientWith(items)] });
    const start = Date.now() + fromNow;
    const [visit] = await t.app.db
      .insert(visits)
      .values({
        appointmentId: booking.id,
        nurseId,
        blockStart: new Date(start),
        blockEnd: new Date(start + HOUR),
        status,
        ...(status === 'hold' ? { expiresAt: new Date(Date.now() + expiresIn) } : {}),
      })
      .returning({ id: visits.id });
    return { visitId: visit?.id ?? '', appointmentId: booking.id };
  }

  it('refuses to take a service away or deactivate the sector while visits are booked in it, unless each is kept', async () => {
    const created = await call('POST', '/coverage/sectors/', body());
    expect(created.statusCode).toBe(201);
    const sector = created.json() as { id: string };
    const id = Number(sector.id);
    // Different hours: one nurse has one visit per block.
    const lab = await visitIn(id, [ID.glicemia], 24 * HOUR);
    const vaccine = await visitIn(id, [ID.vacunaInfluenza], 26 * HOUR);
    const vaccineHold = await visitIn(id, [ID.vacunaInfluenza], 28 * HOUR, 'hold');
    // What no longer counts: a hold that lapsed, a visit already over.
    await visitIn(id, [ID.vacunaInfluenza], 30 * HOUR, 'hold', -60_000);
    await visitIn(id, [ID.vacunaInfluenza, ID.glicemia], -3 * HOUR);

    // Taking vaccination away leaves the two vaccine visits still to come without it.
    const noVaccine = await call('PUT', `/coverage/sectors/${id}/`, body({ services: ['lab'] }));
    expect(noVaccine.statusCode).toBe(409);
    const refusal = noVaccine.json() as Refusal;
    const { err, msg } = ERRORS.consoleSectorVisitsBooked(2);
    expect(refusal).toMatchObject({ err, msg });
    expect(refusal.msg).toContain('Hay 2 visitas agendadas');
    expect(refusal.visits?.map((visit) => visit.visit_id)).toEqual([vaccine.visitId, vaccineHold.visitId]);
    expect(refusal.visits?.[0]).toMatchObject({ appointment_id: vaccine.appointmentId, status: 'confirmed' });
    // Nothing changed.
    const unchanged = await call('GET', `/coverage/sectors/${id}/`);
    expect(unchanged.json()).toMatchObject({ services: ['lab', 'vaccine'], active: true });

    // Deactivating it leaves every visit still to come without service.
    const inactive = await call('PUT', `/coverage/sectors/${id}/`, body({ active: false }));
    expect(inactive.statusCode).toBe(409);
    expect((inactive.json() as Refusal).visits?.map((visit) => visit.visit_id)).toEqual([
      lab.visitId,
      vaccine.visitId,
      vaccineHold.visitId,
    ]);

    // Keeping some is not keeping all.
    const partly = await call(
      'PUT',
      `/coverage/sectors/${id}/`,
      body({ active: false, keep_visit_ids: [lab.visitId, vaccine.visitId] }),
    );
    expect(partly.statusCode).toBe(409);
    expect((partly.json() as Refusal).msg).toContain('Hay 3 visitas agendadas');

    // A change that takes nothing away passes: a new name, a service added.
    const renamed = await call('PUT', `/coverage/sectors/${id}/`, body({ name: 'Valdivia sur' }));
    expect(renamed.statusCode).toBe(200);

    // Kept, each of them: saved, and the audit names the visits kept.
    const kept = await call(
      'PUT',
      `/coverage/sectors/${id}/`,
      body({
        name: 'Valdivia sur',
        active: false,
        keep_visit_ids: [lab.visitId, vaccine.visitId, vaccineHold.visitId],
      }),
    );
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ active: false });
    // Of its audit entries (ids are not in time order), one says what was kept: that change's.
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'sector'), eq(auditLog.entityId, sector.id)));
    const withKept = audits.filter((entry) => (entry.after as { kept_visits?: unknown } | null)?.kept_visits);
    expect(withKept).toHaveLength(1);
    expect(withKept[0]?.after).toMatchObject({
      active: false,
      kept_visits: [lab.visitId, vaccine.visitId, vaccineHold.visitId],
    });

    // An inactive sector has nothing more to lose: taking a service away now passes.
    const narrowed = await call(
      'PUT',
      `/coverage/sectors/${id}/`,
      body({ name: 'Valdivia sur', active: false, services: ['lab'] }),
    );
    expect(narrowed.statusCode).toBe(200);
  });

  it('lists a single visit in the singular, and a cancelled visit no longer counts', async () => {
    const created = await call('POST', '/coverage/sectors/', body({ name: 'Valdivia norte' }));
    const id = Number((created.json() as { id: string }).id);
    const only = await visitIn(id, [ID.glicemia], 50 * HOUR);
    const refused = await call(
      'PUT',
      `/coverage/sectors/${id}/`,
      body({ name: 'Valdivia norte', active: false }),
    );
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as Refusal).msg).toMatch(/^Hay 1 visita agendada en este sector/);
    // Cancelled (its visit row goes), the sector deactivates without keeping anything.
    await t.app.db.delete(visits).where(eq(visits.id, only.visitId));
    const saved = await call(
      'PUT',
      `/coverage/sectors/${id}/`,
      body({ name: 'Valdivia norte', active: false }),
    );
    expect(saved.statusCode).toBe(200);
  });
});
