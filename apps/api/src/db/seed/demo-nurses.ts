import { randomBytes } from 'node:crypto';
import { addDays } from '@visita/domain/availability';
import type { Db } from '../database.ts';
import { DEMO_APOQUINDO_ADDRESS } from './demo-addresses.ts';
import type { Seed } from './run-seeds.ts';
import {
  type appointments,
  nurseDaysOff,
  nurseSectors,
  nurseShifts,
  nurses,
  sectors,
  type ServiceSkill,
  visits,
} from '../schema.ts';
import { PAYMENT_STATUS } from '@visita/domain/cards';
import { DEFAULT_PAYMENT_GATEWAY, DEFAULT_PAYMENT_METHOD, type Gender } from '@visita/domain/constants';
import { hashAppointmentToken } from '../../modules/appointments/access.ts';
import { confirmAppointment, pricedAtConfirmation } from '../../modules/appointments/confirmation.ts';
import { insertAppointment } from '../../modules/appointments/queries.ts';
import { loadCatalogueSnapshot } from '../../modules/catalogue/snapshot.ts';
import { findCoveringSector } from '../../modules/coverage/service.ts';
import { DEMO_ITEM_IDS } from './demo-catalogue-items.ts';
import { isoWeekday, localParts, localToInstant } from '../../modules/scheduling/blocks.ts';

type Country = 'cl' | 'mx';

const ZONES: Record<Country, string> = { cl: 'America/Santiago', mx: 'America/Mexico_City' };

interface DemoNurse {
  name: string;
  country: Country;
  skills: ServiceSkill[];
  /** Monday to Friday; Saturdays are 09:00 to 14:00 for everyone. */
  weekdays: [string, string];
}

const WEEKDAYS_FULL: [string, string] = ['08:00', '18:00'];
const SATURDAY: [string, string] = ['09:00', '14:00'];

/** Every nurse serves every demo sector of their country, so each sector has availability. */
export const DEMO_NURSES: readonly DemoNurse[] = [
  {
    name: 'Camila Rojas',
    country: 'cl',
    skills: ['lab', 'vaccine', 'medical_service'],
    weekdays: WEEKDAYS_FULL,
  },
  { name: 'Javiera Muñoz', country: 'cl', skills: ['lab', 'vaccine'], weekdays: WEEKDAYS_FULL },
  { name: 'Fernanda Soto', country: 'cl', skills: ['lab', 'vaccine'], weekdays: WEEKDAYS_FULL },
  { name: 'Ignacio Pérez', country: 'cl', skills: ['lab'], weekdays: ['13:00', '18:00'] },
  { name: 'Valentina Díaz', country: 'cl', skills: ['vaccine', 'medical_service'], weekdays: WEEKDAYS_FULL },
  { name: 'Matías González', country: 'cl', skills: ['lab', 'medical_service'], weekdays: WEEKDAYS_FULL },
  {
    name: 'María Hernández',
    country: 'mx',
    skills: ['lab', 'vaccine', 'medical_service'],
    weekdays: WEEKDAYS_FULL,
  },
  { name: 'José García', country: 'mx', skills: ['lab', 'vaccine'], weekdays: WEEKDAYS_FULL },
  { name: 'Guadalupe López', country: 'mx', skills: ['lab', 'medical_service'], weekdays: WEEKDAYS_FULL },
  { name: 'Luis Martínez', country: 'mx', skills: ['vaccine'], weekdays: WEEKDAYS_FULL },
];

/** The taken blocks: every nurse of the country is booked then, so the block disappears. */
const TAKEN_TIMES = ['10:00', '11:00'];

const DEMO_ADDRESSES: Record<Country, typeof appointments.$inferInsert> = {
  cl: {
    tokenHash: '',
    salesSource: 'marketplace',
    ...DEMO_APOQUINDO_ADDRESS,
    sectionOrigin: 'demo-scheduling',
  },
  mx: {
    tokenHash: '',
    salesSource: 'marketplace',
    country: 'mx',
    region: 'Ciudad de México',
    comuna: 'Benito Juárez',
    addressLine1: 'Avenida Insurgentes Sur 1000',
    targetAddress: 'Avenida Insurgentes Sur 1000, Benito Juárez, Ciudad de México, México',
    targetStreetNumber: '1000',
    targetLat: 19.3733,
    targetLng: -99.1785,
    sectionOrigin: 'demo-scheduling',
  },
};

