import { describe, expect, it } from 'vitest';
import { normalizeName, validateName } from './name.ts';
import { isBlank, REQUIRED_FIELD_MESSAGE } from './required.ts';

describe('names are trimmed and normalised', () => {
  it.each([
    ['  Ana  ', 'Ana'],
    ['María   José', 'María José'],
    ['Jose\u0301', 'José'],
    ['\tPérez\n', 'Pérez'],
  ])('%j -> %j', (input, normalized) => {
    expect(normalizeName(input)).toBe(normalized);
  });

  it.each([
    ['', false, REQUIRED_FIELD_MESSAGE],
    ['  ', false, REQUIRED_FIELD_MESSAGE],
    [null, false, REQUIRED_FIELD_MESSAGE],
    ['', true, null],
    ['Ana', false, null],
  ])('validateName(%j, optional %s) -> %s', (value, optional, message) => {
    expect(validateName(value, { optional })).toBe(message);
  });

  it('required message and blank check', () => {
    expect(REQUIRED_FIELD_MESSAGE).toBe('completar campo');
    expect(isBlank(undefined)).toBe(true);
    expect(isBlank(' x ')).toBe(false);
    expect(validateName('Ana')).toBeNull();
  });
});
