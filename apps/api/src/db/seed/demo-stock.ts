import type { Seed } from './run-seeds.ts';
import { findItemIdBySlug, insertOperativeStatusIfMissing } from '../../modules/operative/queries.ts';

/** Caja Los Andes sells the flu vaccine while its stock lasts (stock 1.000). */
export const INFLUENZA_VACCINE_SLUG = 'vacuna-contra-influenza';

/** The operative rows of the demo dataset. */
export const operativeDemoSeed: Seed = {
  name: 'demo-operative',
  run: async (db) => {
    const vaccineId = await findItemIdBySlug(db, 'cl', INFLUENZA_VACCINE_SLUG);
    // Without the catalogue (SEED order changed, or a trimmed catalogue) there is nothing to link.
    if (vaccineId === undefined) return;
    await insertOperativeStatusIfMissing(db, {
      salesSource: 'cajalosandes',
      active: true,
      stockItemId: vaccineId,
    });
  },
};