/** The next working day (Monday to Saturday) after today in the zone. */
function nextWorkingDay(today: string): string {
  const next = addDays(today, 1);
  return isoWeekday(next) === 7 ? addDays(next, 1) : next;
}

async function seedScheduling(db: Db, now: Date): Promise<void> {
  const sectorRows = await db.select({ id: sectors.id, country: sectors.country }).from(sectors);
  const inserted = await db
    .insert(nurses)
    .values(DEMO_NURSES.map((nurse) => ({ name: nurse.name, skills: nurse.skills })))
    .returning({ id: nurses.id });
  const nurseIds = inserted.map((row) => row.id);
  const withIds = DEMO_NURSES.map((nurse, index) => ({ ...nurse, id: nurseIds[index] ?? 0 }));

  const links = withIds.flatMap((nurse) =>
    sectorRows
      .filter((sector) => sector.country === nurse.country)
      .map((sector) => ({ nurseId: nurse.id, sectorId: sector.id })),
  );
  if (links.length > 0) await db.insert(nurseSectors).values(links);

  await db.insert(nurseShifts).values(
    withIds.flatMap((nurse) =>
      [1, 2, 3, 4, 5, 6].map((weekday) => {
        const [startsAt, endsAt] = weekday === 6 ? SATURDAY : nurse.weekdays;
        return { nurseId: nurse.id, weekday, startsAt, endsAt, timeZone: ZONES[nurse.country] };
      }),
    ),
  );

  // A couple of days off (a week and ten days ahead) for two nurses of each country.
  const daysOff = (['cl', 'mx'] as const).flatMap((country) => {
    const today = localParts(now, ZONES[country]).date;
    const ofCountry = withIds.filter((nurse) => nurse.country === country);
    return [
      { nurseId: ofCountry[1]?.id ?? 0, day: addDays(today, 7) },
      { nurseId: ofCountry[2]?.id ?? 0, day: addDays(today, 10) },
    ].filter((row) => row.nurseId > 0);
  });
  if (daysOff.length > 0) await db.insert(nurseDaysOff).values(daysOff);

  // Taken blocks: bookings made by the booking rules (a patient, the partner, its sector, a hold
  // confirmed with its frozen quote, to pay at the address), one per nurse on shift then.
  const catalogue = await loadCatalogueSnapshot(db);
  // Booked a few days ago, as a real agenda's visits were: today's figures (the daily report,
  // Finanzas by day) start empty.
  const bookedAt = new Date(now.getTime() - 3 * 24 * 60 * 60 * 1000);
  let patientIndex = 0;
  for (const country of ['cl', 'mx'] as const) {
    const zone = ZONES[country];
    const day = nextWorkingDay(localParts(now, zone).date);
    const address = DEMO_ADDRESSES[country];
    const client = DEMO_BOOKING_CLIENTS[country];
    const sector = await findCoveringSector(
      db,
      { lat: address.targetLat, lng: address.targetLng },
      { country, salesSource: client.salesSource },
    );
    if (!sector) continue;
    for (const time of TAKEN_TIMES) {
      const minutes = clockMinutes(time);
      const start = localToInstant(day, minutes, zone);
      if (start === null) continue;
      for (const nurse of withIds.filter((candidate) => candidate.country === country)) {
        const [from, to] = nurse.weekdays;
        if (minutes < clockMinutes(from) || minutes + 60 > clockMinutes(to)) continue;
        const item = DEMO_BOOKING_ITEMS[country].find((candidate) => nurse.skills.includes(candidate.skill));
        if (!item) continue;
        const patients = DEMO_BOOKING_PATIENTS[country];
        const patient = patients[patientIndex++ % patients.length];
        if (!patient) continue;
        const appointment = await insertAppointment(db, {
          ...address,
          // Nobody continues these appointments: an unknown random token closes them.
          tokenHash: hashAppointmentToken(randomBytes(32).toString('base64url')),
          clientId: client.id,
          salesSource: client.salesSource,
          sectorId: sector.id,
          status: 'scheduled',
          patients: [{ ...patient, items: [item.id], packs: [], is_fonasa: false }],
          createdAt: bookedAt,
          finalizedAt: bookedAt,
        });
        await db.insert(visits).values({
          appointmentId: appointment.id,
          nurseId: nurse.id,
          blockStart: new Date(start),
          blockEnd: new Date(start + 3_600_000),
          status: 'hold',
          expiresAt: new Date(now.getTime() + 20 * 60_000),
        });
        await confirmAppointment(
          db,
          appointment.id,
          {
            paymentMethod: DEFAULT_PAYMENT_METHOD,
            paymentGateway: DEFAULT_PAYMENT_GATEWAY,
            paymentStatus: PAYMENT_STATUS.PAYMENT_PENDING,
            confirmedAt: bookedAt,
          },
          pricedAtConfirmation(catalogue, bookedAt),
        );
      }
    }
  }
}

