import { describe, expect, it } from 'vitest';
import {
  cardPaymentBodySchema,
  cardPaymentHeadersSchema,
  cashPaymentBodySchema,
  paymentsConfigQuerySchema,
  sandboxCardTokenBodySchema,
} from './payments.ts';

describe('payments contract', () => {
  it.each([
    [{ token: 'tok', payment_method_id: 'visa', amount: 1000 }, true],
    [{ token: 'tok', payment_method_id: 'discover', amount: 1000 }, false],
    [{ token: 'tok', payment_method_id: 'visa', amount: 0 }, false],
    [{ token: '', payment_method_id: 'visa', amount: 10 }, false],
  ])('card payment %o valid %s', (body, valid) => {
    expect(cardPaymentBodySchema.safeParse(body).success).toBe(valid);
  });

  it('takes an empty cash payment body: none, null or {}', () => {
    expect(cashPaymentBodySchema.parse(undefined)).toEqual({});
    expect(cashPaymentBodySchema.parse(null)).toEqual({});
    expect(cashPaymentBodySchema.parse({})).toEqual({});
  });

  it.each([
    [{}, true],
    [{ 'idempotency-key': 'intento-1' }, true],
    [{ 'idempotency-key': 'con espacios' }, false],
    [{ 'idempotency-key': 'x'.repeat(129) }, false],
  ])('card payment headers %o valid %s', (headers, valid) => {
    expect(cardPaymentHeadersSchema.safeParse(headers).success).toBe(valid);
  });

  it.each([
    [{ country: 'cl' }, true],
    [{ country: 'mx' }, true],
    [{ country: 'ar' }, false],
    [{}, false],
  ])('payments config query %o valid %s', (query, valid) => {
    expect(paymentsConfigQuerySchema.safeParse(query).success).toBe(valid);
  });

  it.each([
    [
      {
        card_number: '4111111111111111',
        cardholder_name: 'APRO',
        expiration_month: 12,
        expiration_year: 2030,
        security_code: '123',
      },
      true,
    ],
    [
      {
        card_number: '4111 1111',
        cardholder_name: 'APRO',
        expiration_month: 12,
        expiration_year: 2030,
        security_code: '123',
      },
      false,
    ],
    [
      {
        card_number: '4111111111111111',
        cardholder_name: 'APRO',
        expiration_month: 13,
        expiration_year: 2030,
        security_code: '123',
      },
      false,
    ],
  ])('sandbox token %o valid %s', (body, valid) => {
    expect(sandboxCardTokenBodySchema.safeParse(body).success).toBe(valid);
  });
});
