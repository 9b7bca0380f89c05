import { describe, expect, it } from 'vitest';
import {
  clientPatientsAnswerSchema,
  clientPatientsQuerySchema,
  createClientPatientBodySchema,
  findByIdentifierQuerySchema,
  hasItemAnswerSchema,
  notFoundAnswerSchema,
  parseStoredCart,
  registerBodySchema,
  rutStatusAnswerSchema,
} from './patients.ts';

const patient = {
  first_name: 'Ana',
  last_name: 'Pérez',
  second_last_name: 'Soto',
  date_of_birth: '1990-05-17',
  gender: 'female',
  document_type: 'ci',
  document_number: '11.111.111-1',
};

describe('patients contract', () => {
  it('creates a client patient from { patient }', () => {
    expect(createClientPatientBodySchema.parse({ patient }).patient).toMatchObject(patient);
    expect(
      createClientPatientBodySchema.safeParse({ patient: { ...patient, first_name: ' ' } }).success,
    ).toBe(false);
    expect(createClientPatientBodySchema.safeParse({ patient: { ...patient, gender: 'x' } }).success).toBe(
      false,
    );
  });

  it('lists client patients', () => {
    expect(clientPatientsQuerySchema.parse({})).toEqual({ search: '' });
    expect(
      clientPatientsAnswerSchema.parse({ results: [{ id: 1, email: null, phone: null, patient }] }).results,
    ).toHaveLength(1);
  });

  it('finds by identifier and answers not found with error, err and msg', () => {
    expect(findByIdentifierQuerySchema.safeParse({ identifier: '' }).success).toBe(false);
    expect(
      notFoundAnswerSchema.safeParse({ error: 'not found', err: 'patient-not-found', msg: 'x' }).success,
    ).toBe(true);
  });

  it('registers without password: e-mail trimmed and lower-cased, fixed flags', () => {
    const body = registerBodySchema.parse({
      email: ' Ana@Example.com ',
      first_name: 'Ana',
      last_name: 'Pérez',
      second_last_name: 'Soto',
      date_of_birth: '1990-05-17',
      document_type: 'ci',
      document_number: '11.111.111-1',
      gender: 'female',
      country: 'cl',
      phone: '+56912345678',
      locale: 'cl',
      scopes: 'consulta:create',
      is_partial_register: false,
      disable_email_create_password: true,
      acquisition_source: 'sdk',
    });
    expect(body.email).toBe('ana@example.com');
    expect(registerBodySchema.safeParse({ ...body, is_partial_register: true }).success).toBe(false);
  });

  it('reads the fund checks', () => {
    expect(rutStatusAnswerSchema.parse({ is_affiliated: true })).toEqual({ is_affiliated: true });
    expect(hasItemAnswerSchema.parse({ patient_has_item: false })).toEqual({ patient_has_item: false });
  });
});

describe('the stored cart, read once from the database', () => {
  it('reads a saved patient whole and a prebuilt cart as its items and packs', () => {
    const [saved, prebuilt] = parseStoredCart([
      { ...patient, items: [3, '7'], packs: [], is_fonasa: true, fonasa_tier: 'B' },
      { items: [12], packs: [40] },
    ]);
    expect(saved).toMatchObject({ first_name: 'Ana', items: [3, '7'], is_fonasa: true, fonasa_tier: 'B' });
    expect(prebuilt).toEqual({ items: [12], packs: [40], is_fonasa: false });
  });

  it('leaves out what is not a patient and never throws', () => {
    expect(parseStoredCart([null, 'x', 4, { first_name: '' }])).toEqual([]);
    expect(parseStoredCart({ patients: [] })).toEqual([]);
    expect(parseStoredCart(null)).toEqual([]);
  });

  it('reads unreadable items, packs, insurance and tier as none', () => {
    expect(parseStoredCart([{ items: 'x', packs: [{}], is_fonasa: 'yes', fonasa_tier: 'Z' }])).toEqual([
      { items: [], packs: [], is_fonasa: false, fonasa_tier: null },
    ]);
  });
});
