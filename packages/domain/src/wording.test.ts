import { describe, expect, it } from 'vitest';
import { NO_NURSES_MESSAGE } from './addresses.ts';
import { PATIENT_ALREADY_HAS_ACCOUNT_MESSAGE } from './messages.ts';
import { inWording, NON_BINARY_WORDING } from './wording.ts';

describe('the non-binary wording of messages', () => {
  it('replaces gendered nouns where a partner asks for it, and only then', () => {
    expect(inWording(PATIENT_ALREADY_HAS_ACCOUNT_MESSAGE, true)).toBe('La persona ya tiene una cuenta');
    expect(inWording(PATIENT_ALREADY_HAS_ACCOUNT_MESSAGE, false)).toBe('El paciente ya tiene una cuenta');
    expect(inWording(NO_NURSES_MESSAGE, true)).toBe(
      'No hay personal de enfermería disponible para la dirección dada',
    );
    expect(inWording('Debes seleccionar un horario', true)).toBe('Debes seleccionar un horario');
  });

  it('knows the no-nurses message as addresses.ts writes it', () => {
    expect(NON_BINARY_WORDING).toHaveProperty([NO_NURSES_MESSAGE]);
  });

  it('has no gendered noun left in its wording', () => {
    for (const text of Object.values(NON_BINARY_WORDING)) {
      expect(text).not.toMatch(/\b(el|la|los|las|un|una) (paciente|enfermer[ao]s?|especialista)\b/i);
    }
  });
});
