import { PRICE_REQUOTE_DELAY_MS } from '@visita/domain/constants';
import { cartPriceBody, quoteKey } from '@visita/domain/quote';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { getCartPrice } from '../api/cart-price.ts';
import { HttpError } from '../api/http.ts';
import { useCart, usePrice, useSession, useWidgetStores } from '../stores/widget-stores.tsx';

/**
 * Price loading: when the items, the count of fonasa patients or the coupon
 * change and an address exists, isLoadingPrice is set and the quote is asked for after 800 ms;
 * a change in between cancels the wait and aborts the request in flight (AbortController).
 * Success fills the price store and clears the error; failure stores the error text; a
 * cancelled request is ignored. Not a query of the cache: its answer is the price store that every
 * step reads, and the wait between changes is the product's rule. A step that opens on the quote
 * an earlier step already has (the same cart, coupon and address) shows its amounts at once and
 * refreshes them quietly, without 'Espere...'.
 */
export function usePriceQuote() {
  const stores = useWidgetStores();
  const patients = useCart((state) => state.cart.patients);
  const coupon = useSession((state) => (state.coupon.valid ? state.coupon.code : null));
  const commune = useSession((state) => state.addressData?.commune ?? null);
  const latitude = useSession((state) => state.addressData?.latitude);
  const key = `${quoteKey(patients, coupon)}@${commune ?? ''}`;
  const patientsRef = useRef(patients);
  useLayoutEffect(() => {
    patientsRef.current = patients;
  });

  useEffect(() => {
    const session = stores.session.getState();
    const price = stores.price.getState();
    if (!commune) return;
    const quotedFor = `${key}@${latitude ?? ''}`;
    const known = price.quotedFor === quotedFor && price.errorPrice === null;
    const body = cartPriceBody(patientsRef.current, {
      country: session.countryCode,
      locality: commune,
      coupon,
      source: session.salesSource,
    });
    price.update({ isLoadingPrice: !known, coupon });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const address = stores.session.getState().addressData;
      getCartPrice(
        body,
        {
          apiToken: session.apiToken,
          appointmentToken: stores.session.getState().appointmentToken,
          address: address ? { latitude: address.latitude, longitude: address.longitude } : null,
        },
        controller.signal,
      )
        .then((answer) => {
          if (controller.signal.aborted) return;
          stores.price.getState().update({
            basePrice: answer.base_price,
            serviceFee: answer.service_fee,
            discount: answer.discount,
            cartPrice: answer.net_price,
            fonasaDiscount: answer.fonasa_discount,
            paymentAtHome: answer.payment_at_home,
            errorPrice: null,
            isLoadingPrice: false,
            quotedFor,
          });
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          const text = error instanceof HttpError ? error.message : String(error);
          stores.price.getState().update({ errorPrice: text, isLoadingPrice: false, quotedFor: null });
        });
    }, PRICE_REQUOTE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, stores, commune, coupon, latitude]);
}

/** The price store as the price table reads it. */
export function usePriceAnswer() {
  const basePrice = usePrice((state) => state.basePrice);
  const serviceFee = usePrice((state) => state.serviceFee);
  const discount = usePrice((state) => state.discount);
  const cartPrice = usePrice((state) => state.cartPrice);
  const fonasaDiscount = usePrice((state) => state.fonasaDiscount);
  const paymentAtHome = usePrice((state) => state.paymentAtHome);
  const loading = usePrice((state) => state.isLoadingPrice);
  return {
    loading,
    price: {
      base_price: basePrice,
      service_fee: serviceFee,
      discount,
      net_price: cartPrice,
      fonasa_discount: fonasaDiscount,
      payment_at_home: paymentAtHome,
    },
  };
}
