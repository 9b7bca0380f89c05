import { foldSearchText } from '../../search-text.ts';

/**
 * Spanish search normalisation, shared by the rows (catalogue_items.search_text, written when
 * an item is written) and the query, so both sides meet in the same alphabet.
 */

/** At most this many distinct words of a query are matched; the rest add nothing but cost. */
const MAX_QUERY_WORDS = 8;

/** The distinct normalised words of a query, in order. */
export function searchWords(query: string): string[] {
  const words = foldSearchText(query).split(' ').filter(Boolean);
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}

/** Spanish words for each category code, so 'vacuna' or 'examen' find the category's items. */
const CATEGORY_WORDS: Record<string, string> = {
  exam: 'examen examenes laboratorio',
  pack: 'pack paquete chequeo',
  vaccine: 'vacuna vacunas vacunacion',
  medical_service: 'servicio medico',
};

/** Separates the fields of search_text; holds no a-z/0-9, so no query word can span it. */
export const SEARCH_TEXT_SEPARATOR = ' | ';

export interface SearchableItem {
  name: string;
  shortName?: string | null;
  displayName?: string | null;
  tags?: readonly string[] | null;
  category: string;
}

/**
 * The search_text of a row: normalised name | short name | display name | tags | category.
 * The name comes first and the short name second because ranking reads them back by position.
 */
export function catalogueSearchText(item: SearchableItem): string {
  return [
    item.name,
    item.shortName ?? '',
    item.displayName ?? '',
    (item.tags ?? []).join(' '),
    `${item.category} ${CATEGORY_WORDS[item.category] ?? ''}`,
  ]
    .map(foldSearchText)
    .join(SEARCH_TEXT_SEPARATOR);
}
