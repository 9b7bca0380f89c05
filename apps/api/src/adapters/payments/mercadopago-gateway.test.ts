import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMercadoPagoGateway, transactionAmount } from './mercadopago-gateway.ts';
import { type ChargeRequest, GatewayUnavailableError, InvalidCardTokenError } from './payment-gateway.ts';
import {
  MP_INVALID_TOKEN,
  MP_REFUND_ANSWER,
  MP_SERVER_ERROR,
  mpPaymentAnswer,
  recordedMercadoPago,
} from './recorded-answers.ts';

const gateway = () =>
  createMercadoPagoGateway({
    accessToken: 'TEST-access-token',
    publicKeys: { cl: 'TEST-public-cl', mx: 'TEST-public-mx' },
    retryDelayMs: 1,
  });

const charge: ChargeRequest = {
  token: 'ff8080814c11e237014c1ff593b57b4d',
  paymentMethodId: 'visa',
  amount: 12990,
  currency: 'CLP',
  idempotencyKey: 'a'.repeat(64),
  externalReference: '7b0c8d0e-0000-4000-8000-000000000001',
  description: 'Visita a domicilio',
  payerEmail: 'paciente@correo.cl',
  customerId: null,
};

/** The SDK calls the global fetch: the outside world is stubbed there, with MercadoPago's own answers. */
function stub(answers: Parameters<typeof recordedMercadoPago>[0]) {
  const recorded = recordedMercadoPago(answers);
  vi.stubGlobal('fetch', recorded.fetchImpl);
  return recorded.calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MercadoPago gateway', () => {
  it('answers the public key of each country for the browser', () => {
    expect(gateway().publicKey('cl')).toBe('TEST-public-cl');
    expect(gateway().publicKey('mx')).toBe('TEST-public-mx');
  });

  it('creates the payment with the token, whole CLP pesos, one installment and our idempotency key', async () => {
    const calls = stub([{ status: 201, body: mpPaymentAnswer() }]);
    const answer = await gateway().charge(charge);
    expect(answer).toEqual({ id: '1319024367', status: 'approved', statusDetail: 'accredited' });
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe('https://api.mercadopago.com/v1/payments');
    expect(call?.method).toBe('POST');
    expect(call?.headers.authorization).toBe('Bearer TEST-access-token');
    expect(call?.headers['x-idempotency-key']).toBe(charge.idempotencyKey);
    expect(call?.body).toMatchObject({
      // A 12.990 CLP quote is 12990: never 1299000 (cents) nor 129.9.
      transaction_amount: 12990,
      token: charge.token,
      payment_method_id: 'visa',
      installments: 1,
      external_reference: charge.externalReference,
      payer: { email: 'paciente@correo.cl' },
    });
  });

  it('sends MXN with its cents and a customer as the payer when given', async () => {
    const calls = stub([
      { status: 201, body: mpPaymentAnswer({ transaction_amount: 1234.5, currency_id: 'MXN' }) },
    ]);
    await gateway().charge({ ...charge, amount: 1234.5, currency: 'MXN', customerId: '1234567891-abc' });
    expect(calls[0]?.body).toMatchObject({
      transaction_amount: 1234.5,
      payer: { type: 'customer', id: '1234567891-abc', email: 'paciente@correo.cl' },
    });
  });

  it('refuses a CLP amount with decimals before calling anyone', () => {
    expect(() => transactionAmount(12990.5, 'CLP')).toThrow(TypeError);
    expect(transactionAmount(12990, 'CLP')).toBe(12990);
    expect(transactionAmount(99.999, 'MXN')).toBe(100);
  });

  it.each([
    ['in_process', 'pending_contingency', 'in_process'],
    ['pending', 'pending_review_manual', 'in_process'],
    ['rejected', 'cc_rejected_insufficient_amount', 'rejected'],
    ['rejected', 'cc_rejected_call_for_authorize', 'rejected'],
    ['cancelled', 'expired', 'rejected'],
  ])('reads status %s (%s) as %s', async (status, detail, expected) => {
    stub([{ status: 201, body: mpPaymentAnswer({ status, status_detail: detail }) }]);
    expect(await gateway().charge(charge)).toEqual({
      id: '1319024367',
      status: expected,
      statusDetail: detail,
    });
  });

  it('turns an unknown or used card token into InvalidCardTokenError, without retrying', async () => {
    const calls = stub([{ status: 400, body: MP_INVALID_TOKEN }]);
    await expect(gateway().charge(charge)).rejects.toBeInstanceOf(InvalidCardTokenError);
    expect(calls).toHaveLength(1);
  });

  it('retries a 500 with the same idempotency key, then reports the gateway unavailable', async () => {
    const calls = stub([{ status: 500, body: MP_SERVER_ERROR }]);
    const failure = gateway().charge(charge);
    await expect(failure).rejects.toBeInstanceOf(GatewayUnavailableError);
    await expect(failure).rejects.not.toThrow(/TEST-access-token/);
    expect(calls.length).toBeGreaterThan(1);
    expect(new Set(calls.map((call) => call.headers['x-idempotency-key']))).toEqual(
      new Set([charge.idempotencyKey]),
    );
  });

  it('reports a network failure as unavailable', async () => {
    stub([new TypeError('fetch failed')]);
    await expect(gateway().charge(charge)).rejects.toBeInstanceOf(GatewayUnavailableError);
  });

  it('keeps two concurrent payments on their own idempotency keys', async () => {
    const calls = stub([{ status: 201, body: mpPaymentAnswer() }]);
    await Promise.all([
      gateway().charge({ ...charge, idempotencyKey: 'key-one' }),
      gateway().charge({ ...charge, idempotencyKey: 'key-two' }),
    ]);
    expect(calls.map((call) => call.headers['x-idempotency-key']).sort()).toEqual(['key-one', 'key-two']);
  });

  it('refunds the whole payment', async () => {
    const calls = stub([{ status: 201, body: MP_REFUND_ANSWER }]);
    await gateway().refund('1319024367', 'refund-key');
    expect(calls[0]).toMatchObject({
      url: 'https://api.mercadopago.com/v1/payments/1319024367/refunds',
      method: 'POST',
      headers: { 'x-idempotency-key': 'refund-key' },
    });
  });
});
