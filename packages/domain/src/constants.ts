/**
 * Business constants and limits of the product, named, in one place.
 * Rules that use them import them from here so a limit is changed once.
 */
import type { CountryCode } from './locale.ts';

export { DEFAULT_COLOR } from './theme.ts';

// ---- Address, services and prices ----

/** Address search: debounce, suggestion list height, Mexican postal codes looked up. */
export const ADDRESS_SUGGESTION_DEBOUNCE_MS = 1500;
export const ADDRESS_SUGGESTION_LIST_MAX_HEIGHT_PX = 200;
export const MX_POSTAL_CODE_SUGGESTIONS_MAX = 2;

/** Delays of the services and payment steps. */
export const PRICE_REQUOTE_DELAY_MS = 800;
export const EXAM_SEARCH_DEBOUNCE_MS = 300;
export const PAYMENT_OPTION_SWITCH_DELAY_MS = 500;
export const ANIMATION_FAST_MS = 150;
export const ANIMATION_SLOW_MS = 300;
export const OUTBOUND_LINK_ANALYTICS_WAIT_MS = 250;

/** Place types of the address step: Casa, Departamento, Otro. */
export const RESIDENCE_TYPES = ['house', 'apartment', 'unknown'] as const;
export type ResidenceType = (typeof RESIDENCE_TYPES)[number];

/** Address form limits. */
export const APARTMENT_NUMBER_MAX_LENGTH = 100;
export const ADDITIONAL_INFO_MAX_LENGTH = 500;

/** Results time grows when results count only business days and the visit falls on a weekend. */
export const RESULTS_EXTRA_HOURS_SUNDAY = 24;
export const RESULTS_EXTRA_HOURS_SATURDAY = 48;

/** Communes where Fonasa pricing is not offered. */
export const COMMUNES_WITHOUT_FONASA = [
  'El Monte',
  'Isla de Maipo',
  'Melipilla',
  'Peñaflor',
  'Talagante',
] as const;

/** One clinic's terms: lab coverage communes; vaccines add three more. */
export const LAB_COVERAGE_COMMUNES = [
  'Vitacura',
  'Providencia',
  'Lo Barnechea',
  'Las Condes',
  'Chicureo',
] as const;
export const VACCINE_COVERAGE_COMMUNES = [
  ...LAB_COVERAGE_COMMUNES,
  'Ñuñoa',
  'La Reina',
  'Huechuraba',
] as const;

/** Medical-order quotation promise. */
export const QUOTE_PROMISE_HOURS = 2;
/** Referral amount as the copy displays it. */
export const REFERRAL_AMOUNT_DISPLAY: Readonly<Record<CountryCode, string>> = {
  cl: '7.000',
  mx: '180',
};
export const RAPID_ANTIGEN_RESULTS_MINUTES = 15;
/** Negative-result certificate delay for bookings before the cut-off hour. */
export const CERTIFICATE_HOURS: Readonly<Record<CountryCode, number>> = {
  cl: 7,
  mx: 2,
};
export const CERTIFICATE_BOOKING_CUTOFF = '18:00';
export const PCR_ISAPRE_REFUND_CAP = 22_000;
/** Company events are offered for more than this many people. */
export const COMPANY_EVENT_MIN_PEOPLE_EXCLUSIVE = 10;

/** Defaults of a manual confirmation (both parts). */
export const DEFAULT_PAYMENT_METHOD = 'In address';
export const DEFAULT_PAYMENT_GATEWAY = 'Partner';

/** Generic toast helper. `null`: a loading toast has no time limit. */
export const TOAST_DURATION_BY_KIND_MS = {
  error: 4000,
  success: 2000,
  blank: 4000,
  custom: 4000,
  loading: null,
} as const;
export const TOAST_LIMIT = 20;

// ---- Scheduling, patients, payment and orders ----

/** Availability: today up to one month ahead, a 7-day strip, up to 5 weeks scanned at first. */
export const AVAILABILITY_HORIZON_MONTHS = 1;
export const WEEK_STRIP_DAYS = 7;
export const INITIAL_AVAILABILITY_SCAN_WEEKS = 5;

/**
 * IVA applied by the amount step, in percent: the country's rate (Chile 19 %, Mexico 16 %), and
 * the unit it is rounded to (whole pesos in Chile, cents in Mexico).
 */
export const IVA: Readonly<Record<CountryCode, { percent: number; decimals: 0 | 2 }>> = {
  cl: { percent: 19, decimals: 0 },
  mx: { percent: 16, decimals: 2 },
};

