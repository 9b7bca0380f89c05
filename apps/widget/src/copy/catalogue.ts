import type { CountryCode } from '@visita/domain/locale';
import type { PublicPartnerProfile } from '@visita/domain/partner-profile';

/**
 * Every text the widget shows, in the product's Spanish. Components never hold literals: they read
 * this catalogue through `getCopy(country, salesSource, variant)`.
 */
export interface Copy {
  app: {
    titlePrefix: string;
    brand: string;
    missingClientId: string;
    invalidClientId: string;
    unexpectedError: string;
    loading: string;
  };
  shell: {
    operatedBy: string;
    inAllianceWith: string;
    back: string;
    close: string;
    continue: string;
  };
  introduction: {
    title: string;
    subtitle: string;
    /** The first point speaks of booking with a medical order. */
    points: [string, string, string];
    /** The first point for a client that does not take medical orders. */
    onlinePoint: string;
    /** The third point (results by e-mail) is left out for sources that deliver none. */
    omitThirdPoint: boolean;
    cta: string;
  };
  help: {
    question: string;
    action: { kind: 'whatsapp' | 'phone' | 'email'; label: string; href: string };
    hoursLabel: string;
    hours: string;
  };
}

export type CopyVariant = 'default' | 'nonBinary' | 'scheduled';

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

/** Help lines are the operator's; these demo numbers are placeholders an operator replaces. */
const WHATSAPP_CL = 'https://wa.me/56930000000';
const WHATSAPP_MX = 'https://wa.me/525530000000';

const CHILE: Copy = {
  app: {
    titlePrefix: 'Servicios médicos a domicilio - ',
    brand: 'Visita',
    missingClientId: 'Se requiere un identificador de cliente.',
    invalidClientId: 'El identificador de cliente no es válido.',
    unexpectedError: 'Ha ocurrido un error inesperado, comunícate con el equipo de desarrollo',
    loading: 'Cargando',
  },
  shell: {
    operatedBy: 'Operado por',
    inAllianceWith: 'En alianza con',
    back: 'Volver',
    close: 'Cerrar',
    continue: 'Continuar',
  },
  introduction: {
    title: 'Exámenes y vacunas a domicilio',
    subtitle: 'Agenda en pocos pasos y recibe la atención en tu casa u oficina.',
    points: [
      'Agenda tu hora en línea o con tu orden médica.',
      'Un especialista te visitará en el horario que elijas.',
      'Recibe tus resultados por correo electrónico.',
    ],
    onlinePoint: 'Agenda tu hora en línea.',
    omitThirdPoint: false,
    cta: 'Continuar',
  },
  help: {
    question: '¿Necesitas ayuda agendando?',
    action: { kind: 'whatsapp', label: 'Escríbenos por WhatsApp', href: WHATSAPP_CL },
    hoursLabel: 'Horario de atención',
    hours: 'Lunes a viernes de 8:00 a 19:00. Sábado y domingo de 8:00 a 16:30.',
  },
};

const MEXICO: Copy = {
  ...CHILE,
  introduction: {
    title: 'Estudios de laboratorio y vacunas a domicilio',
    subtitle: 'Agenda en pocos pasos y recibe la atención en tu casa u oficina.',
    points: [
      'Agenda tu cita en línea o con tu orden médica.',
      'Un especialista acudirá a tu domicilio en el horario que elijas.',
      'Recibe tus resultados por correo electrónico.',
    ],
    onlinePoint: 'Agenda tu cita en línea.',
    omitThirdPoint: false,
    cta: 'Continuar',
  },
  help: {
    question: '¿Necesitas ayuda agendando?',
    action: { kind: 'whatsapp', label: 'Escríbenos', href: WHATSAPP_MX },
    hoursLabel: 'Horario de atención',
    hours: 'Lunes a sábado de 9:00 a 18:00.',
  },
};

const BY_COUNTRY: Record<CountryCode, Copy> = { cl: CHILE, mx: MEXICO };

/** What a partner's profile changes in these texts: its introduction and its help box. */
function partnerOverride(profile: PublicPartnerProfile | null | undefined): DeepPartial<Copy> | undefined {
  if (!profile) return undefined;
  const intro = profile.copy.introduction;
  const introduction: DeepPartial<Copy['introduction']> = {};
  if (intro.title) introduction.title = intro.title;
  if (intro.subtitle) introduction.subtitle = intro.subtitle;
  if (intro.points) introduction.points = intro.points;
  if (intro.online_point) introduction.onlinePoint = intro.online_point;
  if (intro.omit_third_point !== undefined) introduction.omitThirdPoint = intro.omit_third_point;
  if (intro.cta) introduction.cta = intro.cta;
  const help: DeepPartial<Copy['help']> | undefined = profile.help
    ? { question: profile.help.question, action: profile.help.action, hours: profile.help.hours }
    : undefined;
  return { introduction, ...(help ? { help } : {}) };
}

const BY_VARIANT: Record<CountryCode, Record<Exclude<CopyVariant, 'default'>, DeepPartial<Copy>>> = {
  cl: {
    nonBinary: {
      introduction: {
        points: [
          'Agenda tu hora en línea o con tu orden médica.',
          'Personal especialista te visitará en el horario que elijas.',
          'Recibe tus resultados por correo electrónico.',
        ],
      },
    },
    scheduled: {
      introduction: {
        title: 'Tu cita a domicilio',
        subtitle: 'Revisa y completa los datos de tu cita agendada.',
      },
    },
  },
  mx: {
    nonBinary: {
      introduction: {
        points: [
          'Agenda tu cita en línea o con tu orden médica.',
          'Personal especialista acudirá a tu domicilio en el horario que elijas.',
          'Recibe tus resultados por correo electrónico.',
        ],
      },
    },
    scheduled: {
      introduction: {
        title: 'Tu cita a domicilio',
        subtitle: 'Revisa y completa los datos de tu cita agendada.',
      },
    },
  },
};

function merge<T>(base: T, override: DeepPartial<T> | undefined): T {
  if (!override) return base;
  const result = { ...base } as Record<string, unknown>;
  for (const [key, value] of Object.entries(override)) {
    const current = result[key];
    result[key] =
      value && typeof value === 'object' && !Array.isArray(value) && current && typeof current === 'object'
        ? merge(current, value as DeepPartial<typeof current>)
        : value;
  }
  return result as T;
}

/** Country first, then the partner's profile, then the variant: the most specific text wins. */
export function getCopy(
  country: CountryCode,
  profile?: PublicPartnerProfile | null,
  variant: CopyVariant = 'default',
): Copy {
  const byCountry = BY_COUNTRY[country];
  const byPartner = merge(byCountry, partnerOverride(profile));
  return variant === 'default' ? byPartner : merge(byPartner, BY_VARIANT[country][variant]);
}
