import { describe, expect, it } from 'vitest';
import { foldSearchText } from '../../search-text.ts';
import { catalogueSearchText, searchWords } from './search-text.ts';

describe('Spanish search normalisation', () => {
  it.each([
    ['Perfil lipídico', 'perfil lipidico'],
    ['GLICEMIA', 'glicemia'],
    ['Ñuñoa', 'nunoa'],
    ['Ácido úrico', 'acido urico'],
    ['  T4   libre ', 't4 libre'],
    ['Hemograma (VHS) 100%', 'hemograma vhs 100'],
    ["'; DROP TABLE catalogue_items; --", 'drop table catalogue items'],
    ['<script>alert(1)</script>', 'script alert 1 script'],
    ['ｈｅｍｏｇｒａｍａ', 'hemograma'],
    ['💉\u202ehemo\u0000', 'hemo'],
    ['Biometría hemática', 'biometria hematica'],
  ])('%j -> %j', (input, expected) => {
    expect(foldSearchText(input)).toBe(expected);
  });

  it('gives the distinct words of a query, at most eight', () => {
    expect(searchWords('Perfil  perfil LIPÍDICO')).toEqual(['perfil', 'lipidico']);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
    expect(searchWords('%_\\')).toEqual([]);
  });

  it('writes the name first and the short name second, then tags and the category in Spanish', () => {
    expect(
      catalogueSearchText({
        name: 'Vacuna contra la influenza',
        shortName: 'Vacuna influenza',
        tags: ['gripe', 'invierno'],
        category: 'vaccine',
      }),
    ).toBe(
      'vacuna contra la influenza | vacuna influenza |  | gripe invierno | vaccine vacuna vacunas vacunacion',
    );
  });
});
