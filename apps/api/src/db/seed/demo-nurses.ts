import { randomBytes } from 'node:crypto';
import { addDays } from '@visita/domain/availability';
import type { Db } from '../database.ts';
import { DEMO_APOQUINDO_ADDRESS } from './demo-addresses.ts';
import type { Seed } from './run-seeds.ts';
import {
  appointments,
  nurseDaysOff,
  nurseSectors,
  nurseShifts,
  nurses,
  sectors,
  type ServiceSkill,
  visits,
} from '../schema.ts';
import { hashAppointmentToken } from '../../modules/appointments/access.ts';
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

  // Taken blocks: demo appointments, confirmed, one per visit (a visit belongs to one appointment).
  const bookings = (['cl', 'mx'] as const).flatMap((country) => {
    const zone = ZONES[country];
    const day = nextWorkingDay(localParts(now, zone).date);
    return TAKEN_TIMES.flatMap((time) => {
      const [hours = 0, minutes = 0] = time.split(':').map(Number);
      const start = localToInstant(day, hours * 60 + minutes, zone);
      if (start === null) return [];
      return withIds
        .filter((nurse) => nurse.country === country)
        .map((nurse) => ({ country, nurseId: nurse.id, start }));
    });
  });
  if (bookings.length === 0) return;
  const appointmentRows = await db
    .insert(appointments)
    .values(
      bookings.map((booking) => ({
        ...DEMO_ADDRESSES[booking.country],
        // Nobody continues these appointments: an unknown random token closes them.
        tokenHash: hashAppointmentToken(randomBytes(32).toString('base64url')),
        status: 'confirmed' as const,
        confirmedAt: now,
      })),
    )
    .returning({ id: appointments.id });
  await db.insert(visits).values(
    bookings.map((booking, index) => ({
      appointmentId: appointmentRows[index]?.id ?? '',
      nurseId: booking.nurseId,
      blockStart: new Date(booking.start),
      blockEnd: new Date(booking.start + 3_600_000),
      status: 'confirmed' as const,
    })),
  );
}

/** The scheduling rows of the demo dataset. */
export const schedulingDemoSeed: Seed = {
  name: 'demo-scheduling',
  run: (db) => seedScheduling(db, new Date()),
};
