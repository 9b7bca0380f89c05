import type { StoredCartPatient } from '@visita/domain/contract/patients';
import type { Db } from '../db/database.ts';
import { appointments, visits } from '../db/schema.ts';
import { hashAppointmentToken, newAppointmentToken } from '../modules/appointments/access.ts';

/**
 * A scheduled appointment as finalise leaves it, on any database: a demo marketplace booking in Las
 * Condes with its patients' cart and a 20-minute hold of the nurse on the block starting at
 * `blockStart` (tests give each appointment a block of its own).
 */
export async function insertScheduledAppointment(
  db: Db,
  { patients, nurseId, blockStart }: { patients: StoredCartPatient[]; nurseId: number; blockStart: Date },
): Promise<{ id: string; token: string }> {
  const token = newAppointmentToken();
  const [row] = await db
    .insert(appointments)
    .values({
      tokenHash: hashAppointmentToken(token),
      status: 'scheduled',
      clientId: 'demo',
      salesSource: 'marketplace',
      country: 'cl',
      region: 'Región Metropolitana de Santiago',
      comuna: 'Las Condes',
      addressLine1: 'Avenida Apoquindo 4500',
      targetAddress: 'Avenida Apoquindo 4500, Las Condes',
      targetStreetNumber: '4500',
      targetLat: -33.4129,
      targetLng: -70.5799,
      patients,
    })
    .returning();
  if (!row) throw new Error('appointment insert returned nothing');
  await db.insert(visits).values({
    appointmentId: row.id,
    nurseId,
    blockStart,
    blockEnd: new Date(blockStart.getTime() + 3_600_000),
    status: 'hold',
    expiresAt: new Date(Date.now() + 20 * 60_000),
  });
  return { id: row.id, token };
}
