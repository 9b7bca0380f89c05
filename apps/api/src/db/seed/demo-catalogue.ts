import type { Seed } from './run-seeds.ts';
import {
  CAJA_LOS_ANDES_INFLUENZA_PRICE,
  DEMO_CATALOGUE,
  DEMO_ITEM_PRICES,
  DEMO_SUB_ITEMS,
} from './demo-catalogue-items.ts';
import {
  insertCatalogueItems,
  insertItemPrices,
  insertSubItems,
  updateSourceItemPrice,
} from '../../modules/catalogue/queries.ts';

/** The catalogue rows of the demo dataset (demo-catalogue.ts). */
export const catalogueDemoSeed: Seed = {
  name: 'demo-catalogue',
  run: async (db) => {
    await insertCatalogueItems(db, DEMO_CATALOGUE);
    for (const [parentId, itemIds] of Object.entries(DEMO_SUB_ITEMS)) {
      await insertSubItems(db, Number(parentId), itemIds);
    }
    await insertItemPrices(db, DEMO_ITEM_PRICES);
  },
};

/**
 * Databases seeded before the flu vaccine's Caja Los Andes price was its promotion price had it at
 * $0: this corrects them once (a fresh database already has the right price).
 */
export const cajaLosAndesInfluenzaPriceSeed: Seed = {
  name: 'demo-cajalosandes-influenza-price',
  run: (db) =>
    updateSourceItemPrice(db, {
      itemId: 50,
      salesSource: 'cajalosandes',
      price: CAJA_LOS_ANDES_INFLUENZA_PRICE,
    }),
};
