import { STOCKOUT_MESSAGE } from '@visita/domain/cards';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../api/http.ts';
import { finalizedBooking } from '../test-support/api-bookings.ts';
import { withRealApi } from '../test-support/real-api.ts';
import { createToastStore } from '../stores/toast-store.ts';
import { createWidgetStores } from '../stores/widget-stores.tsx';
import { confirmManually, toastStockout } from './confirm-manually.ts';

const api = withRealApi();

describe('a manual confirmation', () => {
  it("carries the product's payment fields and force_confirmation; the server, not the body, names the payment", async () => {
    const booking = await finalizedBooking(api, {
      overrides: { client_id: 'clinicaalemana', sales_source: 'clinicaalemana' },
    });
    const stores = createWidgetStores('clinicaalemana');
    stores.session.getState().setClient(await api.clientConfig('clinicaalemana'));
    const sent: unknown[] = [];
    const inner = globalThis.fetch;
    globalThis.fetch = async (input, init) => {
      const request = new Request(input as RequestInfo, init);
      if (request.url.includes('/manual_confirm/')) sent.push(await request.clone().json());
      return inner(request);
    };
    try {
      const answer = await confirmManually(booking.id, stores, {
        apiToken: null,
        appointmentToken: booking.token,
        appointmentId: booking.id,
      });
      expect(sent).toEqual([
        {
          payment_method: 'In address',
          payment_gateway: 'Partner',
          payment_status: 'Payment Pending',
          force_confirmation: true,
          split_payment: false,
          client_exams_to_pay: [],
          patient_exams_to_pay: [],
          referral_code: null,
        },
      ]);
      expect(answer).toMatchObject({ status: 'confirmed', payment_status: 'Payment Pending' });
    } finally {
      globalThis.fetch = inner;
    }
  });
});

describe('a manual confirmation that ran out of stock', () => {
  it('shows the stock-out toast for 5 s', () => {
    const toast = createToastStore();
    const failure = new HttpError(409, { err: 'stockout', msg: STOCKOUT_MESSAGE });
    expect(toastStockout(failure, { toast })).toBe(true);
    expect(toast.getState().toasts).toEqual([
      {
        id: 1,
        kind: 'error',
        message:
          'Lamentamos informarte que este producto está sin stock (1.000 dosis). Gracias por tu comprensión y por elegirnos.',
        duration: 5000,
      },
    ]);
  });

  it('leaves other failures to the step', () => {
    const toast = createToastStore();
    expect(toastStockout(new HttpError(409, { err: 'hold-expired', msg: 'x' }), { toast })).toBe(false);
    expect(toastStockout(new Error('network'), { toast })).toBe(false);
    expect(toast.getState().toasts).toEqual([]);
  });
});
