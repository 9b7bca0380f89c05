import { describe, expect, it } from 'vitest';
import {
  appointmentIdSchema,
  dateTimeSchema,
  isoDateSchema,
  latitudeSchema,
  queryBooleanSchema,
  queryListSchema,
} from './common.ts';

describe('wire building blocks', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['1', ['1']],
    ['1,2, 3', ['1', '2', '3']],
    [
      ['1', '2,3'],
      ['1', '2', '3'],
    ],
    [
      [4, 5],
      ['4', '5'],
    ],
  ])('query list %j -> %j', (value, list) => {
    expect(queryListSchema.parse(value)).toEqual(list);
  });

  it.each([
    ['true', true],
    ['false', false],
    [true, true],
    ['1', true],
  ])('query boolean %j -> %s', (value, parsed) => {
    expect(queryBooleanSchema.parse(value)).toBe(parsed);
  });

  it('rejects a query boolean that is not one', () => {
    expect(queryBooleanSchema.safeParse('maybe').success).toBe(false);
  });

  it.each([
    [isoDateSchema, '2026-11-22', true],
    [isoDateSchema, '2026-02-30', false],
    [isoDateSchema, '22-11-2026', false],
    [dateTimeSchema, '2026-11-22 10:00:00', true],
    [dateTimeSchema, '2026-11-22 10:00', true],
    [dateTimeSchema, '2026-11-22T10:00:00', false],
    [appointmentIdSchema, '8d2f0f0e-6a6f-4c56-9d55-4b7e4d1f2c3a', true],
    [appointmentIdSchema, '42', false],
  ] as const)('%#: %s valid %s', (schema, value, valid) => {
    expect(schema.safeParse(value).success).toBe(valid);
  });

  it('coerces coordinates from a query string and bounds them', () => {
    expect(latitudeSchema.parse('-33.41')).toBe(-33.41);
    expect(latitudeSchema.safeParse('-91').success).toBe(false);
  });
});
