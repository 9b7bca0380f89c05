import { describe, expect, it } from 'vitest';
import {
  genderOptions,
  normalizePatientValues,
  PATIENT_FORM_DEFAULTS,
  type PatientFormValues,
  patientStepTitle,
  selectPatientLabel,
  validatePatientForm,
} from './patient-form.ts';

const today = { year: 2026, month: 11, day: 22 };
const rules = { countryCode: 'cl', today, emailRequired: true, nonBinaryTexts: false } as const;
const valid: PatientFormValues = {
  first_name: 'Ana',
  last_name: 'Pérez',
  second_last_name: 'Soto',
  date_of_birth: '1990-05-17 00:00:00',
  gender: 'female',
  document_type: 'ci',
  document_number: '11.111.111-1',
  email: 'ana@example.com',
  phone: '+56912345678',
  services: [{ category: 'lab' }],
};

describe('patient form', () => {
  it('accepts a complete patient; second_name is optional', () => {
    expect(validatePatientForm(valid, rules)).toEqual({});
  });

  it.each([
    [{ first_name: ' ' }, { first_name: 'completar campo' }],
    [{ last_name: null }, { last_name: 'completar campo' }],
    [{ second_last_name: '' }, { second_last_name: 'completar campo' }],
    [{ date_of_birth: '' }, { date_of_birth: 'completar fecha de nacimiento' }],
    [
      { date_of_birth: '2027-01-01' },
      { date_of_birth: 'La fecha de nacimiento no puede ser superior a hoy' },
    ],
    [{ gender: null }, { gender: 'completar campo' }],
    [{ gender: 'other' }, { gender: 'completar campo' }],
    [{ document_type: null }, { document_type: 'completar campo' }],
    [{ document_number: '' }, { document_number: 'completar campo' }],
    [{ document_number: '11.111.111-2' }, { document_number: 'El rut es inválido' }],
    [
      { document_type: 'passport', document_number: 'X'.repeat(16) },
      { document_number: 'Máximo 15 caracteres' },
    ],
    [{ document_type: 'passport', document_number: 'G1234567' }, {}],
    [{ email: 'ana@' }, { email: 'el email no tiene el formato correcto' }],
    // A phone left at its country code is a number not typed yet: asked for, not called malformed.
    [{ phone: '+56' }, { phone: 'completar campo' }],
    [{ phone: '+56 12' }, { phone: 'el número no tiene el formato correcto' }],
    [
      { date_of_birth: '2024-01-01', services: [{ category: 'vaccine' }] },
      { services: 'Pacientes menores a 3 años no pueden ser vacunados.' },
    ],
    [{ date_of_birth: '2020-01-01', services: [{ category: 'vaccine' }] }, {}],
  ] as const)('%o -> %o', (change, errors) => {
    expect(validatePatientForm({ ...valid, ...change }, rules)).toEqual(errors);
  });

  it('skips the e-mail when a default is configured and allows other with non-binary texts', () => {
    expect(
      validatePatientForm(
        { ...valid, email: '', gender: 'other' },
        { ...rules, emailRequired: false, nonBinaryTexts: true },
      ),
    ).toEqual({});
  });

  it('lets Mexico generate a generic_id', () => {
    expect(
      validatePatientForm(
        { ...valid, document_type: 'generic_id', document_number: '', phone: '+525512345678' },
        { ...rules, countryCode: 'mx' },
      ),
    ).toEqual({});
    // The generated identifier itself (first name, last name, birth date) is longer than 15.
    expect(
      validatePatientForm(
        {
          ...valid,
          document_type: 'generic_id',
          document_number: 'LUISHERNÁNDEZ19800520',
          phone: '+525512345678',
        },
        { ...rules, countryCode: 'mx' },
      ),
    ).toEqual({});
    expect(
      validatePatientForm({ ...valid, document_type: 'generic_id', document_number: '' }, rules),
    ).toEqual({
      document_number: 'completar campo',
    });
  });

  it('normalises names and formats a Chilean ci', () => {
    expect(
      normalizePatientValues({
        ...valid,
        first_name: '  ana  maría ',
        second_name: null,
        document_number: '111111111',
        email: ' a@b.cl ',
      }),
    ).toMatchObject({
      first_name: 'ana maría',
      second_name: null,
      document_number: '11.111.111-1',
      email: 'a@b.cl',
    });
    expect(
      normalizePatientValues({ ...valid, document_type: 'passport', document_number: ' G1 ' })
        .document_number,
    ).toBe('G1');
  });
});

describe('patient step texts and options', () => {
  it.each([
    [0, 1, false, 'Datos del paciente'],
    [1, 3, false, 'Datos del paciente 2'],
    [0, 2, true, 'Pon tus datos'],
  ])('patient %d of %d (non-binary %s) -> %s', (index, count, nonBinary, title) => {
    expect(patientStepTitle(index, count, nonBinary)).toBe(title);
  });

  it('labels select-patient dropdowns only when several', () => {
    expect(selectPatientLabel(0, 1)).toBeNull();
    expect(selectPatientLabel(1, 2)).toBe('Paciente 2');
  });

  it('offers No binario only with non-binary texts; defaults male and ci', () => {
    expect(genderOptions(false)).toEqual(['male', 'female']);
    expect(genderOptions(true)).toEqual(['male', 'female', 'other']);
    expect(PATIENT_FORM_DEFAULTS).toEqual({ gender: 'male', document_type: 'ci' });
  });
});
