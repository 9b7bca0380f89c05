import {
  ACCREDITATION_TIME_MINUTES,
  CARD_NUMBER_LENGTH,
  type CardBrand,
  PAYMENT_AMOUNT_LIMITS,
  type PaymentType,
  SECURITY_CODE_LENGTH_AMEX,
  SECURITY_CODE_LENGTH_DEFAULT,
} from './constants.ts';
import type { CountryCode } from './locale.ts';
import { formatCurrency } from './money.ts';

// ---- Messages ----

export const CARD_NUMBER_MESSAGE = 'Número de tarjeta incorrecto';
export const CARD_NAME_MESSAGE = 'Nombre de titular incorrecto';
export const CARD_EXPIRY_MESSAGE = 'Expiración vencida';
export const CARD_CVC_MESSAGE = 'CVC está incompleto';
/** The slug a failed card tokenisation gives. */
export const CARD_TOKEN_ERROR = 'card token';
export const STOCKOUT_ERROR = 'stockout';
export const STOCKOUT_MESSAGE =
  'Lamentamos informarte que este producto está sin stock (1.000 dosis). Gracias por tu comprensión y por elegirnos.';
export const UNEXPECTED_PAYMENT_ERROR_MESSAGE = 'Ocurrió un error inesperado.';
export const NOT_PAYABLE_SERVER_ERROR = 'Appointment must be in status scheduled to be paid.';
export const PAYMENT_REJECTION_MESSAGES: Readonly<Record<string, string>> = {
  cc_rejected_call_for_authorize: 'Pago rechazado con validación para autorizar.',
  cc_rejected_insufficient_amount: 'Pago rechazado por fondos insuficientes.',
  cc_rejected_bad_filled_security_code: 'Pago rechazado por código de seguridad inválido.',
  cc_rejected_bad_filled_date: 'Pago rechazado por un problema con la fecha de expiración.',
  cc_rejected_bad_filled_other: 'Pago rechazado debido a un error en el formulario.',
  [NOT_PAYABLE_SERVER_ERROR]:
    'Pago rechazado porque la cita ya se encuentra pagada o no esta en un estado en el que se puede pagar.',
};
export const PAYMENT_METHOD_TITLE_DEFAULT = 'Método de pago';

/**
 * Payment status labels of a confirmation: successful only when a charge succeeded (or the
 * partner's staff recorded it so); pending when nothing was charged; company billed when the
 * whole visit is owed by the patient's company (split payment).
 */
export const PAYMENT_STATUS = {
  PAYMENT_PENDING: 'Payment Pending',
  PAYMENT_SUCCESSFUL: 'Payment Successful',
  COMPANY_BILLED: 'Company Billed',
} as const;
export type PaymentStatus = (typeof PAYMENT_STATUS)[keyof typeof PAYMENT_STATUS];

/**
 * The text for a payment error: a rejection code or the not-payable server text gets its Spanish
 * message; an unmapped rejection code the generic one; an error array its first element; any
 * other text is shown as it is.
 */
export function paymentErrorMessage(error: unknown): string {
  const first = Array.isArray(error) ? error[0] : error;
  if (typeof first !== 'string' || first.trim() === '') return UNEXPECTED_PAYMENT_ERROR_MESSAGE;
  const mapped = PAYMENT_REJECTION_MESSAGES[first];
  if (mapped) return mapped;
  if (/^(cc_rejected|rejected)/.test(first)) return UNEXPECTED_PAYMENT_ERROR_MESSAGE;
  return first;
}

// ---- The static payment-method catalogue ----

export type SecurityCodeLocation = 'back' | 'front';

export interface PaymentMethod {
  id: CardBrand | 'webpay';
  name: string;
  payment_type_id: PaymentType;
  status: 'active';
  /** Null for webpay, which takes no card number. */
  card_number_length: number | null;
  /** Number prefixes of the brand, and those that belong to another brand. */
  pattern: RegExp | null;
  exclusion_pattern: RegExp | null;
  security_code: {
    length: number;
    card_location: SecurityCodeLocation;
    mode: 'mandatory' | 'optional';
  };
  min_allowed_amount: number;
  max_allowed_amount: number;
  accreditation_time: number;
}

/**
 * Debit prefixes. The product names only 405188 (a debit card without CVC); the other Chilean debit
 * BIN lists are not in it and are added here as they become known.
 */
export const DEBIT_VISA_PREFIXES: readonly string[] = ['405188'];
export const DEBIT_MASTER_PREFIXES: readonly string[] = [];
export const REDCOMPRA_PREFIXES: readonly string[] = [];
/** The one debit prefix whose cards carry no security code. */
export const NO_CVC_PREFIX = '405188';

function prefixPattern(prefixes: readonly string[]): RegExp | null {
  return prefixes.length > 0 ? new RegExp(`^(${prefixes.join('|')})`) : null;
}

const DEBIT_PATTERN = prefixPattern([
  ...DEBIT_VISA_PREFIXES,
  ...DEBIT_MASTER_PREFIXES,
  ...REDCOMPRA_PREFIXES,
]);