/** Phone input. */
export const PHONE_MAX_LENGTH_DEFAULT = 15;
export const PHONE_MAX_LENGTH: Readonly<Record<CountryCode, number>> = {
  cl: 12,
  mx: 13,
};
export const PHONE_PREFIX: Readonly<Record<CountryCode, string>> = {
  cl: '+56',
  mx: '+52',
};
export const CL_MOBILE_PREFIX = '+569';
export const PHONE_PLACEHOLDER = '1 (702) 123-4567';
export const PHONE_MASK = '... ... ... ... ..';
export const PHONE_COUNTRY_SEARCH_DEBOUNCE_MS = 250;

/** Identity documents and ages. */
export const RUT_MAX_LENGTH = 12;
export const PASSPORT_MAX_LENGTH = 15;
export const VACCINE_MIN_AGE_YEARS = 3;
export const BIRTH_YEAR_CHOICES = 110;

export const ORIGIN_SEARCH_DEBOUNCE_MS = 800;
/** Toasts (the close warning's 10 s: close-warning.ts). */
export const TOAST_DURATION_MS = 5000;

/** Service hours of the medical-order team: Monday (1) to Saturday (6), 8:30 to 17:30. */
export const SERVICE_HOURS = {
  fromWeekday: 1,
  toWeekday: 6,
  opens: '08:30',
  closes: '17:30',
} as const;

/** Card numbers, security codes, amount limits and accreditation time. */
export const CARD_BRANDS = [
  'visa',
  'master',
  'amex',
  'diners',
  'magna',
  'presto',
  'debmaster',
  'debvisa',
  'redcompra',
] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];
export const CARD_NUMBER_LENGTH: Readonly<Record<CardBrand, number>> = {
  visa: 16,
  master: 16,
  magna: 16,
  presto: 16,
  debmaster: 16,
  debvisa: 16,
  redcompra: 16,
  amex: 15,
  diners: 14,
};
export const SECURITY_CODE_LENGTH_DEFAULT = 3;
export const SECURITY_CODE_LENGTH_AMEX = 4;
export const PAYMENT_TYPES = ['credit_card', 'debit_card', 'bank_transfer'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
/** Webpay is the bank_transfer payment type of the catalogue. */
export const PAYMENT_AMOUNT_LIMITS: Readonly<Record<PaymentType, { min: number; max: number }>> = {
  credit_card: { min: 1, max: 11_000_000 },
  debit_card: { min: 1, max: 3_000_000 },
  bank_transfer: { min: 50, max: 3_000_000 },
};
/** Minutes until the payment is accredited. */
export const ACCREDITATION_TIME_MINUTES: Readonly<Record<PaymentType, number>> = {
  credit_card: 2880,
  debit_card: 0,
  bank_transfer: 20,
};

/** Medical-order uploads. */
export const UPLOAD_MAX_BYTES = 15_000_000;
export const UPLOAD_COMPRESSION_THRESHOLD_BYTES = 3_000_000;
export const UPLOAD_MAX_IMAGE_SIDE_PX = 1000;
export const UPLOAD_FILES_PER_SELECTION = 1;
export const UPLOAD_ALLOWED_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

export const DOCUMENT_TYPES = ['ci', 'passport', 'generic_id'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

/** Rows of the price table, in order. */
export const PRICE_TABLE_ROWS = [
  'total-exams',
  'fonasa-bonus',
  'discount',
  'service',
  'total-amount',
] as const;

/** Benefits-fund (flu vaccine) promotion. */
export const BENEFITS_FUND_PROMOTION = {
  price: 6990,
  maxVaccinesPerAppointment: 2,
  freeReschedulingHoursBefore: 24,
  reschedulingFee: 3000,
  stock: 1000,
} as const;

/** One Chilean clinic's home lab and vaccination terms. */
export const CLINIC_TERMS = {
  homeServiceFee: 11_000,
  catheterSamplingSurchargePerPatient: 15_000,
  urineStoolPickupPerVisit: 7000,
  vaccineDosePrice: 122_570,
  paidVaccineDoses: 2,
  cancellationNoticeHours: 24,
  orderUploadMaxMegabytes: 15,
  documentsWithinHours: 48,
  transfersReceived: {
    fromWeekday: 1,
    toWeekday: 5,
    opens: '08:00',
    closes: '14:00',
  },
} as const;

export const PAGE_TITLE_PREFIX = 'Servicios médicos a domicilio - ';

/** 'Servicios médicos a domicilio - {brand} & {client name}'. */
export function pageTitle(brand: string, clientName: string): string {
  return `${PAGE_TITLE_PREFIX}${brand} & ${clientName}`;
}

/** Each country's time zone: "today" for the date strip and the birth-date rules is a date there. */
export const COUNTRY_TIME_ZONES: Readonly<Record<CountryCode, string>> = {
  cl: 'America/Santiago',
  mx: 'America/Mexico_City',
};
