import type { Db } from '../../db/database.ts';
import { catalogueItems, coupons, itemPrices, packItems } from '../../db/schema.ts';

/**
 * The tests' own catalogue rows, with ids far from the demo catalogue's so both can coexist:
 * the numbers of every worked example in the pricing and coupon tests come from here.
 */
export const T = {
  hemograma: 990001,
  glicemia: 990002,
  perfil: 990003,
  chequeo: 990004,
  familiar: 990005,
  inactivo: 990006,
  sinPrecio: 990007,
  mexicano: 990008,
  vacuna: 990009,
} as const;

const base = { category: 'exam', country: 'cl' as const, resourcetype: 'Measure' as const };

export async function insertTestCatalogue(db: Db): Promise<void> {
  await db.insert(catalogueItems).values([
    {
      ...base,
      id: T.hemograma,
      name: 'Hemograma (prueba)',
      slug: 'prueba-hemograma',
      price: 8000,
      allowsFonasa: true,
      fonasaPrice: 4000,
      fonasaCopayment: 3000,
      serviceFee: 5000,
      fonasaServiceFee: 3000,
    },
    {
      ...base,
      id: T.glicemia,
      name: 'Glicemia (prueba)',
      slug: 'prueba-glicemia',
      price: 4000,
      serviceFee: 5000,
    },
    {
      ...base,
      id: T.perfil,
      resourcetype: 'Panel',
      name: 'Perfil bioquímico (prueba)',
      slug: 'prueba-perfil',
      price: 12000,
      isPromotion: true,
      promotionPrice: 10000,
      serviceFee: 7000,
    },
    {
      ...base,
      id: T.chequeo,
      resourcetype: null,
      name: 'Chequeo preventivo (prueba)',
      slug: 'prueba-chequeo',
      price: 30000,
      serviceFee: 6000,
    },
    {
      ...base,
      id: T.familiar,
      name: 'Test familiar (prueba)',
      slug: 'prueba-familiar',
      price: 10000,
      isFamiliar: true,
      numberOfPatients: 3,
      serviceFee: 5000,
    },
    {
      ...base,
      id: T.inactivo,
      name: 'Inactivo (prueba)',
      slug: 'prueba-inactivo',
      price: 1000,
      active: false,
    },
    { ...base, id: T.sinPrecio, name: 'Sin precio (prueba)', slug: 'prueba-sin-precio', price: null },
    {
      ...base,
      id: T.mexicano,
      country: 'mx',
      name: 'Biometría hemática (prueba)',
      slug: 'prueba-biometria',
      price: 250,
      serviceFee: 150,
    },
    {
      ...base,
      id: T.vacuna,
      name: 'Vacuna (prueba)',
      slug: 'prueba-vacuna',
      category: 'vaccine',
      skill: 'vaccine',
      price: 6990,
      serviceFee: 3000,
      stock: 5,
    },
  ]);
  await db.insert(packItems).values([
    { packId: T.perfil, itemId: T.glicemia },
    { packId: T.chequeo, itemId: T.hemograma },
    { packId: T.chequeo, itemId: T.glicemia },
  ]);
  await db.insert(itemPrices).values([
    { itemId: T.glicemia, salesSource: 'clinicaalemana', commune: null, price: 4500 },
    { itemId: T.glicemia, salesSource: null, commune: 'Vitacura', price: 4200 },
  ]);
  await db.insert(coupons).values([
    { code: 'PRUEBA20', discountPercent: 20 },
    { code: 'PRUEBAITEM', discountPercent: 50, itemIds: [T.glicemia] },
    { code: 'PRUEBAFUTURO', discountPercent: 10, validFrom: new Date(Date.now() + 86_400_000) },
    { code: 'PRUEBAMX', discountPercent: 10, country: 'mx' },
    { code: 'PRUEBAREDSALUD', discountPercent: 10, salesSources: ['redsalud'] },
    { code: 'PRUEBAAPAGADO', discountPercent: 10, active: false },
    { code: 'PRUEBACINCO', discountPercent: 10, maxUses: 7, usesCount: 2 },
  ]);
}
