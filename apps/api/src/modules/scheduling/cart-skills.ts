/** What a cart asks of a nurse: the skills its items need, and the sector an appointment's address falls in. */
import type { ItemId } from '@visita/domain/contract/catalogue';
import type { StoredCartPatient } from '@visita/domain/contract/patients';
import type { Db } from '../../db/database.ts';
import type { ServiceSkill } from '../../db/schema.ts';
import type { AppointmentRow } from '../appointments/queries.ts';
import { keptSectorsOfSource, type RosterCache } from './roster.ts';
import type { CatalogueSnapshot } from '../catalogue/snapshot.ts';
import { findCoveringSector } from '../coverage/service.ts';
import { isKnownTimeZone } from './blocks.ts';
import { findSectorById, type SectorRow } from './queries.ts';
import { invalidItems, noSector } from './errors.ts';

/** Accepts the ids a query or a stored cart carries: numbers or numeric strings. */
function toItemId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null;
  if (typeof value === 'string' && /^\d{1,9}$/.test(value)) return Number(value) || null;
  if (value && typeof value === 'object' && 'id' in value) return toItemId((value as { id: unknown }).id);
  return null;
}

/**
 * The skills a nurse needs for a cart: the union of its items' skills, a pack counting through
 * its sub-items (the pack row's own skill only when it lists none). Unknown ids, or items of
 * another country, are a 400 rather than a silently wider availability.
 */
export function neededSkills(
  snapshot: CatalogueSnapshot,
  itemIds: readonly unknown[],
  country: 'cl' | 'mx',
): ServiceSkill[] {
  const skills = new Set<ServiceSkill>();
  for (const raw of itemIds) {
    const id = toItemId(raw);
    const item = id === null ? undefined : snapshot.byId.get(id);
    if (!item || item.country !== country) throw invalidItems();
    const subItems = item.resourcetype === null ? (snapshot.subItems.get(item.id) ?? []) : [];
    if (subItems.length === 0) skills.add(item.skill);
    for (const sub of subItems) {
      const subItem = snapshot.byId.get(sub.id);
      if (subItem) skills.add(subItem.skill);
    }
  }
  return [...skills].sort();
}

/** The item ids of a stored cart (appointments.patients: items and packs per patient). */
export const cartItemIds = (patients: readonly StoredCartPatient[]): ItemId[] =>
  patients.flatMap((patient) => [...patient.items, ...patient.packs]);

/** The appointment's sector: the one stored at creation, else the one covering its point now. */
export async function appointmentSector(
  db: Db,
  appointment: AppointmentRow,
  rosters: RosterCache,
): Promise<SectorRow> {
  const { sectorId } = appointment;
  const sector = sectorId
    ? await rosters.sector(sectorId, () => findSectorById(db, sectorId))
    : await findCoveringSector(
        db,
        { lat: appointment.targetLat, lng: appointment.targetLng },
        { country: appointment.country, salesSource: appointment.salesSource },
        keptSectorsOfSource(db, rosters),
      );
  if (!sector || !sector.active || !isKnownTimeZone(sector.timeZone)) throw noSector();
  return sector;
}
