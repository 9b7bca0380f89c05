import { IVA } from './constants.ts';
import { type CountryCode, localeFromCountry } from './locale.ts';

/** Price minus price times percent/100. */
export function applyPercentageDiscount(price: number, percent: number): number {
  return price - (price * percent) / 100;
}

export interface FormatCurrencyOptions {
  /** Round down to an integer (the default); false keeps up to 2 decimals. */
  floor?: boolean;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(countryCode: CountryCode, floor: boolean): Intl.NumberFormat {
  const key = `${countryCode}:${floor}`;
  const cached = formatters.get(key);
  if (cached) return cached;
  const { code, currency } = localeFromCountry(countryCode);
  const options: Intl.NumberFormatOptions = {
    style: 'currency',
    currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: floor ? 0 : 2,
  };
  let formatter: Intl.NumberFormat;
  try {
    formatter = new Intl.NumberFormat(code, {
      ...options,
      currencyDisplay: 'narrowSymbol',
    });
  } catch {
    // Older engines reject narrowSymbol: the product asks for it only "when supported".
    /* v8 ignore next */
    formatter = new Intl.NumberFormat(code, options);
  }
  formatters.set(key, formatter);
  return formatter;
}

/**
 * An amount as currency: es-CL/CLP (dot thousands) or es-MX/MXN (comma thousands), narrow '$'
 * symbol, rounded down to an integer unless `floor: false`.
 */
export function formatCurrency(
  amount: number,
  countryCode: CountryCode,
  options: FormatCurrencyOptions = {},
): string {
  const floor = options.floor ?? true;
  const value = floor ? Math.floor(amount) : amount;
  // Avoid '-$0' / '$-0' for amounts that floor to negative zero.
  return formatterFor(countryCode, floor).format(Object.is(value, -0) ? 0 : value);
}

// ---- Amount step ('Monto a Pagar') ----

export const AMOUNT_SUBTOTAL_REQUIRED_MESSAGE = 'El subtotal es obligatorio';
export const AMOUNT_DISCOUNT_OVER_SUBTOTAL_MESSAGE = 'El descuento no puede ser mayor al subtotal';
/** Our wording. */
export const AMOUNT_NEGATIVE_MESSAGE = 'El monto no puede ser negativo';
export const AMOUNT_STEP_MESSAGE = 'El monto puede tener como máximo 2 decimales';

function toCents(value: number): number {
  return Math.round(value * 100);
}

/**
 * The amount step's IVA and total on (subtotal - promotion), at the country's rate: in Mexico
 * iva = net * 0.16 and total = net * 1.16, each to 2 decimals; in Chile iva = net * 0.19 and
 * total = net * 1.19, each in whole pesos.
 */
export function computeAmountToPay(
  subtotal: number,
  promotion: number,
  country: CountryCode,
): { iva: number; total: number } {
  const { percent, decimals } = IVA[country];
  // Integer cents so that x.xx5 rounds the way a person expects, not as binary floats do.
  const netCents = toCents(subtotal) - toCents(promotion);
  const unit = decimals === 0 ? 100 : 1;
  const rounded = (cents: number) => (Math.round(cents / unit) * unit) / 100;
  return {
    iva: rounded((netCents * percent) / 100),
    total: rounded((netCents * (100 + percent)) / 100),
  };
}

export interface AmountInput {
  subtotal: number | null | undefined;
  promotion: number | null | undefined;
}
export type AmountErrors = Partial<Record<'subtotal' | 'promotion', string>>;

function hasMoreThanTwoDecimals(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) > 1e-6;
}

/** The amount form: subtotal required, both min 0 step 0.01, promotion not above the subtotal. */
export function validateAmountToPay(input: AmountInput): AmountErrors {
  const errors: AmountErrors = {};
  const { subtotal, promotion } = input;
  if (subtotal === null || subtotal === undefined || Number.isNaN(subtotal)) {
    errors.subtotal = AMOUNT_SUBTOTAL_REQUIRED_MESSAGE;
  } else if (subtotal < 0) {
    errors.subtotal = AMOUNT_NEGATIVE_MESSAGE;
  } else if (hasMoreThanTwoDecimals(subtotal)) {
    errors.subtotal = AMOUNT_STEP_MESSAGE;
  }
  if (promotion !== null && promotion !== undefined && !Number.isNaN(promotion)) {
    if (promotion < 0) errors.promotion = AMOUNT_NEGATIVE_MESSAGE;
    else if (hasMoreThanTwoDecimals(promotion)) errors.promotion = AMOUNT_STEP_MESSAGE;
    else if (errors.subtotal === undefined && typeof subtotal === 'number' && subtotal < promotion) {
      errors.promotion = AMOUNT_DISCOUNT_OVER_SUBTOTAL_MESSAGE;
    }
  }
  return errors;
}
