import type { AppointmentPatient } from '@visita/domain/contract/patients';
import { INFLUENZA_VACCINE_SLUG } from '@visita/domain/contract/patients';
import { addDays } from '@visita/domain/availability';
import { PAYMENT_STATUS } from '@visita/domain/cards';
import { DEFAULT_PAYMENT_GATEWAY, DEFAULT_PAYMENT_METHOD } from '@visita/domain/constants';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../database.ts';
import { appointments, catalogueItems, nurseSectors, nurses, outboxEvents, visits } from '../schema.ts';
import { confirmAppointment, pricedAtConfirmation } from '../../modules/appointments/confirmation.ts';
import { loadCatalogueSnapshot } from '../../modules/catalogue/snapshot.ts';
import { CONSOLE_GATEWAY, insertPayment } from '../../modules/payments/queries.ts';
import { isoWeekday, localParts, localToInstant } from '../../modules/scheduling/blocks.ts';
import { DEMO_APOQUINDO_ADDRESS } from './demo-addresses.ts';
import type { Seed } from './run-seeds.ts';
import { hashAppointmentToken, newAppointmentToken } from '../../modules/appointments/access.ts';
import {
  findAppointmentById,
  findCatalogueIdsBySlug,
  insertAppointment,
} from '../../modules/appointments/queries.ts';
import { findClientById } from '../../modules/clients/queries.ts';
import { findCoveringSector } from '../../modules/coverage/service.ts';
import { insertFundAffiliatesIfMissing } from '../../modules/fund/queries.ts';
/** The demo's benefits fund (cajalosandes). */
const CAJA_LOS_ANDES = 'cajalosandes';
const SANTIAGO = 'America/Santiago';
import { insertUserIfNew } from '../../modules/users/queries.ts';
import { hashAccessToken, newAccessToken } from '../../modules/users/service.ts';

/** The demo dataset's existing patient: find_by_identifier answers it, registering it again is a 409. */
export const DEMO_PATIENT_RUT = '11.111.111-1';
export const DEMO_PATIENT_EMAIL = 'camila.gonzalez@correo.cl';

/**
 * Caja Los Andes affiliates. 11.111.111-1 has not had the influenza vaccine (has_item false, she
 * may book it); 12.345.678-5 already has it on a confirmed appointment (has_item true, a second
 * booking is refused). 22.222.222-2 is a valid RUT that is NOT affiliated (rut-status false).
 */
const DEMO_FUND_AFFILIATES = [DEMO_PATIENT_RUT, '12.345.678-5'] as const;
export const DEMO_VACCINATED_RUT = '12.345.678-5';
export const DEMO_NOT_AFFILIATED_RUT = '22.222.222-2';

/** The confirmed Caja Los Andes appointment holding the influenza vaccine for DEMO_VACCINATED_RUT. */
const DEMO_FUND_APPOINTMENT_ID = '3b9e2c71-5a4d-4e8f-9c06-7d1f2a3b4c5d';

async function seedDemoUsers(db: Db): Promise<void> {
  // The demo account's token is never handed out: it only has to exist, hashed.
  await insertUserIfNew(db, {
    identifier: DEMO_PATIENT_RUT,
    email: DEMO_PATIENT_EMAIL,
    firstName: 'Camila',
    secondName: 'Andrea',
    lastName: 'González',
    secondLastName: 'Muñoz',
    dateOfBirth: '1988-07-21',
    gender: 'female',
    documentType: 'ci',
    documentNumber: DEMO_PATIENT_RUT,
    country: 'cl',
    phone: '+56987654321',
    locale: 'cl',
    scopes: 'consulta_appointments:read',
    acquisitionSource: 'demo',
    accessTokenHash: hashAccessToken(newAccessToken()),
  });
  await insertFundAffiliatesIfMissing(
    db,
    DEMO_FUND_AFFILIATES.map((rut) => ({ rut, salesSource: CAJA_LOS_ANDES })),
  );
  await seedVaccinatedAffiliate(db);
}

