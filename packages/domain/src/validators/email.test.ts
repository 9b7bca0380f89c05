import { describe, expect, it } from 'vitest';
import {
  EMAIL_FORMAT_MESSAGE,
  isValidEmail,
  normalizeEmail,
  registrationEmail,
  validateEmail,
} from './email.ts';

describe('e-mail standard format', () => {
  it.each([
    ['ana@example.com', true],
    ['ana.perez+citas@sub.example.cl', true],
    [' ana@example.com ', true],
    ['ana@example', false],
    ['ana@@example.com', false],
    ['ana example@example.com', false],
    ['@example.com', false],
    ['ana@.com', false],
    ['ana..perez@example.com', false],
    ['ana@example.c', false],
    [`${'a'.repeat(250)}@example.com`, false],
  ])('%s is %s', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });

  it.each([
    ['', 'completar campo'],
    ['   ', 'completar campo'],
    ['nope', 'el email no tiene el formato correcto'],
    ['ana@example.com', null],
  ])('validateEmail(%s) -> %s', (email, message) => {
    expect(validateEmail(email)).toBe(message);
  });

  it('forms trim; registration trims and lower-cases', () => {
    expect(normalizeEmail('  Ana@Example.com ')).toBe('Ana@Example.com');
    expect(registrationEmail('  Ana@Example.com ')).toBe('ana@example.com');
    expect(EMAIL_FORMAT_MESSAGE).toBe('el email no tiene el formato correcto');
  });
});
