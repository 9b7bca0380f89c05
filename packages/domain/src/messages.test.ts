import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, errorMessage } from './error-catalogue.ts';
import { EMAIL_ALREADY_USED_MESSAGE, SCHEDULE_PROBLEM_MESSAGE } from './messages.ts';
import { canContinueTerms } from './terms.ts';

describe('error catalogue', () => {
  it.each([
    ['email-already-used', 'Este correo ya tiene un usuario asociado, intenta con otro correo.'],
    ['patient-already-has-account', 'El paciente ya tiene una cuenta'],
    ['vaccine-age', 'Pacientes menores a 3 años no pueden ser vacunados.'],
    ['no-nurses-for-given-location', 'No hay enfermeras disponibles para la dirección dada'],
    ['address-out-of-range', 'Sin cobertura en esta área. Ingresa otra ubicación'],
    ['invalid-rut-number', 'El rut es inválido'],
    ['no-availability', 'No hay disponibilidad'],
  ])('%s -> %s', (slug, message) => {
    expect(errorMessage(slug, 'x')).toBe(message);
  });

  it('falls back for unknown slugs and keeps the missing-keys prefix out', () => {
    expect(errorMessage('nope', 'Ha ocurrido un error')).toBe('Ha ocurrido un error');
    expect(ERROR_MESSAGES['missing-keys']).toBeUndefined();
  });

  it('spells the settled texts', () => {
    expect(EMAIL_ALREADY_USED_MESSAGE).toBe(
      'Este correo ya tiene un usuario asociado, intenta con otro correo.',
    );
    expect(SCHEDULE_PROBLEM_MESSAGE).toBe(
      'Estamos presentando algunos problemas para continuar. Por favor, intenta eligiendo otro bloque horario.',
    );
  });

  it.each([
    [false, false, true],
    [true, false, false],
    [true, true, true],
  ])('terms shown %s, accepted %s -> continue %s', (shown, accepted, allowed) => {
    expect(canContinueTerms(shown, accepted)).toBe(allowed);
  });
});
