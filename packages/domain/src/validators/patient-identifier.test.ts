import { describe, expect, it } from 'vitest';
import {
  mexicanGeneratedDocument,
  PATIENT_WITHOUT_IDENTIFIER_MESSAGE,
  patientIdentifier,
} from './patient-identifier.ts';

describe('patient identifier', () => {
  it.each([
    [{ document_number: '11.111.111-1' }, 'cl', '11.111.111-1'],
    [{ first_name: 'Ana', last_name: 'Pérez', date_of_birth: '1990-05-17' }, 'cl', null],
    [{ document_number: 'CURP123', first_name: 'Ana' }, 'mx', 'CURP123'],
    [
      {
        first_name: 'juan carlos',
        last_name: 'López Obrador',
        date_of_birth: '1990-05-17 00:00:00',
      },
      'mx',
      'JUANLÓPEZ19900517',
    ],
    [
      {
        document_number: '  ',
        first_name: 'Ana',
        last_name: 'Ruiz',
        date_of_birth: '2001-01-09',
      },
      'mx',
      'ANARUIZ20010109',
    ],
    [{ first_name: 'Ana', last_name: '', date_of_birth: '2001-01-09' }, 'mx', null],
    [{ first_name: 'Ana', last_name: 'Ruiz', date_of_birth: null }, 'mx', null],
    [{}, 'mx', null],
  ] as const)('%o in %s -> %s', (patient, country, identifier) => {
    expect(patientIdentifier(patient, country)).toBe(identifier);
  });

  it('generates the Mexican document with type generic_id', () => {
    expect(
      mexicanGeneratedDocument({
        first_name: 'Ana',
        last_name: 'Ruiz',
        date_of_birth: '2001-01-09',
      }),
    ).toEqual({
      document_type: 'generic_id',
      document_number: 'ANARUIZ20010109',
    });
    expect(mexicanGeneratedDocument({ first_name: 'Ana' })).toBeNull();
    expect(PATIENT_WITHOUT_IDENTIFIER_MESSAGE).toBe('El paciente no tiene identificador');
  });
});
