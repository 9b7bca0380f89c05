import { randomBytes } from 'node:crypto';
import { addDays } from '@visita/domain/availability';
import type { Db } from '../../db/database.ts';
import {
  nurseDaysOff,
  nurseSectors,
  nurseShifts,
  nurses,
  sectors,
  type ServiceSkill,
} from '../../db/schema.ts';
import { hashAppointmentToken, newAppointmentToken } from '../appointments/access.ts';
import { insertAppointment } from '../appointments/queries.ts';
import { localParts } from './blocks.ts';

export const SANTIAGO = 'America/Santiago';

export interface FixtureNurse {
  skills?: ServiceSkill[];
  active?: boolean;
  /** [weekday, startsAt, endsAt]; by default every day 00:00 to 24:00. */
  shifts?: Array<[number, string, string]>;
  daysOff?: string[];
}

const ALL_DAY: Array<[number, string, string]> = [1, 2, 3, 4, 5, 6, 7].map((weekday) => [
  weekday,
  '00:00',
  '24:00',
]);

/**
 * A sector of its own (a source nobody else uses, a square far from the demo's) with its nurses,
 * so each test owns every nurse and visit it looks at.
 */
export async function createFixtureSector(
  db: Db,
  fixtureNurses: readonly FixtureNurse[],
  options: { timeZone?: string; country?: 'cl' | 'mx' } = {},
): Promise<{ sectorId: number; nurseIds: number[]; timeZone: string }> {
  const timeZone = options.timeZone ?? SANTIAGO;
  const [sector] = await db
    .insert(sectors)
    .values({
      name: 'Sector de prueba',
      salesSource: `test-${randomBytes(4).toString('hex')}`,
      country: options.country ?? 'cl',
      services: ['lab', 'vaccine', 'medical_service'],
      polygon: [
        [
          [0, 0],
          [0.1, 0],
          [0.1, 0.1],
          [0, 0.1],
          [0, 0],
        ],
      ],
      timeZone,
    })
    .returning({ id: sectors.id });
  const sectorId = sector?.id ?? 0;
  const nurseIds: number[] = [];
  for (const nurse of fixtureNurses) {
    const [row] = await db
      .insert(nurses)
      .values({
        name: 'Enfermera de prueba',
        skills: nurse.skills ?? ['lab', 'vaccine', 'medical_service'],
        active: nurse.active ?? true,
      })
      .returning({ id: nurses.id });
    const nurseId = row?.id ?? 0;
    nurseIds.push(nurseId);
    await db.insert(nurseSectors).values({ nurseId, sectorId });
    await db.insert(nurseShifts).values(
      (nurse.shifts ?? ALL_DAY).map(([weekday, startsAt, endsAt]) => ({
        nurseId,
        weekday,
        startsAt,
        endsAt,
        timeZone,
      })),
    );
    if (nurse.daysOff?.length)
      await db.insert(nurseDaysOff).values(nurse.daysOff.map((day) => ({ nurseId, day })));
  }
  return { sectorId, nurseIds, timeZone };
}

/** An appointment in the fixture sector, with the token later calls present. */
export async function createFixtureAppointment(
  db: Db,
  sectorId: number | null,
  options: { country?: 'cl' | 'mx'; lat?: number; lng?: number; salesSource?: string } = {},
): Promise<{ id: string; token: string }> {
  const token = newAppointmentToken();
  const row = await insertAppointment(db, {
    tokenHash: hashAppointmentToken(token),
    salesSource: options.salesSource ?? 'marketplace',
    country: options.country ?? 'cl',
    region: 'Región Metropolitana de Santiago',
    comuna: 'Las Condes',
    addressLine1: 'Avenida Apoquindo 4500',
    targetAddress: 'Avenida Apoquindo 4500, Las Condes',
    targetStreetNumber: '4500',
    targetLat: options.lat ?? 0.05,
    targetLng: options.lng ?? 0.05,
    sectorId,
  });
  return { id: row.id, token };
}

/** Tomorrow in the zone: always bookable, never begun. */
export const tomorrowIn = (timeZone: string, now = new Date()) => addDays(localParts(now, timeZone).date, 1);
