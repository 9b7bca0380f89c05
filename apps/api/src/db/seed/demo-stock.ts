import type { Seed } from './run-seeds.ts';
import { findItemIdBySlug, insertOperativeStatusIfMissing } from '../../modules/operative/queries.ts';
import { catalogueStock } from '../schema.ts';

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

/** Red Salud's own doses of the flu vaccine: it takes from them, every other source from the shared 1.000. */
export const REDSALUD_INFLUENZA_DOSES = 200;

/**
 * A source with a stock of its own in the demo (the console's 'Existencias por fuente'). Its own
 * seed name, so databases seeded before it get it too; a count an operator changed is kept.
 */
export const sourceStockDemoSeed: Seed = {
  name: 'demo-source-stock',
  run: async (db) => {
    const vaccineId = await findItemIdBySlug(db, 'cl', INFLUENZA_VACCINE_SLUG);
    if (vaccineId === undefined) return;
    await db
      .insert(catalogueStock)
      .values({ itemId: vaccineId, salesSource: 'redsalud', stock: REDSALUD_INFLUENZA_DOSES })
      .onConflictDoNothing();
  },
};
