import { describe, expect, it } from 'vitest';
import {
  cleanRut,
  documentMaxLength,
  formatRut,
  isFormattedValidRut,
  isValidRut,
  RUT_INVALID_MESSAGE,
  rutCheckDigit,
} from './rut.ts';

describe('RUT check digit is modulo 11 (11 -> 0, 10 -> K)', () => {
  it.each([
    ['11111111', '1'],
    ['12345678', '5'],
    ['7654321', '6'],
    ['1000005', 'K'],
    ['1000013', '0'],
    ['6', 'K'],
  ])('%s -> %s', (body, dv) => {
    expect(rutCheckDigit(body)).toBe(dv);
  });
});

describe('isValidRut: modulo 11, no leading zeros, any punctuation', () => {
  it.each([
    ['11.111.111-1', true],
    ['11111111-1', true],
    ['111111111', true],
    ['12.345.678-5', true],
    ['1.000.005-k', true],
    ['1.000.005-K', true],
    ['1.000.013-0', true],
    ['12.345.678-4', false],
    ['011.111.111-1', false],
    ['0-0', false],
    ['', false],
    [null, false],
    ['K', false],
    ['123456789-5', false],
    ['11.111.111-1x', false],
  ])('%s is %s', (value, valid) => {
    expect(isValidRut(value)).toBe(valid);
  });
});

describe('isFormattedValidRut: the registration rule also needs dots and a dash', () => {
  it.each([
    ['11.111.111-1', true],
    ['1.000.005-K', true],
    ['7.654.321-6', true],
    ['11111111-1', false],
    ['111111111', false],
    ['1.000.005-k', false],
    ['11.111.111-2', false],
    ['011.111.111-1', false],
    ['1111.111-1', false],
    [undefined, false],
  ])('%s is %s', (value, valid) => {
    expect(isFormattedValidRut(value)).toBe(valid);
  });
});

describe('formatRut: dots and dash while typing, max 12 characters', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['11', '1-1'],
    ['1234', '123-4'],
    ['12345', '1.234-5'],
    ['111111111', '11.111.111-1'],
    ['11.111.111-1', '11.111.111-1'],
    ['1000005k', '1.000.005-K'],
    ['1111111111111', '11.111.111-1'],
  ])('%s -> %s', (input, formatted) => {
    expect(formatRut(input)).toBe(formatted);
    expect(formatRut(input).length).toBeLessThanOrEqual(12);
  });

  it('cleans punctuation and upper-cases k', () => {
    expect(cleanRut(' 1.000.005-k ')).toBe('1000005K');
  });
});

describe('document max length: RUT 12, passport 15', () => {
  it.each([
    ['ci', 12],
    ['passport', 15],
    ['generic_id', 15],
  ] as const)('%s -> %d', (type, max) => {
    expect(documentMaxLength(type)).toBe(max);
  });
  it('states the invalid RUT message', () => {
    expect(RUT_INVALID_MESSAGE).toBe('El rut es inválido');
  });
});
