import { describe, expect, it } from 'vitest';
import { missingKeysMessage, type RegistrationInput, validateRegistration } from './registration.ts';

const valid: RegistrationInput = {
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'Pérez',
  secondLastName: 'Soto',
  phone: '+56912345678',
  documentType: 'ci',
  documentNumber: '11.111.111-1',
  birthDate: '1990-05-17',
  gender: 'female',
  country: 'cl',
};

describe('registration validator', () => {
  it('accepts a complete Chilean patient', () => {
    expect(validateRegistration(valid)).toEqual({ ok: true });
  });

  it('accepts a Mexican patient with a passport', () => {
    expect(
      validateRegistration({
        ...valid,
        country: 'mx',
        phone: '+525512345678',
        documentType: 'passport',
        documentNumber: 'G1234567',
      }),
    ).toEqual({ ok: true });
  });

  it.each(['male', 'female', 'other'])("accepts the gender %s (other is the form's No binario)", (gender) => {
    expect(validateRegistration({ ...valid, gender })).toEqual({ ok: true });
  });

  it('names the three genders when refusing one', () => {
    expect(validateRegistration({ ...valid, gender: 'x' })).toEqual({
      ok: false,
      err: 'invalid-gender',
      msg: 'El género debe ser male (masculino), female (femenino) u other (no binario)',
    });
  });

  it('lists every empty key', () => {
    expect(validateRegistration({ ...valid, email: '', phone: '  ', gender: null })).toEqual({
      ok: false,
      err: 'missing-keys',
      msg: 'The following keys cannot be empty: email, phone, gender',
    });
    expect(missingKeysMessage(['firstName'])).toBe('The following keys cannot be empty: firstName');
  });

  it.each([
    [{ email: 'ana@' }, 'invalid-email-format'],
    [{ country: 'ar' }, 'invalid-country'],
    [{ country: 'Chile' }, 'invalid-country'],
    [{ phone: '+5255123' }, 'invalid-phone-format'],
    [{ phone: '+525512345678' }, 'invalid-phone-format'],
    [{ documentType: 'generic_id' }, 'invalid-document-type'],
    [{ documentNumber: '11.111.111-2' }, 'invalid-rut-number'],
    [{ documentNumber: '111111111' }, 'invalid-rut-number'],
    [{ documentNumber: '011.111.111-1' }, 'invalid-rut-number'],
    [{ birthDate: '17-05-1990' }, 'invalid-birth-date'],
    [{ birthDate: '1990-02-30' }, 'invalid-birth-date'],
    [{ birthDate: '1990-05-17 00:00:00' }, 'invalid-birth-date'],
    [{ gender: 'no-binario' }, 'invalid-gender'],
    [{ gender: 'Male' }, 'invalid-gender'],
  ] as const)('%o -> %s', (change, err) => {
    const result = validateRegistration({ ...valid, ...change });
    expect(result.ok).toBe(false);
    expect(result.ok ? null : result.err).toBe(err);
    expect(result.ok ? '' : result.msg).not.toBe('');
  });

  it('does not check a passport as a RUT', () => {
    expect(
      validateRegistration({
        ...valid,
        documentType: 'passport',
        documentNumber: 'X1',
      }),
    ).toEqual({
      ok: true,
    });
  });
});
