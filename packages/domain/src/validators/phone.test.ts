import { describe, expect, it } from 'vitest';
import {
  initialPhoneValue,
  isValidPhone,
  normalizePhone,
  PHONE_FORMAT_MESSAGE,
  phoneMaxLength,
  validatePhone,
} from './phone.ts';
import { REQUIRED_FIELD_MESSAGE } from './required.ts';

describe('phone format: cl optional +56 then 9 then 8 digits; mx optional +52 then 10 digits', () => {
  it.each([
    ['+56912345678', 'cl', true],
    ['912345678', 'cl', true],
    ['+56 9 1234 5678', 'cl', true],
    ['+56812345678', 'cl', false],
    ['+5691234567', 'cl', false],
    ['12345678', 'cl', false],
    ['+569123456789', 'cl', false],
    ['+525512345678', 'mx', true],
    ['5512345678', 'mx', true],
    ['551234567', 'mx', false],
    ['+5255123456789', 'mx', false],
    ['+565512345678', 'mx', false],
  ] as const)('%s in %s is %s', (phone, country, valid) => {
    expect(isValidPhone(phone, country)).toBe(valid);
  });
});

describe('validatePhone', () => {
  it.each([
    ['', 'cl', REQUIRED_FIELD_MESSAGE],
    [null, 'mx', REQUIRED_FIELD_MESSAGE],
    // Only the code the field starts with: no number was typed, so it asks for one.
    ['+56', 'cl', REQUIRED_FIELD_MESSAGE],
    ['+56 9', 'cl', REQUIRED_FIELD_MESSAGE],
    ['+52', 'mx', REQUIRED_FIELD_MESSAGE],
    ['+', 'cl', REQUIRED_FIELD_MESSAGE],
    ['+569 1', 'cl', 'el número no tiene el formato correcto'],
    ['+5691234', 'cl', 'el número no tiene el formato correcto'],
    ['+56912345678', 'cl', null],
    ['+525512345678', 'mx', null],
  ] as const)('%s in %s -> %s', (phone, country, message) => {
    expect(validatePhone(phone, country)).toBe(message);
  });
  it('spells the message', () => {
    expect(PHONE_FORMAT_MESSAGE).toBe('el número no tiene el formato correcto');
  });
});

describe('normalizePhone', () => {
  it.each([
    // 12 characters starting +569 stay.
    ['+56912345678', 'cl', '+56912345678'],
    // 8 digits without + get +569.
    ['12345678', 'cl', '+56912345678'],
    // 9 digits drop the first digit and get +569.
    ['912345678', 'cl', '+56912345678'],
    ['812345678', 'cl', '+56912345678'],
    // 11 characters starting with + get +569 plus the tail after 3 characters.
    ['+5612345678', 'cl', '+56912345678'],
    // Anything else is left as typed (the validator rejects it).
    ['+56', 'cl', '+56'],
    ['1234', 'cl', '1234'],
    // Mask spaces do not count.
    ['9 1234 5678', 'cl', '+56912345678'],
    // mx: +52 prepended when missing.
    ['5512345678', 'mx', '+525512345678'],
    ['+525512345678', 'mx', '+525512345678'],
  ] as const)('%s in %s -> %s', (input, country, normalized) => {
    expect(normalizePhone(input, country)).toBe(normalized);
  });
});

describe('phone max length 15 by default, 12 cl, 13 mx; initial +56 (+569 patient step), +52', () => {
  it.each([
    [undefined, 15],
    [null, 15],
    ['cl', 12],
    ['mx', 13],
  ] as const)('%s -> %d', (country, max) => {
    expect(phoneMaxLength(country)).toBe(max);
  });
  it.each([
    ['cl', false, '+56'],
    ['cl', true, '+569'],
    ['mx', false, '+52'],
    ['mx', true, '+52'],
  ] as const)('%s (patient step %s) starts with %s', (country, patientStep, initial) => {
    expect(initialPhoneValue(country, { patientStep })).toBe(initial);
  });
  it('defaults to the contact step', () => {
    expect(initialPhoneValue('cl')).toBe('+56');
  });
});
