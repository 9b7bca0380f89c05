import { z } from 'zod';

/**
 * A partner's profile: everything that varies by partner and is not one of the client's own
 * columns (country, sales source, steps, origins, per-mode config). It is data an operator writes
 * (docs/partners.md), stored with the client and served by sdk-config without its secrets. Every
 * field has a default, so `{}` is a valid profile and a partner only states how it differs.
 */

/** How long before the visit a person may still cancel or move it themself, unless a partner says otherwise. */
export const DEFAULT_CANCELLATION_CUTOFF_HOURS = 24;

const text = (max = 400) =>
  z.string().trim().min(1, 'No puede estar vacío.').max(max, `Máximo ${max} caracteres.`);

/** A partner's endpoint for booking events; the secret signs every request and is never served. */
export const partnerWebhookSchema = z.object({
  url: z
    .string()
    .url('Debe ser una URL.')
    .max(2000)
    .refine(
      (value) => value.startsWith('https://') || /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])[:/]/.test(value),
      {
        message: 'Debe ser una URL https.',
      },
    ),
  secret: z.string().min(16, 'El secreto debe tener al menos 16 caracteres.').max(200),
  /** Whether the events carry the patients' personal data (names, document, contact). */
  include_personal_data: z.boolean().default(false),
});
export type PartnerWebhook = z.infer<typeof partnerWebhookSchema>;

/** The payment options a country offers (packages/domain/src/cards.ts). */
export const PAYMENT_METHOD_KEYS = ['debit', 'mercadopago', 'home', 'mx-mercadopago'] as const;

/** A benefits fund (caja de compensación): who may book, and what each affiliate may book once. */
export const partnerFundSchema = z.object({
  /** The fund's name as its refusals say it ('El rut ingresado no está afiliado a …'); null: the partner's name. */
  name: text(120).nullable().default(null),
  /** The first patient's RUT must be an affiliate (GET /v2/caja-los-andes/rut-status/). */
  affiliation_check: z.boolean().default(true),
  /** Catalogue slugs each patient may book only once (the fund's promotion). */
  once_per_patient_items: z.array(text(120)).max(20).default([]),
  /** Closing the widget mid-booking asks first (close warning, 10 s). */
  close_warning: z.boolean().default(true),
});
export type PartnerFund = z.infer<typeof partnerFundSchema>;

/**
 * A company paying exams for its employees (split payment): which exams it pays and up to how
 * much per person and booking. Who its employees are is data of its own (the partner's roster,
 * loaded by an operator), not part of the document.
 */
export const partnerCompanyPaysSchema = z.object({
  /** Catalogue slugs the company pays; no other exam can be put on the company. */
  items: z.array(text(120)).min(1, 'La empresa debe pagar al menos un examen.').max(200),
  /** At most this much (the exams' price in the country's currency) per person and booking; null: no cap. */
  cap_per_person: z.number().int().positive().max(100_000_000).nullable().default(null),
});
export type PartnerCompanyPays = z.infer<typeof partnerCompanyPaysSchema>;

/** The per-partner rules of the booking flow. */
export const partnerRulesSchema = z.object({
  /** The flow starts at the first step of its list, even with services or a cart in the link. */
  starts_at_first_step: z.boolean().default(false),
  /** 'Volver' on the confirmation goes to the date step. */
  confirmation_back_to_date: z.boolean().default(false),
  /** The booking ends at the confirmation: no payment step, and the host hears a closing event. */
  skips_payment_and_closes: z.boolean().default(false),
  /** Closing the widget starts the session over at the first step (staff consoles). */
  close_restarts: z.boolean().default(false),
  /** The exams are paid at the address: the quote's payment_at_home is the exams' price. */
  exams_paid_at_home: z.boolean().default(false),
  /** The exams' price reads 'A calcular en domicilio' in the lists and the confirmation. */
  exam_price_at_home: z.boolean().default(false),
  /** The confirmation lists the services by their display name. */
  confirmation_display_names: z.boolean().default(false),
  /** An address out of coverage closes the widget and tells the host 'address-out-of-range'. */
  out_of_coverage_closes: z.boolean().default(false),
  /** The origin step offers 'Otro' with its text. */
  origin_other: z.boolean().default(true),
  /** Service ids always added to the availability search (a fixed visit every booking includes). */
  extra_service_ids: z.array(z.number().int().positive().max(2_147_483_647)).max(20).default([]),
  /** Payment options offered, in order; null offers the country's. */
  payment_methods: z.array(z.enum(PAYMENT_METHOD_KEYS)).min(1).max(4).nullable().default(null),
  /** The loader shows Visita's image. */
  loader_image: z.boolean().default(true),
  fund: partnerFundSchema.nullable().default(null),
  /** Split payment: what the company pays; null: the company pays nothing (no exam can be put on it). */
  company_pays: partnerCompanyPaysSchema.nullable().default(null),
});
export type PartnerRules = z.infer<typeof partnerRulesSchema>;

/**
 * The rules that hold for a whole sales source, not one partner: the catalogue merges them across
 * the partners selling under a source (exams_paid_at_home when any states it, the first fund
 * stated), so one partner's value changes every other partner's prices there. A partner's
 * document may set them only to what the other partners on its source state, unless the operator
 * confirms naming those partners (modules/admin/partners.ts).
 */
