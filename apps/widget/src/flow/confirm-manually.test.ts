import { STOCKOUT_MESSAGE } from '@visita/domain/cards';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../api/http.ts';
import { createToastStore } from '../stores/toast-store.ts';
import { toastStockout } from './confirm-manually.ts';

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
