import type { Db } from '../../db/database.ts';
import type { ChangeBus } from '../changes/change-bus.ts';
import { findSectorsSharingNurses } from './queries.ts';
import type { RosterCache } from './roster.ts';

/**
 * Tells every instance (this one at once, the others on NOTIFY) that a visit in `sectorId` was
 * taken, moved or freed, once that has committed. Its nurse may also serve other sectors (another
 * source's sector over the same commune, a neighbouring one): their kept answers offered her too,
 * so every sector that shares a nurse with this one is told (kept with the roster, which a change
 * of who serves where invalidates). No sector known: every sector.
 */
export async function publishAvailabilityChange(
  db: Db,
  rosters: RosterCache,
  changes: ChangeBus,
  sectorId: number | null,
): Promise<void> {
  const sectorIds =
    sectorId === null
      ? null
      : await rosters.sectorsSharingNurses(sectorId, () => findSectorsSharingNurses(db, sectorId));
  await changes.publish({ topic: 'availability', sectorIds });
}
