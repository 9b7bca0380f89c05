import { describe, expect, it } from 'vitest';
import {
  allowsMoreItems,
  itemDisplayName,
  type CartItem,
  familiarPatientCount,
  includingItems,
  isPack,
  isPriced,
  isService,
  isSubitem,
  itemShare,
  moreInfoPath,
  toCartItem,
  toCartItems,
} from './cart-item.ts';

const item = (fields: Partial<CartItem> & Pick<CartItem, 'id'>): CartItem => ({
  name: `item ${fields.id}`,
  price: 1000,
  type: 'panel',
  ...fields,
});

describe('catalogue item normalisation', () => {
  it.each([
    ['Panel', 'panel'],
    ['Measure', 'measure'],
    ['MedicalService', 'medicalservice'],
    [null, 'pack'],
    [undefined, 'pack'],
    ['', 'pack'],
  ])('resourcetype %s -> type %s', (resourcetype, type) => {
    expect(toCartItem({ id: 1, name: 'x', price: 10, resourcetype })?.type).toBe(type);
  });

  it.each([
    [null, false],
    [undefined, false],
    [Number.NaN, false],
    [0, true],
    [9990, true],
  ])('price %s is priced: %s', (price, priced) => {
    expect(isPriced({ price })).toBe(priced);
    expect(toCartItem({ id: 1, name: 'x', price }) === null).toBe(!priced);
  });

  it('drops unpriced items and packs from lists', () => {
    const list = toCartItems([
      { id: 1, name: 'a', price: 10, resourcetype: 'Panel' },
      { id: 2, name: 'b', price: null },
      { id: 3, name: 'pack', price: 30 },
    ]);
    expect(list.map((i) => [i.id, i.type])).toEqual([
      [1, 'panel'],
      [3, 'pack'],
    ]);
  });
});

describe('item behaviours', () => {
  it('pack vs service', () => {
    expect(isPack(item({ id: 1, type: 'pack' }))).toBe(true);
    expect(isService(item({ id: 1, type: 'pack' }))).toBe(false);
    expect(isService(item({ id: 1, type: 'medicalservice' }))).toBe(true);
  });

  it('a sub-item is included by another item of the same patient (items or measures)', () => {
    const hemograma = item({ id: 1, name: 'Hemograma' });
    const glucosa = item({ id: '2', name: 'Glucosa' });
    const pack = item({
      id: 10,
      name: 'Chequeo',
      type: 'pack',
      items: [{ id: 1 }],
    });
    const panel = item({ id: 11, name: 'Perfil', measures: [{ id: 2 }] });
    expect(isSubitem(hemograma, [hemograma, pack])).toBe(true);
    expect(isSubitem(hemograma, [hemograma])).toBe(false);
    expect(isSubitem(glucosa, [glucosa, panel, pack])).toBe(true);
    expect(includingItems(glucosa, [glucosa, panel, pack]).map((i) => i.name)).toEqual(['Perfil']);
    // An item never includes itself.
    expect(isSubitem(pack, [item({ ...pack, items: [{ id: 10 }] })])).toBe(false);
  });

  it.each([
    [{ is_familiar: true, number_of_patients: 3 }, 3, 1 / 3],
    [{ is_familiar: true, number_of_patients: 0 }, 0, 1],
    [{ is_familiar: true, number_of_patients: null }, null, 1],
    [{ is_familiar: false, number_of_patients: 3 }, null, 1],
    [{}, null, 1],
  ])('familiar %o: count %s, share %s', (fields, count, share) => {
    expect(familiarPatientCount(fields)).toBe(count);
    expect(itemShare(fields)).toBe(share);
  });

  it.each([
    [true, true],
    [null, true],
    [undefined, true],
    [false, false],
  ])('allows_more_items_in_cart %s -> %s', (value, allowed) => {
    expect(allowsMoreItems({ allows_more_items_in_cart: value })).toBe(allowed);
  });

  it.each([
    [{ type: 'pack', slug: 'chequeo' }, '/servicios-disponibles/packs/chequeo'],
    [{ type: 'pack', slug: null }, null],
    [{ type: 'panel', slug: 'x', cms_data: { slug: 'hemograma' } }, '/wiki/hemograma'],
    [{ type: 'panel', slug: 'x', cms_data: null }, null],
    [{ type: 'measure', cms_data: { slug: null } }, null],
  ])('more-info link of %o is %s', (fields, path) => {
    expect(moreInfoPath(fields)).toBe(path);
  });
});

describe('display name for the one source that uses it', () => {
  it.each([
    [{ name: 'Hemograma', display_name: 'Hemograma completo' }, true, 'Hemograma completo'],
    [{ name: 'Hemograma', display_name: 'Hemograma completo' }, false, 'Hemograma'],
    [{ name: 'Hemograma', display_name: ' ' }, true, 'Hemograma'],
    [{ name: 'Hemograma', display_name: null }, true, 'Hemograma'],
  ])('%o (display name %s) -> %s', (subject, use, name) => {
    expect(itemDisplayName(subject, use)).toBe(name);
  });
});