const clockMinutes = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

/** Who the taken blocks are booked through: each country's marketplace partner. */
const DEMO_BOOKING_CLIENTS: Record<Country, { id: string; salesSource: string }> = {
  cl: { id: 'demo', salesSource: 'marketplace' },
  mx: { id: 'demo-mx', salesSource: 'marketplace' },
};

/**
 * What each booking is for: the first item a nurse has the skill for. Vaccines last, and none in
 * Chile, where the flu vaccine's doses are counted: the demo's stock is what is left today.
 */
const DEMO_BOOKING_ITEMS: Record<Country, ReadonlyArray<{ id: number; skill: ServiceSkill }>> = {
  cl: [
    { id: DEMO_ITEM_IDS.glicemia, skill: 'lab' },
    { id: DEMO_ITEM_IDS.consultaMedica, skill: 'medical_service' },
  ],
  mx: [
    { id: DEMO_ITEM_IDS.biometriaHematica, skill: 'lab' },
    { id: DEMO_ITEM_IDS.vacunaInfluenzaMx, skill: 'vaccine' },
  ],
};

/** The demo's booked patients: made-up people, no e-mail (nobody is written to). */
const person = (
  [first, last, secondLast, born, gender, documentType, document]: readonly string[],
  phone: string,
) => ({
  first_name: first ?? '',
  second_name: null,
  last_name: last ?? '',
  second_last_name: secondLast ?? null,
  date_of_birth: born ?? '',
  gender: (gender === 'male' ? 'male' : 'female') as Gender,
  document_type: documentType as 'ci' | 'generic_id',
  document_number: document ?? '',
  phone,
});
const DEMO_BOOKING_PATIENTS: Record<Country, ReturnType<typeof person>[]> = {
  cl: [
    ['Carolina', 'Fuentes', 'Vera', '1984-03-12', 'female', 'ci', '135792462'],
    ['Rodrigo', 'Araya', 'Pino', '1979-07-30', 'male', 'ci', '98765433'],
    ['Daniela', 'Castro', 'Lagos', '1990-11-05', 'female', 'ci', '152345674'],
    ['Felipe', 'Reyes', 'Molina', '1965-01-22', 'male', 'ci', '76543216'],
    ['Antonia', 'Navarro', 'Silva', '2001-09-14', 'female', 'ci', '201234565'],
    ['Sebastián', 'Vargas', 'Toro', '1972-05-08', 'male', 'ci', '109876542'],
  ].map((row) => person(row, '+56912345678')),
  mx: [
    ['Alejandra', 'Ramírez', 'Cruz', '1988-06-17', 'female', 'generic_id', 'RACA880617MDFMRL04'],
    ['Ricardo', 'Torres', 'Flores', '1975-02-03', 'male', 'generic_id', 'TOFR750203HDFRLC09'],
    ['Sofía', 'Morales', 'Ortiz', '1995-10-25', 'female', 'generic_id', 'MOOS951025MDFRRF02'],
  ].map((row) => person(row, '+525512345678')),
};

/** The scheduling rows of the demo dataset. */
export const schedulingDemoSeed: Seed = {
  name: 'demo-scheduling',
  run: (db) => seedScheduling(db, new Date()),
};