function method(
  id: CardBrand,
  name: string,
  payment_type_id: PaymentType,
  pattern: RegExp | null,
  exclusion_pattern: RegExp | null = null,
): PaymentMethod {
  const amex = id === 'amex';
  return {
    id,
    name,
    payment_type_id,
    status: 'active',
    card_number_length: CARD_NUMBER_LENGTH[id],
    pattern,
    exclusion_pattern,
    security_code: {
      length: amex ? SECURITY_CODE_LENGTH_AMEX : SECURITY_CODE_LENGTH_DEFAULT,
      card_location: amex ? 'front' : 'back',
      mode: 'mandatory',
    },
    min_allowed_amount: PAYMENT_AMOUNT_LIMITS[payment_type_id].min,
    max_allowed_amount: PAYMENT_AMOUNT_LIMITS[payment_type_id].max,
    accreditation_time: ACCREDITATION_TIME_MINUTES[payment_type_id],
  };
}

/**
 * Ordered so that narrow prefixes win: debit lists and the local cards (Magna 568000-568099,
 * Presto 920000-920099, as MercadoPago Chile publishes them) before the networks.
 */
export const PAYMENT_METHODS: readonly PaymentMethod[] = [
  method('debvisa', 'Visa Débito', 'debit_card', prefixPattern(DEBIT_VISA_PREFIXES)),
  method('debmaster', 'Mastercard Débito', 'debit_card', prefixPattern(DEBIT_MASTER_PREFIXES)),
  method('redcompra', 'Redcompra', 'debit_card', prefixPattern(REDCOMPRA_PREFIXES)),
  method('magna', 'Magna', 'credit_card', /^5680/),
  method('presto', 'Presto', 'credit_card', /^9200/),
  method('visa', 'Visa', 'credit_card', /^4/, DEBIT_PATTERN),
  method(
    'master',
    'Mastercard',
    'credit_card',
    /^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/,
    DEBIT_PATTERN,
  ),
  method('amex', 'American Express', 'credit_card', /^3[47]/),
  method('diners', 'Diners', 'credit_card', /^(30[0-5]|36|38|39)/),
  {
    id: 'webpay',
    name: 'Webpay',
    payment_type_id: 'bank_transfer',
    status: 'active',
    card_number_length: null,
    pattern: null,
    exclusion_pattern: null,
    security_code: { length: 0, card_location: 'back', mode: 'optional' },
    min_allowed_amount: PAYMENT_AMOUNT_LIMITS.bank_transfer.min,
    max_allowed_amount: PAYMENT_AMOUNT_LIMITS.bank_transfer.max,
    accreditation_time: ACCREDITATION_TIME_MINUTES.bank_transfer,
  },
];

// ---- Card number ----

export function cleanCardNumber(value: string): string {
  return value.replace(/\D/g, '');
}

/** The catalogue entry a number's prefix belongs to, or null until a number is recognised. */
export function detectPaymentMethod(
  number: string,
  catalogue: readonly PaymentMethod[] = PAYMENT_METHODS,
): PaymentMethod | null {
  const digits = cleanCardNumber(number);
  if (digits === '') return null;
  return (
    catalogue.find(
      (entry) => entry.pattern?.test(digits) === true && !(entry.exclusion_pattern?.test(digits) ?? false),
    ) ?? null
  );
}

export function detectCardBrand(number: string, catalogue?: readonly PaymentMethod[]): CardBrand | null {
  const found = detectPaymentMethod(number, catalogue);
  return found && found.id !== 'webpay' ? found.id : null;
}

