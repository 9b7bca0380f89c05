import { eq, sql } from 'drizzle-orm';
import { INFLUENZA_VACCINE_SLUG } from '@visita/domain/contract/patients';
import type { PartnerProfile } from '@visita/domain/partner-profile';
import { clients } from '../schema.ts';
import { DEMO_TERMS } from './demo-terms.ts';
import type { Seed } from './run-seeds.ts';

type DeepPartial<T> = {
  [K in keyof T]?: T[K] extends object | null ? DeepPartial<NonNullable<T[K]>> | null : T[K];
};
/** What a demo partner's profile states; everything else keeps the product's defaults. */
type DemoProfile = Pick<DeepPartial<PartnerProfile>, 'rules' | 'copy' | 'help' | 'footer'> &
  Partial<Pick<PartnerProfile, 'terms'>>;

/** The clinic's help line: a call to its central (a placeholder number an operator replaces). */
const CLINIC_CENTRAL = 'tel:+56229100000';

/**
 * The demo partners' profiles (docs/partners.md shows each as an example). Together they hold
 * every per-partner variant the product has: exams paid or priced at the address, display names,
 * a benefits fund, a lab partner that closes out of coverage, a hospital group without card
 * payment or branding, and each partner's own introduction and help.
 */
const DEMO_PROFILES: Readonly<Record<string, DemoProfile>> = {
  clinicaalemana: {
    terms: DEMO_TERMS.clinicaalemana,
    rules: { exams_paid_at_home: true, exam_price_at_home: true, confirmation_display_names: true },
    copy: {
      introduction: {
        title: 'Toma de muestras y vacunas a domicilio',
        subtitle:
          'El equipo de Clínica Alemana te atiende en Vitacura, Providencia, Lo Barnechea, Las Condes y Chicureo.',
      },
      price_disclaimer:
        'El valor corresponde solo al servicio a domicilio. El valor de los exámenes se calcula en el domicilio con tu copago.',
      confirmation_warning: 'El valor de los exámenes se cobrará en el domicilio según tu previsión.',
      results_delivery: 'Recibirás tus resultados por correo electrónico en un plazo de {hours} horas.',
      refund_note:
        'Si cancelas con menos de 24 horas de anticipación, el servicio a domicilio se cobra igualmente.',
    },
    help: {
      question: 'Necesitas ayuda para reservar?',
      action: { kind: 'phone', label: 'Llama a la central', href: CLINIC_CENTRAL },
      hours: 'Lunes a viernes de 7:30 a 13:30.',
    },
  },
  redsalud: {
    rules: { exams_paid_at_home: true },
    copy: {
      introduction: { subtitle: 'Los exámenes de RedSalud, tomados en la comodidad de tu hogar.' },
      price_disclaimer:
        'El precio de los exámenes es referencial. El copago se paga en el domicilio según tu plan de salud.',
      confirmation_warning:
        'Recuerda tener a mano tu cédula de identidad y tu orden médica el día de la visita.',
    },
  },
  esencial: {
    // Every visit includes the blood count (catalogue id 1); a front desk books one person after another.
    rules: {
      exams_paid_at_home: true,
      exam_price_at_home: true,
      extra_service_ids: [1],
      close_restarts: true,
    },
    copy: {
      introduction: { subtitle: 'Tus exámenes con Esencial, sin salir de casa.' },
      price_disclaimer:
        'El precio de los exámenes se calcula según tu plan al momento del pago en el domicilio.',
      confirmation_warning: 'El pago de los exámenes se realiza en el domicilio según tu plan.',
    },
  },
  cruzverde: {
    // The pharmacy collects at its counter: no payment step, the host takes over after confirming.
    rules: { skips_payment_and_closes: true },
    copy: {
      introduction: { subtitle: 'Exámenes y vacunas de Cruz Verde en tu casa u oficina.' },
      referral_amount: 'Invita a alguien a agendar con tu cupón y gana {amount} en tu próxima visita.',
    },
  },
  confuturo: {
    // An insurer's benefit: always from its introduction, and the confirmation goes back to the date.
    rules: { starts_at_first_step: true, confirmation_back_to_date: true },
    copy: {
      introduction: { subtitle: 'Un beneficio de Confuturo para cuidar tu salud sin salir de casa.' },
      company_events:
        '¿Son más de 10 personas? Escríbenos y organizamos un operativo de salud en tu empresa.',
    },
  },
  idoktor: {
    copy: { introduction: { subtitle: 'Agenda con iDoktor y recibe la atención en tu casa u oficina.' } },
  },
  laboratoriochopo: {
    terms: DEMO_TERMS.laboratoriochopo,
    rules: { out_of_coverage_closes: true },
    copy: {
      introduction: {
        title: 'Estudios de Laboratorio Chopo a domicilio',
        subtitle: 'Agenda tu toma de muestras y te visitamos en tu casa u oficina.',
      },
    },
  },
  hospitalessanangelinn: {
    // The hospital group collects at the address: no card online, and no Visita branding.
    rules: { payment_methods: ['home'], loader_image: false },
    footer: 'none',
    copy: {
      steps: { payment: { title: 'Pago en tu domicilio' } },
      introduction: {
        title: 'Estudios de laboratorio a domicilio',
        subtitle: 'Hospitales San Ángel Inn llega a tu casa u oficina.',
      },
    },
  },
  'demo-split': {
    // The company pays its employees' routine blood and urine exams, up to $60.000 each.
    rules: {
      company_pays: {
        items: ['hemograma', 'glicemia', 'perfil-lipidico', 'perfil-bioquimico', 'orina-completa'],
        cap_per_person: 60_000,
      },
    },
  },
  cajalosandes: {
    terms: DEMO_TERMS.cajalosandes,
    rules: {
      fund: {
        name: 'Caja los Andes',
        affiliation_check: true,
        once_per_patient_items: [INFLUENZA_VACCINE_SLUG],
        close_warning: true,
      },
    },
    footer: 'alliance',
    copy: {
      introduction: {
        title: 'Vacuna contra la influenza a domicilio',
        subtitle: 'Un beneficio para las personas afiliadas a Caja Los Andes.',
        points: [
          'Agenda tu vacunación en línea.',
          'Un especialista te visitará en el horario que elijas.',
          'Recibe tus resultados por correo electrónico.',
        ],
        online_point: 'Agenda tu vacunación en línea.',
        // Vaccination gives no results to send.
        omit_third_point: true,
      },
    },
  },
};

/**
 * Demo databases seeded before partners were data get these profile keys (rules, copy, terms,
 * help, footer) merged into what they store; what an operator set under other keys stays. On a new
 * database the clients seed has written them already and this changes nothing.
 */
export const demoPartnerProfilesSeed: Seed = {
  name: 'demo-partner-profiles',
  run: async (db) => {
    for (const [id, profile] of Object.entries(DEMO_PROFILES)) {
      await db
        .update(clients)
        .set({ profile: sql`${clients.profile} || ${JSON.stringify(profile)}::jsonb` })
        .where(eq(clients.id, id));
    }
  },
};

/** The rules a demo partner's profile states (seeds that add one rule to older databases read them). */
export const demoProfileRules = (id: string): Record<string, unknown> => ({ ...DEMO_PROFILES[id]?.rules });
