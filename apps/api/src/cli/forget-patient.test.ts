import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFsStorage } from '../adapters/storage/fs-storage.ts';
import type { Db } from '../db/database.ts';
import {
  appointmentSearchTerms,
  appointments,
  auditLog,
  clientPatients,
  clients,
  companyEmployees,
  couponUsePeople,
  coupons,
  fundAffiliates,
  leadNotes,
  medicalOrderFiles,
  medicalOrders,
  outboxEvents,
  patientItemClaims,
  payments,
  users,
} from '../db/schema.ts';
import { insertAppointment, insertOrder, insertPayment, person } from '../modules/retention/test-rows.ts';
import { TEST_ENGINES, type TestDatabase } from '../test-support/databases.ts';
import { runForgetPatientCli } from './forget-patient.ts';

// Ana: RUT 11.111.111-1, ana@example.cl. Bruno: 22.222.222-2, bruno@example.cl (never touched).
const ANA = { rut: '11.111.111-1', email: 'ana@example.cl' };
const BRUNO = { rut: '22.222.222-2', email: 'bruno@example.cl' };
// Carla: known only by e-mail (a Mexican patient without a RUT).
const CARLA = { document: 'PERC800203MDFRRN09', email: 'carla@example.mx' };

describe.each(TEST_ENGINES)('npm run forget-patient on $name', (engine) => {
  let testDb: TestDatabase;
  let db: Db;
  let dataDir: string;
  let storage: ReturnType<typeof createFsStorage>;
  const ids = {
    anaAlone: '',
    shared: '',
    bruno: '',
    carla: '',
    anaOrder: '',
    brunoOrder: '',
    carlaOrder: '',
  };
  const keys = { ana: '', bruno: '', carla: '' };

  beforeAll(async () => {
    testDb = await engine.create();
    await testDb.database.migrate();
    db = testDb.database.db;
    dataDir = await mkdtemp(join(tmpdir(), 'visita-forget-'));
    storage = createFsStorage(dataDir);
    const now = new Date();
    await db.insert(clients).values({ id: 'socio', name: 'Socio', country: 'cl', salesSource: 'socio' });
    await db.insert(coupons).values({ code: 'UNAVEZ', discountPercent: 10, oncePerPerson: true });

    ids.anaAlone = await insertAppointment(db, {
      patients: [person('11111111-1', ANA.email)],
      createdAt: now,
      status: 'confirmed',
      confirmedAt: now,
    });
    await insertPayment(db, ids.anaAlone, 'approved');
    ids.shared = await insertAppointment(db, {
      patients: [person(BRUNO.rut, BRUNO.email), person(ANA.rut, 'otro-correo-de-ana@example.cl')],
      createdAt: now,
    });
    ids.bruno = await insertAppointment(db, { patients: [person(BRUNO.rut, BRUNO.email)], createdAt: now });
    ids.carla = await insertAppointment(db, {
      patients: [person(CARLA.document, CARLA.email, { document_type: 'generic_id' })],
      createdAt: now,
    });

    await db.insert(users).values([
      {
        identifier: ANA.rut,
        email: ANA.email,
        firstName: 'Ana',
        lastName: 'Pérez',
        dateOfBirth: '1980-02-03',
        gender: 'female',
        documentType: 'ci',
        documentNumber: ANA.rut,
        country: 'cl',
        phone: '+56912345678',
        locale: 'cl',
        scopes: '',
        accessTokenHash: 'x',
      },
      {
        identifier: BRUNO.rut,
        email: BRUNO.email,
        firstName: 'Bruno',
        lastName: 'Díaz',
        dateOfBirth: '1970-01-01',
        gender: 'male',
        documentType: 'ci',
        documentNumber: BRUNO.rut,
        country: 'cl',
        phone: '+56987654321',
        locale: 'cl',
        scopes: '',
        accessTokenHash: 'y',
      },
    ]);
    await db.insert(clientPatients).values(
      [ANA.rut, BRUNO.rut].map((rut) => ({
        clientId: 'socio',
        firstName: 'X',
        lastName: 'Y',
        documentType: 'ci',
        documentNumber: rut,
      })),
    );
    const anaOrder = await insertOrder(db, storage, { email: 'Ana@Example.cl', createdAt: now });
    const brunoOrder = await insertOrder(db, storage, { email: BRUNO.email, createdAt: now });
    const carlaOrder = await insertOrder(db, storage, { email: CARLA.email, createdAt: now });
    ids.anaOrder = anaOrder.id;
    ids.brunoOrder = brunoOrder.id;
    ids.carlaOrder = carlaOrder.id;
    keys.ana = anaOrder.key;
    keys.bruno = brunoOrder.key;
    keys.carla = carlaOrder.key;
    await db.insert(companyEmployees).values([
      { clientId: 'socio', document: ANA.rut },
      { clientId: 'socio', document: BRUNO.rut },
    ]);
    await db.insert(fundAffiliates).values([
      { rut: ANA.rut, salesSource: 'socio' },
      { rut: BRUNO.rut, salesSource: 'socio' },
    ]);
    await db.insert(patientItemClaims).values([
      { identifier: ANA.rut, itemSlug: 'vacuna', salesSource: 'socio', appointmentId: ids.anaAlone },
      { identifier: BRUNO.rut, itemSlug: 'vacuna', salesSource: 'socio', appointmentId: ids.bruno },
    ]);
    await db.insert(couponUsePeople).values([
      { couponCode: 'UNAVEZ', person: 'ci:111111111', appointmentId: ids.anaAlone },
      { couponCode: 'UNAVEZ', person: 'ci:222222222', appointmentId: ids.bruno },
    ]);
    await db.insert(outboxEvents).values([
      {
        topic: 'appointment.confirmed',
        channel: 'email',
        appointmentId: ids.anaAlone,
        payload: { to: ANA.email, kind: 'confirmed' },
      },
      {
        topic: 'appointment.confirmed',
        channel: 'webhook',
        appointmentId: ids.shared,
        payload: { patients: [{ document_number: ANA.rut }] },
      },
      {
        topic: 'appointment.confirmed',
        channel: 'email',
        appointmentId: ids.bruno,
        payload: { to: BRUNO.email, kind: 'confirmed' },
      },
    ]);
  }, 60_000);
  afterAll(async () => {
    await testDb?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  const run = async (...args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runForgetPatientCli(db, storage, args, {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    return { code, out, err };
  };
  const dump = async () => {
    const tables = [
      appointments,
      appointmentSearchTerms,
      users,
      clientPatients,
      medicalOrders,
      medicalOrderFiles,
      leadNotes,
      companyEmployees,
      fundAffiliates,
      patientItemClaims,
      couponUsePeople,
      outboxEvents,
      payments,
      auditLog,
    ];
    return JSON.stringify(await Promise.all(tables.map((table) => db.select().from(table))));
  };

  it.each([[''], ['   '], ['12.345.678-0'], ['abc'], ['ana@'], ['11.111.111-1x']])(
    'refuses %j in Spanish with exit code 1',
    async (identifier) => {
      const result = await run(identifier);
      expect(result.code).toBe(1);
      expect(result.err[0]).toMatch(/Falta el RUT|no es un RUT válido|no es un correo válido/);
    },
  );

  it('refuses no identifier, two, and unknown options', async () => {
    expect((await run()).code).toBe(1);
    expect((await run(ANA.rut, BRUNO.rut)).err[0]).toBe('Indica una sola persona: un RUT o un correo.');
    expect((await run('--force', ANA.rut)).err[0]).toBe('No conozco la opción --force.');
  });

  it('a dry run counts and writes nothing', async () => {
    const before = await dump();
    const result = await run('111111111', '--dry-run');
    expect(result.code, result.err.join('\n')).toBe(0);
    expect(result.out[0]).toBe('Simulación (no se escribió nada) para el RUT 11.111.111-1:');
    expect(result.out).toContain('  cuentas de paciente eliminadas: 1');
    expect(await dump()).toBe(before);
    expect(existsSync(storage.pathOf(keys.ana))).toBe(true);
  });

  it('forgets by RUT every trace, keeps accounting and other people, audited without the data', async () => {
    const brunoBefore = {
      appointment: await db.select().from(appointments).where(eq(appointments.id, ids.bruno)),
      order: await db.select().from(medicalOrders).where(eq(medicalOrders.id, ids.brunoOrder)),
    };
    const paymentsBefore = await db.select().from(payments);
    const result = await run('11.111.111-1', '--operator', 'Dra. Rojas');
    expect(result.code, result.err.join('\n')).toBe(0);
    expect(result.out[0]).toBe('Datos del RUT 11.111.111-1 borrados o anonimizados:');

    // Her own appointment: no people, no address; ids, status, amounts stay; payment untouched.
    const [alone] = await db.select().from(appointments).where(eq(appointments.id, ids.anaAlone));
    expect(alone).toMatchObject({
      status: 'confirmed',
      addressLine1: '',
      targetLat: 0,
      amounts: { total: 10_000 },
      patients: [{ items: [1], packs: [], is_fonasa: false, fonasa_tier: null }],
    });
    expect(await db.select().from(payments)).toEqual(paymentsBefore);
    // The shared one: Bruno and the address stay, her entry goes.
    const [shared] = await db.select().from(appointments).where(eq(appointments.id, ids.shared));
    expect(shared?.addressLine1).toBe('Avenida Apoquindo 4500');
    expect(shared?.patients[0]).toMatchObject({ email: BRUNO.email, document_number: BRUNO.rut });
    expect(shared?.patients[1]).toEqual({ items: [1], packs: [], is_fonasa: false, fonasa_tier: null });

    expect(await db.select().from(users)).toEqual([expect.objectContaining({ identifier: BRUNO.rut })]);
    expect(await db.select().from(clientPatients)).toEqual([
      expect.objectContaining({ documentNumber: BRUNO.rut }),
    ]);
    // Her lead, found through the e-mail her account and cart carried.
    expect(await db.select().from(medicalOrders).where(eq(medicalOrders.id, ids.anaOrder))).toEqual([]);
    expect(await db.select().from(leadNotes).where(eq(leadNotes.medicalOrderId, ids.anaOrder))).toEqual([]);
    expect(existsSync(storage.pathOf(keys.ana))).toBe(false);
    expect(existsSync(storage.pathOf(keys.bruno))).toBe(true);
    expect(await db.select().from(companyEmployees)).toEqual([
      expect.objectContaining({ document: BRUNO.rut }),
    ]);
    expect(await db.select().from(fundAffiliates)).toEqual([expect.objectContaining({ rut: BRUNO.rut })]);
    const claims = await db.select().from(patientItemClaims);
    expect(claims.map((claim) => claim.identifier).sort()).toEqual([
      BRUNO.rut,
      expect.stringMatching(/^olvidado:/),
    ]);
    const uses = await db.select().from(couponUsePeople);
    expect(uses).toHaveLength(2);
    expect(uses.find((use) => use.appointmentId === ids.anaAlone)?.person).toMatch(
      /^olvidado:[0-9a-f-]{36}$/,
    );
    const events = await db.select().from(outboxEvents);
    for (const event of events.filter((event) => event.appointmentId !== ids.bruno)) {
      expect(event.payload).toEqual({ erased: true });
      expect(event.failedAt).not.toBeNull();
    }
    expect(events.find((event) => event.appointmentId === ids.bruno)).toMatchObject({
      payload: { to: BRUNO.email },
      failedAt: null,
    });

    expect(await db.select().from(appointments).where(eq(appointments.id, ids.bruno))).toEqual(
      brunoBefore.appointment,
    );
    expect(await db.select().from(medicalOrders).where(eq(medicalOrders.id, ids.brunoOrder))).toEqual(
      brunoBefore.order,
    );

    const everything = await dump();
    expect(everything).not.toMatch(/11\.111\.111|111111111|ana@example|otro-correo-de-ana/i);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'patient.forgotten'));
    expect(audit).toMatchObject({
      actor: 'Dra. Rojas',
      after: {
        appointments: 2,
        appointment_patients: 2,
        appointment_addresses: 1,
        accounts: 1,
        client_patients: 1,
        medical_orders: 1,
        medical_order_files: 1,
        lead_notes: 1,
        company_employees: 1,
        fund_affiliates: 1,
        item_claims: 1,
        coupon_uses: 1,
        outbox_events: 2,
        identifier_kind: 'rut',
      },
    });

    // Again: nothing left.
    expect((await run(ANA.rut)).out).toEqual(['No hay datos del RUT 11.111.111-1: no hay nada que borrar.']);
  });

  it('forgets by e-mail (a person without a RUT)', async () => {
    const result = await run('Carla@Example.MX');
    expect(result.code, result.err.join('\n')).toBe(0);
    const [carla] = await db.select().from(appointments).where(eq(appointments.id, ids.carla));
    expect(JSON.stringify(carla)).not.toMatch(/carla|PERC800203/i);
    expect(await db.select().from(medicalOrders).where(eq(medicalOrders.id, ids.carlaOrder))).toEqual([]);
    expect(existsSync(storage.pathOf(keys.carla))).toBe(false);
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, 'patient.forgotten'));
    expect(audits.map((audit) => audit.actor)).toEqual(expect.arrayContaining(['operator']));
    expect(JSON.stringify(audits)).not.toMatch(/carla/i);
    // Bruno is still all there.
    expect(JSON.stringify(await dump())).toMatch(/bruno@example\.cl/);
  });
});
