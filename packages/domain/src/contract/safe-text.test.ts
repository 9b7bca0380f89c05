import { describe, expect, it } from 'vitest';
import { isSafeText, isStorableText } from './safe-text.ts';

describe('the safe-text rule', () => {
  it.each([
    ['a line separator', 'a\u2028b'],
    ['a paragraph separator', 'a\u2029b'],
    ['a next-line C1 control', 'a\u0085b'],
    ['a right-to-left override', 'a\u202eb'],
    ['a line feed', 'a\nb'],
    ['markup', '<b>'],
  ])('refuses %s in text people read', (_case, text) => {
    expect(isSafeText(text)).toBe(false);
  });

  it('keeps what people write: accents, apostrophes, dashes, emoji and SQL-looking text', () => {
    for (const text of ["Clínica O'Higgins – Ñuñoa", '😀 sí', "' OR '1'='1"])
      expect(isSafeText(text)).toBe(true);
  });

  it('stores the separators, which PostgreSQL accepts, and refuses NUL', () => {
    expect(isStorableText('a\u2028b')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
  });
});
