import { amountLimitMessage } from '@visita/domain/cards';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../api/http.ts';
import { paymentFailure } from './payment-rules.ts';

describe('payment failures the person reads', () => {
  it("shows the API's amount-limit text as it is", () => {
    const msg = amountLimitMessage(3_500_000, 'debit_card');
    expect(msg).toMatch(/máximo de \$3\.000\.000/);
    expect(paymentFailure(new HttpError(400, { err: 'amount-out-of-range', msg }))).toEqual({
      kind: 'message',
      message: msg,
    });
  });

  it("shows the API's text for a coupon refused at confirmation", () => {
    const failure = new HttpError(409, { err: 'coupon-no-uses', msg: 'Este cupón ya no se puede utilizar' });
    expect(paymentFailure(failure)).toEqual({
      kind: 'message',
      message: 'Este cupón ya no se puede utilizar',
    });
  });
});