/** Luhn (mod 10) checksum. */
export function isLuhnValid(number: string): boolean {
  const digits = cleanCardNumber(number);
  if (digits.length < 2) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A number passes when its brand is known, its length is the brand's and the Luhn check holds. */
export function validateCardNumber(number: string, catalogue?: readonly PaymentMethod[]): string | null {
  const digits = cleanCardNumber(number);
  const found = detectPaymentMethod(digits, catalogue);
  if (!found || digits.length !== found.card_number_length || !isLuhnValid(digits))
    return CARD_NUMBER_MESSAGE;
  return null;
}

/** The mask: groups of 4, up to the brand's length (16 when unknown). */
export function formatCardNumber(number: string): string {
  const max = detectPaymentMethod(number)?.card_number_length ?? 16;
  const digits = cleanCardNumber(number).slice(0, max);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

// ---- Holder name ----

export function validateCardName(name: string | null | undefined): string | null {
  return name?.trim() ? null : CARD_NAME_MESSAGE;
}

// ---- Expiry MM/YY ----

/** The expiry mask: 'MMYY' typed becomes 'MM/YY'. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** MM/YY with month 1-12 and a 2-digit year, not before the current month (`now` is passed in). */
export function validateExpiry(
  value: string | null | undefined,
  now: { year: number; month: number },
): string | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(value?.trim() ?? '');
  if (!match) return CARD_EXPIRY_MESSAGE;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return CARD_EXPIRY_MESSAGE;
  if (year < now.year || (year === now.year && month < now.month)) return CARD_EXPIRY_MESSAGE;
  return null;
}

// ---- Security code ----

export interface SecurityCodeRule {
  required: boolean;
  length: number;
  location: SecurityCodeLocation;
}

/** 3 digits on the back, amex 4 on the front; cards starting 405188 have none. */
export function securityCodeRule(number: string, catalogue?: readonly PaymentMethod[]): SecurityCodeRule {
  const digits = cleanCardNumber(number);
  if (digits.startsWith(NO_CVC_PREFIX)) return { required: false, length: 0, location: 'back' };
  const found = detectPaymentMethod(digits, catalogue);
  const code = found?.security_code ?? {
    length: SECURITY_CODE_LENGTH_DEFAULT,
    card_location: 'back',
  };
  return { required: true, length: code.length, location: code.card_location };
}

/** At least 3 characters (the brand's length: amex 4), none for the 405188 exception. */
export function validateCvc(cvc: string | null | undefined, number: string): string | null {
  const rule = securityCodeRule(number);
  if (!rule.required) return null;
  const digits = (cvc ?? '').replace(/\D/g, '');
  return digits.length >= Math.max(SECURITY_CODE_LENGTH_DEFAULT, rule.length) ? null : CARD_CVC_MESSAGE;
}

// ---- The whole form ----

export interface CardForm {
  cardNumber: string;
  cardName: string;
  expDate: string;
  cvc: string;
}
export type CardFormErrors = Partial<Record<keyof CardForm, string>>;

export function validateCardForm(form: CardForm, now: { year: number; month: number }): CardFormErrors {
  const errors: CardFormErrors = {};
  const number = validateCardNumber(form.cardNumber);
  if (number) errors.cardNumber = number;
  const name = validateCardName(form.cardName);
  if (name) errors.cardName = name;
  const expiry = validateExpiry(form.expDate, now);
  if (expiry) errors.expDate = expiry;
  const cvc = validateCvc(form.cvc, form.cardNumber);
  if (cvc) errors.cvc = cvc;
  return errors;
}

/** Amount limits per payment type: credit 1..11,000,000; debit 1..3,000,000; webpay 50..3,000,000. */
export function isAmountAllowed(amount: number, paymentType: PaymentType): boolean {
  const { min, max } = PAYMENT_AMOUNT_LIMITS[paymentType];
  return amount >= min && amount <= max;
}

/** The slug of a card payment whose amount is outside its payment type's limits. */
export const AMOUNT_OUT_OF_RANGE_ERROR = 'amount-out-of-range';

const PAYMENT_TYPE_NAMES: Readonly<Record<PaymentType, string>> = {
  credit_card: 'tarjeta de crédito',
  debit_card: 'tarjeta de débito',
  bank_transfer: 'Webpay',
};

/**
 * Why an amount cannot be paid with this payment type, or null when it can. The limits are the
 * Chilean catalogue's, in pesos: the API refuses the charge with this text and the widget shows
 * it before asking.
 */
export function amountLimitMessage(amount: number, paymentType: PaymentType): string | null {
  const { min, max } = PAYMENT_AMOUNT_LIMITS[paymentType];
  const name = PAYMENT_TYPE_NAMES[paymentType];
  if (amount > max)
    return `El monto a pagar supera el máximo de ${formatCurrency(max, 'cl')} que se puede pagar con ${name}. Paga con otro medio de pago o divide los servicios en más de una cita.`;
  if (amount < min)
    return `El monto a pagar es menor al mínimo de ${formatCurrency(min, 'cl')} que se puede pagar con ${name}. Paga con otro medio de pago.`;
  return null;
}

/** The payment type of a catalogue id (a card brand or webpay). */
export function paymentTypeOf(id: PaymentMethod['id']): PaymentType | null {
  return PAYMENT_METHODS.find((entry) => entry.id === id)?.payment_type_id ?? null;
}

// ---- Payment options ----

export type PaymentOptionKey = 'debit' | 'mercadopago' | 'home' | 'mx-mercadopago';

export interface PaymentOption {
  key: PaymentOptionKey;
  country: CountryCode;
}

/** debit and mercadopago credit in Chile; pay at home and mercadopago credit in Mexico. */
export const PAYMENT_OPTIONS: readonly PaymentOption[] = [
  { key: 'debit', country: 'cl' },
  { key: 'mercadopago', country: 'cl' },
  { key: 'home', country: 'mx' },
  { key: 'mx-mercadopago', country: 'mx' },
];

/**
 * The options a booking is offered: the country's, narrowed to the partner's own list when its
 * profile has one (rules.payment_methods; a hospital group that takes no card online, say). An
 * option of another country is never offered.
 */
export function paymentOptionsFor(
  countryCode: CountryCode,
  partnerMethods: readonly PaymentOptionKey[] | null | undefined,
): PaymentOption[] {
  return PAYMENT_OPTIONS.filter(
    (option) => option.country === countryCode && (!partnerMethods || partnerMethods.includes(option.key)),
  );
}

/** Continue is enabled at once for pay-at-home; card options follow their form's validity. */
export function canContinuePayment(
  key: PaymentOptionKey | null,
  cardFormValid: boolean,
  loading: boolean,
): boolean {
  if (!key || loading) return false;
  return key === 'home' || cardFormValid;
}