export const SOURCE_WIDE_RULES = ['exams_paid_at_home', 'fund'] as const satisfies ReadonlyArray<
  keyof PartnerRules
>;

const stepCopySchema = z.object({
  title: text(200).optional(),
  subtitle: text(600).optional(),
  cta: text(60).optional(),
});

/** Texts that replace the country's for this partner; what is left out keeps the country's. */
export const partnerCopySchema = z.object({
  introduction: z
    .object({
      title: text(200).optional(),
      subtitle: text(600).optional(),
      points: z.tuple([text(300), text(300), text(300)]).optional(),
      online_point: text(300).optional(),
      /** The third point (results by e-mail) is left out: the partner delivers none. */
      omit_third_point: z.boolean().optional(),
      cta: text(60).optional(),
    })
    .default({}),
  /** Per step (address, services, date, confirmation, payment, success…): title, subtitle, call to action. */
  steps: z.record(z.string().regex(/^[a-z-]{3,40}$/), stepCopySchema).default({}),
  /** Under the services list: how the exams' price is to be read. */
  price_disclaimer: text(600).nullable().default(null),
  /** A note on the confirmation. */
  confirmation_warning: text(600).nullable().default(null),
  /** On 'Tu reserva', beside 'Cancelar reserva': what the person is told about refunds. */
  refund_note: text(600).nullable().default(null),
  /** On the success screen, how results arrive; `{hours}` is the cart's results time (rule). */
  results_delivery: text(600).nullable().default(null),
  /** Under the coupon, the referral line; `{amount}` is the referral amount as the country writes it. */
  referral_amount: text(300).nullable().default(null),
  /** On the services step: how a group of more than 10 people books a company event. */
  company_events: text(600).nullable().default(null),
});
export type PartnerCopy = z.infer<typeof partnerCopySchema>;

/** A partner's terms and conditions, rendered by the terms step. */
export const partnerTermsSchema = z.object({
  title: text(200),
  /** Shown under the title: who the terms are between, when they apply. */
  intro: text(2000).optional(),
  sections: z
    .array(
      z.object({
        heading: text(200),
        paragraphs: z.array(text(2000)).max(30).default([]),
        items: z.array(text(1000)).max(50).default([]),
      }),
    )
    .min(1, 'Los términos necesitan al menos una sección.')
    .max(30),
});
export type PartnerTerms = z.infer<typeof partnerTermsSchema>;

/** The help box: a question, one way to reach a person, and the hours. */
export const partnerHelpSchema = z.object({
  question: text(200),
  action: z.object({
    kind: z.enum(['whatsapp', 'phone', 'email']),
    label: text(80),
    href: z
      .string()
      .max(500)
      .regex(
        /^(https:\/\/|tel:\+?[\d-]{6,20}$|mailto:[^\s@]+@[^\s@]+$)/,
        'Debe ser https://, tel: o mailto:.',
      ),
  }),
  hours: text(300),
});
export type PartnerHelp = z.infer<typeof partnerHelpSchema>;

export const partnerProfileSchema = z.object({
  /** Hours before the visit after which 'Cancelar reserva' and 'Cambiar fecha u hora' close. */
  cancellation_cutoff_hours: z
    .number()
    .int()
    .min(0)
    .max(24 * 14)
    .default(DEFAULT_CANCELLATION_CUTOFF_HOURS),
  /** Confirmation, change and reminder e-mails to the booking's contact and patients. */
  booking_emails: z.boolean().default(true),
  webhook: partnerWebhookSchema.nullable().default(null),
  rules: partnerRulesSchema.default(partnerRulesSchema.parse({})),
  copy: partnerCopySchema.default(partnerCopySchema.parse({})),
  terms: partnerTermsSchema.nullable().default(null),
  /** null keeps the country's help box; the box is hidden when the footer is 'none'. */
  help: partnerHelpSchema.nullable().default(null),
  /** 'operated': 'Operado por'; 'alliance': 'En alianza con'; 'none': no shell footer or help. */
  footer: z.enum(['operated', 'alliance', 'none']).default('operated'),
});
export type PartnerProfile = z.infer<typeof partnerProfileSchema>;

/** What the widget is served: the profile without the webhook (its URL and secret are the partner's). */
export const publicPartnerProfileSchema = partnerProfileSchema.omit({ webhook: true });
export type PublicPartnerProfile = z.infer<typeof publicPartnerProfileSchema>;

/** A stored profile read safely: anything unreadable falls back to the defaults, field by field. */
export function readPartnerProfile(stored: unknown): PartnerProfile {
  const parsed = partnerProfileSchema.safeParse(stored ?? {});
  if (parsed.success) return parsed.data;
  const defaults = partnerProfileSchema.parse({});
  const value = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(partnerProfileSchema.shape) as (keyof PartnerProfile)[]) {
    const one = partnerProfileSchema.shape[key].safeParse(value[key]);
    out[key] = one.success ? one.data : defaults[key];
  }
  return out as PartnerProfile;
}

export function publicPartnerProfile(profile: PartnerProfile): PublicPartnerProfile {
  const { webhook: _webhook, ...rest } = profile;
  return rest;
}
