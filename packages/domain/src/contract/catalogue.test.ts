import { describe, expect, it } from 'vitest';
import {
  catalogueItemSchema,
  catalogueQuerySchema,
  itemsAnswerSchema,
  searchQuerySchema,
} from './catalogue.ts';

describe('catalogue contract', () => {
  it('accepts a catalogue item with the product fields', () => {
    const item = {
      id: 12,
      name: 'Hemograma',
      price: 9990,
      resourcetype: 'Panel',
      measures: [{ id: 3, name: 'Hematocrito' }],
      cms_data: { slug: 'hemograma' },
      fast_hours: 8,
      allows_fonasa: true,
      fonasa_price: 4500,
      is_familiar: false,
      number_of_patients: null,
      tags: ['sangre'],
    };
    expect(catalogueItemSchema.parse(item)).toMatchObject(item);
    expect(itemsAnswerSchema.parse({ results: [item] }).results).toHaveLength(1);
  });

  it.each([[{ id: 1 }], [{ id: '', name: 'x' }], [{ id: 1, name: 'x', fast_hours: -1 }]])(
    'rejects %o',
    (item) => {
      expect(catalogueItemSchema.safeParse(item).success).toBe(false);
    },
  );

  it('reads repeated ids and the country of an items query', () => {
    expect(catalogueQuerySchema.parse({ ids: ['1', '2'], country: 'cl', locality: 'Las Condes' })).toEqual({
      ids: [1, 2],
      country: 'cl',
      locality: 'Las Condes',
    });
    expect(catalogueQuerySchema.safeParse({ ids: '1', country: 'ar' }).success).toBe(false);
  });

  it.each([
    [
      { country: 'Chile', category: 'all' },
      { category: null, show_all: true, query: '', item_ids: [] },
    ],
    [
      { country: 'México', category: 'lab', show_all: 'false', item_ids: '1,2', query: ' hemo ' },
      { country: 'mx', category: 'lab', show_all: false, item_ids: [1, 2] },
    ],
  ])('search query %o', (input, expected) => {
    expect(searchQuerySchema.parse(input)).toMatchObject(expected);
  });

  it.each(['Chile', 'chile', 'cl', 'México', 'mexico', 'mx'])('reads the country written %s', (country) => {
    expect(searchQuerySchema.parse({ country }).country).toBe(
      country.toLowerCase().startsWith('c') ? 'cl' : 'mx',
    );
  });

  it('refuses another country with a Spanish message naming the field', () => {
    const result = searchQuerySchema.safeParse({ country: 'ar' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain('country');
  });
});
