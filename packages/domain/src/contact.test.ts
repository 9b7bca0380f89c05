import { describe, expect, it } from 'vitest';
import { isEmailFieldShown, normalizeContact, validateContact } from './contact.ts';

const cl = { countryCode: 'cl', emailRequired: true } as const;

describe('contact form', () => {
  it.each([
    [
      {},
      cl,
      {
        name: 'completar campo',
        phone: 'completar campo',
        email: 'completar campo',
        prevision: 'completar campo',
      },
    ],
    [
      { name: 'Ana', phone: '+5691234', email: 'ana@', prevision: 'fonasa' },
      cl,
      { phone: 'el número no tiene el formato correcto', email: 'el email no tiene el formato correcto' },
    ],
    [{ name: 'Ana', phone: '+56912345678', email: 'ana@example.com', prevision: 'particular' }, cl, {}],
    [
      { name: 'Ana', phone: '+56912345678' },
      { countryCode: 'cl', emailRequired: false },
      { prevision: 'completar campo' },
    ],
    [{ name: 'Ana', phone: '5512345678' }, { countryCode: 'mx', emailRequired: false }, {}],
  ] as const)('%o with %o -> %o', (data, rules, errors) => {
    expect(validateContact(data, rules)).toEqual(errors);
  });

  it('stores trimmed data, the full phone and the default e-mail', () => {
    expect(
      normalizeContact(
        {
          name: '  Ana   Pérez ',
          phone: '912345678',
          email: ' ana@example.com ',
          specialNeeds: '  ',
          prevision: 'fonasa',
        },
        cl,
      ),
    ).toEqual({
      name: 'Ana Pérez',
      phone: '+56912345678',
      email: 'ana@example.com',
      specialNeeds: null,
      prevision: 'fonasa',
    });
    expect(
      normalizeContact(
        { name: 'Ana', phone: '5512345678', email: '', specialNeeds: ' silla de ruedas ' },
        { countryCode: 'mx', emailRequired: false, defaultEmail: 'pacientes@clinica.mx' },
      ),
    ).toEqual({
      name: 'Ana',
      phone: '+525512345678',
      email: 'pacientes@clinica.mx',
      specialNeeds: 'silla de ruedas',
      prevision: null,
    });
    expect(normalizeContact({ name: 'Ana', phone: '12345678', email: 'a@b.cl' }, cl).prevision).toBe(
      'particular',
    );
    expect(
      normalizeContact({ name: 'Ana', phone: '12345678', email: ' a@b.cl ' }, { ...cl, emailRequired: false })
        .email,
    ).toBe('a@b.cl');
  });

  it.each([
    [null, true],
    ['', true],
    ['pacientes@clinica.cl', false],
  ])('default e-mail %j shows the field: %s', (email, shown) => {
    expect(isEmailFieldShown(email)).toBe(shown);
  });
});
