import { describe, expect, it } from 'vitest';
import { TOAST_DURATIONS, TOAST_LIMIT } from './toast-store.ts';
import { createWidgetStores } from './widget-stores.tsx';
import { cartActions } from './cart-actions.ts';

const item = {
  id: 101,
  name: 'Hemograma',
  price: 9990,
  type: 'measure',
  allows_more_items_in_cart: true,
} as never;

describe('widget stores', () => {
  it('gives each widget instance its own cart, session and toasts', () => {
    const first = createWidgetStores('demo');
    const second = createWidgetStores('demo-mx');
    expect(cartActions(first.cart).addItem(item).ok).toBe(true);
    first.session.getState().setAppointment({ id: 'a', token: 't' });
    first.toast.getState().show('error', 'Ha ocurrido un error');
    expect(second.cart.getState().cart.patients[0]?.items).toHaveLength(0);
    expect(second.session.getState().appointmentToken).toBeNull();
    expect(second.toast.getState().toasts).toHaveLength(0);
    expect(first.cart.getState().cart.patients[0]?.items).toHaveLength(1);
  });

  it('keeps toasts to the limit of 20 with the durations', () => {
    const { toast } = createWidgetStores('demo');
    for (let index = 0; index < 25; index++) toast.getState().show('blank', `t${index}`);
    expect(toast.getState().toasts).toHaveLength(TOAST_LIMIT);
    expect(toast.getState().toasts[0]?.message).toBe('t5');
    expect(TOAST_DURATIONS).toMatchObject({ error: 4000, success: 2000, blank: 4000, custom: 4000 });
    expect(toast.getState().show('error', 'x', 5000)).toBeGreaterThan(0);
    expect(toast.getState().toasts.at(-1)?.duration).toBe(5000);
  });

  it('sets es-MX/MXN for anything but cl', () => {
    const { locale } = createWidgetStores('demo');
    expect(locale.getState().currency).toBe('CLP');
    locale.getState().setCountry('mx');
    expect(locale.getState()).toMatchObject({ code: 'es-MX', currency: 'MXN' });
  });
});
