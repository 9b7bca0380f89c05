import { DEFAULT_PUBLIC_PROFILE } from '@visita/domain/partner-defaults';
import type { PublicPartnerProfile } from '@visita/domain/partner-profile';
import { describe, expect, it } from 'vitest';
import { getCopy } from './catalogue.ts';

/** A partner with its own introduction title and help line (as the demo clinic's profile). */
const CLINIC: PublicPartnerProfile = {
  ...DEFAULT_PUBLIC_PROFILE,
  copy: {
    ...DEFAULT_PUBLIC_PROFILE.copy,
    introduction: { title: 'Toma de muestras y vacunas a domicilio' },
  },
  help: {
    question: 'Necesitas ayuda para reservar?',
    action: { kind: 'phone', label: 'Llama a la central', href: 'tel:+56229100000' },
    hours: 'Lunes a viernes de 7:30 a 13:30.',
  },
};
/** A fund that delivers no results: its introduction leaves out the third point. */
const FUND: PublicPartnerProfile = {
  ...DEFAULT_PUBLIC_PROFILE,
  copy: { ...DEFAULT_PUBLIC_PROFILE.copy, introduction: { omit_third_point: true } },
};

describe('the copy catalogue', () => {
  it('has the documented texts of the shell in both countries', () => {
    for (const country of ['cl', 'mx'] as const) {
      const { app } = getCopy(country);
      expect(app.missingClientId).toBe('Se requiere un identificador de cliente.');
      expect(app.invalidClientId).toBe('El identificador de cliente no es válido.');
      expect(app.unexpectedError).toBe(
        'Ha ocurrido un error inesperado, comunícate con el equipo de desarrollo',
      );
      expect(app.titlePrefix).toBe('Servicios médicos a domicilio - ');
      expect(getCopy(country).shell).toMatchObject({
        operatedBy: 'Operado por',
        inAllianceWith: 'En alianza con',
      });
    }
  });

  it.each([
    [
      'cl',
      null,
      '¿Necesitas ayuda agendando?',
      'whatsapp',
      'Lunes a viernes de 8:00 a 19:00. Sábado y domingo de 8:00 a 16:30.',
    ],
    ['cl', CLINIC, 'Necesitas ayuda para reservar?', 'phone', 'Lunes a viernes de 7:30 a 13:30.'],
    [
      'mx',
      DEFAULT_PUBLIC_PROFILE,
      '¿Necesitas ayuda agendando?',
      'whatsapp',
      'Lunes a sábado de 9:00 a 18:00.',
    ],
  ] as const)(
    'help for %s (partner help %#): "%s" by %s, hours %s',
    (country, profile, question, kind, hours) => {
      const { help } = getCopy(country, profile);
      expect(help.question).toBe(question);
      expect(help.action.kind).toBe(kind);
      expect(help.hours).toBe(hours);
    },
  );

  it('outside Chile the WhatsApp link reads "Escríbenos"', () => {
    expect(getCopy('mx').help.action.label).toBe('Escríbenos');
  });

  it("a partner's profile overrides only what it names and keeps the rest of its country", () => {
    const clinic = getCopy('cl', CLINIC);
    expect(clinic.introduction.title).toBe('Toma de muestras y vacunas a domicilio');
    expect(clinic.introduction.subtitle).toBe(getCopy('cl').introduction.subtitle);
    expect(clinic.introduction.points).toEqual(getCopy('cl').introduction.points);
    expect(getCopy('cl', DEFAULT_PUBLIC_PROFILE)).toEqual(getCopy('cl'));
  });

  it('has three introduction points, the third omitted for the fund', () => {
    expect(getCopy('cl').introduction.points).toHaveLength(3);
    expect(getCopy('cl').introduction.omitThirdPoint).toBe(false);
    expect(getCopy('cl', FUND).introduction.omitThirdPoint).toBe(true);
  });

  it('has a non-binary wording without gendered nouns, and a scheduled wording, per country', () => {
    expect(getCopy('cl', null, 'nonBinary').introduction.points[1]).toBe(
      'Personal especialista te visitará en el horario que elijas.',
    );
    expect(getCopy('mx', null, 'nonBinary').introduction.points[1]).toBe(
      'Personal especialista acudirá a tu domicilio en el horario que elijas.',
    );
    expect(getCopy('mx', null, 'scheduled').introduction.title).toBe('Tu cita a domicilio');
  });
});
