import type { CartItem } from './cart-item.ts';
import { REFERRAL_AMOUNT_DISPLAY } from './constants.ts';
import type { CountryCode } from './locale.ts';
import { resultsHours } from './results.ts';

/** A partner's text with its placeholders ({hours}, {amount}) filled; null when one has no value. */
export function fillPartnerText(
  template: string,
  values: Readonly<Record<string, string | number | null>>,
): string | null {
  let missing = false;
  const text = template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    if (!(key in values)) return whole;
    const value = values[key];
    if (value === null || value === undefined) {
      missing = true;
      return whole;
    }
    return String(value);
  });
  return missing ? null : text;
}

/**
 * The partner's result-delivery text for a visit on `visitDate`, `{hours}` being the latest
 * results time of the cart's items by the rule (business-day items a day later on
 * Sunday, two on Saturday). Null without a text, or when it needs hours no item gives.
 */
export function resultsDeliveryText(
  template: string | null,
  items: readonly Pick<CartItem, 'results_hours' | 'results_on_business_days'>[],
  visitDate: string | null,
): string | null {
  if (!template) return null;
  const hours = visitDate
    ? items.reduce<number | null>((latest, item) => {
        const own = resultsHours(item, visitDate);
        return own === null ? latest : Math.max(latest ?? 0, own);
      }, null)
    : null;
  return fillPartnerText(template, { hours });
}

/** The partner's referral text, `{amount}` being the referral amount as the country's copy shows it. */
export function referralAmountText(template: string | null, country: CountryCode): string | null {
  return template ? fillPartnerText(template, { amount: `$${REFERRAL_AMOUNT_DISPLAY[country]}` }) : null;
}