async function seedVaccinatedAffiliate(db: Db): Promise<void> {
  if (await findAppointmentById(db, DEMO_FUND_APPOINTMENT_ID)) return;
  // Without the demo clients (another seed set) there is no fund to have booked with.
  if (!(await findClientById(db, CAJA_LOS_ANDES))) return;
  const vaccineId = (await findCatalogueIdsBySlug(db, 'cl', [INFLUENZA_VACCINE_SLUG])).get(
    INFLUENZA_VACCINE_SLUG,
  );
  // Without the catalogue (another seed set) there is nothing to have been vaccinated with.
  if (vaccineId === undefined) return;
  const sector = await findCoveringSector(
    db,
    { lat: DEMO_APOQUINDO_ADDRESS.targetLat, lng: DEMO_APOQUINDO_ADDRESS.targetLng },
    { country: 'cl', salesSource: CAJA_LOS_ANDES },
  );
  const patient: AppointmentPatient = {
    first_name: 'Jorge',
    second_name: 'Luis',
    last_name: 'Soto',
    second_last_name: 'Contreras',
    date_of_birth: '1961-02-09',
    gender: 'male',
    document_type: 'ci',
    document_number: DEMO_VACCINATED_RUT,
    email: 'jorge.soto@correo.cl',
    phone: '+56991234567',
    items: [vaccineId],
    packs: [],
    is_fonasa: false,
  };
  // A week ago, at 10:00 in Santiago on a weekday, by a nurse of the sector who vaccinates:
  // booked, confirmed with its frozen quote and collected at the address, as the console records
  // a visit paid there (docs/decisions/money-ledger.md).
  const now = new Date();
  let day = addDays(localParts(now, SANTIAGO).date, -7);
  while (isoWeekday(day) > 5) day = addDays(day, -1);
  const start = localToInstant(day, 10 * 60, SANTIAGO);
  const [nurse] = sector
    ? await db
        .select({ id: nurses.id })
        .from(nurses)
        .innerJoin(nurseSectors, eq(nurseSectors.nurseId, nurses.id))
        .where(and(eq(nurseSectors.sectorId, sector.id), sql`${nurses.skills} @> '["vaccine"]'::jsonb`))
        .orderBy(nurses.id)
        .limit(1)
    : [];
  if (!sector || !nurse || start === null) return;
  const finalizedAt = new Date(start - 2 * 24 * 60 * 60 * 1000);
  await insertAppointment(db, {
    ...DEMO_APOQUINDO_ADDRESS,
    id: DEMO_FUND_APPOINTMENT_ID,
    // Nobody continues this appointment: its token is thrown away.
    tokenHash: hashAppointmentToken(newAppointmentToken()),
    clientId: CAJA_LOS_ANDES,
    salesSource: CAJA_LOS_ANDES,
    sectorId: sector.id,
    status: 'scheduled',
    patients: [patient],
    finalizedAt,
  });
  await db.insert(visits).values({
    appointmentId: DEMO_FUND_APPOINTMENT_ID,
    nurseId: nurse.id,
    blockStart: new Date(start),
    blockEnd: new Date(start + 3_600_000),
    status: 'hold',
    expiresAt: new Date(now.getTime() + 20 * 60_000),
  });
  const catalogue = await loadCatalogueSnapshot(db);
  // The dose it took was taken last week: the stock the demo states (1.000) is what is left now.
  const [dose] = await db
    .select({ stock: catalogueItems.stock })
    .from(catalogueItems)
    .where(eq(catalogueItems.id, vaccineId));
  await confirmAppointment(
    db,
    DEMO_FUND_APPOINTMENT_ID,
    {
      paymentMethod: DEFAULT_PAYMENT_METHOD,
      paymentGateway: DEFAULT_PAYMENT_GATEWAY,
      paymentStatus: PAYMENT_STATUS.PAYMENT_SUCCESSFUL,
      confirmedAt: finalizedAt,
    },
    pricedAtConfirmation(catalogue, finalizedAt),
    async (tx, row) => {
      const due = row.quote?.due.at_address ?? 0;
      if (due > 0)
        await insertPayment(tx, {
          appointmentId: row.id,
          idempotencyKey: `${CONSOLE_GATEWAY}:demo`,
          gateway: CONSOLE_GATEWAY,
          method: 'cash',
          status: 'approved',
          statusDetail: 'collected',
          amount: due,
          currency: 'CLP',
        });
    },
  );
  await db
    .update(catalogueItems)
    .set({ stock: dose?.stock ?? null })
    .where(eq(catalogueItems.id, vaccineId));
  // A visit of last week is nobody's news: its confirmation e-mail is not sent.
  await db.delete(outboxEvents).where(eq(outboxEvents.appointmentId, DEMO_FUND_APPOINTMENT_ID));
  await db
    .update(appointments)
    .set({ visitOutcome: 'done', visitOutcomeAt: new Date(start + 3_600_000) })
    .where(eq(appointments.id, DEMO_FUND_APPOINTMENT_ID));
}

/** The users rows of the demo dataset, the fund's affiliates and one vaccinated affiliate. */
export const usersDemoSeed: Seed = {
  name: 'demo-users',
  run: seedDemoUsers,
};
