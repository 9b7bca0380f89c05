/**
 * The one alphabet searches meet in, for stored text and queries alike: lower-case, accents
 * removed (NFKD also folds full-width letters and ligatures), 'ñ' as 'n' (so 'Ñuñoa' and
 * 'nunoa' meet), anything but a-z and 0-9 as one space. The result never holds a LIKE wildcard
 * or a quote, which keeps search SQL free of escaping concerns.
 */
export function foldSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
