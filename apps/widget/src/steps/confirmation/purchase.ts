import type { Cart } from '@visita/domain/cart';
import type { WidgetEventPayloads } from '@visita/domain/host-messages';
import { localeFromCountry } from '@visita/domain/locale';
import type { StoreApi } from 'zustand';
import type { PriceStore } from '../../stores/price-store.ts';

/**
 * The total the quote answers, once it has: a person may confirm before the step's quote came
 * back (it is asked for 800 ms after the step opens), and the purchase must not say 0 then.
 * Gives up waiting after `waitMs` and says what the store has.
 */
export function settledTotal(price: StoreApi<PriceStore>, waitMs = 5000): Promise<number> {
  if (!price.getState().isLoadingPrice) return Promise.resolve(price.getState().cartPrice);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve(price.getState().cartPrice);
    };
    const timer = setTimeout(done, waitMs);
    const unsubscribe = price.subscribe((state) => {
      if (!state.isLoadingPrice) done();
    });
  });
}

/**
 * The purchase event's detail from the confirmed cart: each distinct service with its unit price
 * and how many patients take it, the total the quote answered. Ids and amounts only.
 */
export function purchaseOf(
  appointmentId: string,
  cart: Pick<Cart, 'patients'>,
  total: number,
  countryCode: string,
): WidgetEventPayloads['purchase'] {
  const items = new Map<string, { id: string; price: number; quantity: number }>();
  for (const patient of cart.patients) {
    for (const item of patient.items) {
      const id = String(item.id);
      const known = items.get(id);
      if (known) known.quantity += 1;
      else items.set(id, { id, price: item.price ?? 0, quantity: 1 });
    }
  }
  return {
    appointmentId,
    currency: localeFromCountry(countryCode).currency,
    total,
    items: [...items.values()],
  };
}
