import { PRICE_TABLE_ROWS } from './constants.ts';
import type { CartPriceAnswer } from './contract/pricing.ts';
import { type Insurance, showsFonasaBonus } from './insurance.ts';
import type { CountryCode } from './locale.ts';
import { LOADING_MESSAGE, PRICE_AT_HOME_TEXT } from './messages.ts';
import { formatCurrency } from './money.ts';

export type PriceTableRowKey = (typeof PRICE_TABLE_ROWS)[number];

export interface PriceTableRow {
  key: PriceTableRowKey;
  amount: number;
  /** What the cell shows: the amount as currency, 'Espere...' while loading, or the at-home text. */
  text: string;
}

export interface PriceTableOptions {
  countryCode: CountryCode;
  insurances: readonly Insurance[];
  loading: boolean;
  /** Sources whose exam price is computed at the visit show 'A calcular en domicilio'. */
  examPriceAtHome?: boolean;
}

/**
 * The price table: total exams, fonasa bonus (only in Chile when a patient has
 * fonasa), discount, service, total amount.
 */
export function priceTableRows(price: CartPriceAnswer, options: PriceTableOptions): PriceTableRow[] {
  const amounts: Record<PriceTableRowKey, number> = {
    'total-exams': price.base_price,
    'fonasa-bonus': price.fonasa_discount,
    discount: price.discount,
    service: price.service_fee,
    // With the exams priced at the visit, only what is paid now is a total: the card is charged
    // the net price minus what is paid at home, and the table must say that same amount.
    'total-amount': options.examPriceAtHome
      ? Math.max(0, price.net_price - price.payment_at_home)
      : price.net_price,
  };
  return PRICE_TABLE_ROWS.filter(
    (key) => key !== 'fonasa-bonus' || showsFonasaBonus(options.countryCode, options.insurances),
  ).map((key) => {
    const amount = amounts[key];
    let text = formatCurrency(amount, options.countryCode);
    if (options.loading) text = LOADING_MESSAGE;
    else if (key === 'total-exams' && options.examPriceAtHome) text = PRICE_AT_HOME_TEXT;
    return { key, amount, text };
  });
}
