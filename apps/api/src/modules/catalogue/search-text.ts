/**
 * Spanish search normalisation, shared by the rows (catalogue_items.search_text, written when
 * an item is written) and the query, so both sides meet in the same alphabet.
 */

/**
 * Lower-case, accents removed (NFKD also folds full-width letters and ligatures), 'ñ' as 'n'
 * (so 'Ñuñoa' and 'nunoa' meet), anything but a-z and 0-9 as one space. The result never holds
 * a LIKE wildcard or a quote, which keeps the search SQL free of escaping concerns.
 */
export function normaliseSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** At most this many distinct words of a query are matched; the rest add nothing but cost. */
export const MAX_QUERY_WORDS = 8;

/** The distinct normalised words of a query, in order. */
export function searchWords(query: string): string[] {
  const words = normaliseSearchText(query).split(' ').filter(Boolean);
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
    .map(normaliseSearchText)
    .join(SEARCH_TEXT_SEPARATOR);
}
