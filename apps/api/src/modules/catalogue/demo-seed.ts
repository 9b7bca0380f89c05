import type { Seed } from '../../db/seed/run-seeds.ts';
import { DEMO_CATALOGUE, DEMO_ITEM_PRICES, DEMO_SUB_ITEMS } from './demo-catalogue.ts';
import { insertCatalogueItems, insertItemPrices, insertSubItems } from './queries.ts';

/** The catalogue rows of DESIGN.md's demo dataset (demo-catalogue.ts). */
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
