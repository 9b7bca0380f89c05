import type { CountryCode } from '@visita/domain/locale';
import { MercadoPagoConfig, MercadoPagoError, Payment, PaymentRefund } from 'mercadopago';
import {
  type ChargeRequest,
  type GatewayPayment,
  GatewayUnavailableError,
  InvalidCardTokenError,
  type PaymentGateway,
} from './payment-gateway.ts';

export interface MercadoPagoSettings {
  accessToken: string;
  publicKeys: Record<CountryCode, string>;
  /** Per request. */
  timeoutMs?: number;
  /**
   * The SDK retries 429, 5xx and network failures with the same idempotency key (so a retry never
   * charges twice); its default (3 retries from 1 s, doubling) would keep the patient waiting 7 s.
   */
  maxRetries?: number;
  retryDelayMs?: number;
}

/** MercadoPago's error causes that mean the card token is not usable (unknown, used, expired). */
const TOKEN_CAUSES = new Set([2006, 2062, 3003]);

function isTokenError(error: MercadoPagoError): boolean {
  const codes = error.causes.map((cause) => Number((cause as { code?: unknown } | null)?.code));
  return (
    (error.status === 400 || error.status === 404) &&
    (codes.some((code) => TOKEN_CAUSES.has(code)) || /card[ _]?token/i.test(error.message))
  );
}

/**
 * The amount as MercadoPago takes it: in the currency's own unit. CLP has no minor unit, so a
 * 12.990 CLP quote is transaction_amount 12990 (never 1299000 nor 129.9); MXN keeps 2 decimals.
 */
export function transactionAmount(amount: number, currency: ChargeRequest['currency']): number {
  if (currency === 'CLP') {
    if (!Number.isSafeInteger(amount)) throw new TypeError(`CLP amounts are whole pesos: ${amount}`);
    return amount;
  }
  return Math.round(amount * 100) / 100;
}

/** approved; in_process (pending, authorized, in_mediation…); rejected (rejected, cancelled…). */
function statusOf(status: string | undefined): GatewayPayment['status'] | null {
  if (status === 'approved') return 'approved';
  if (status === 'in_process' || status === 'pending' || status === 'authorized' || status === 'in_mediation')
    return 'in_process';
  if (status === 'rejected' || status === 'cancelled') return 'rejected';
  return null;
}

/** What MercadoPago's failure becomes: a token problem is the request's; anything else is unknown. */
function translate(error: unknown, what: string): Error {
  if (error instanceof MercadoPagoError) {
    if (isTokenError(error)) return new InvalidCardTokenError(`mercadopago: ${error.message}`);
    return new GatewayUnavailableError(`mercadopago ${what}: HTTP ${error.status} ${error.error}`, {
      cause: error,
    });
  }
  return new GatewayUnavailableError(`mercadopago ${what}: ${(error as Error)?.name ?? 'error'}`, {
    cause: error,
  });
}

/**
 * MercadoPago through its official Node SDK (Checkout API: the browser tokenises the card with
 * the country's public key; the server creates the payment with the access token). The SDK keeps
 * request options (the idempotency key) on its config object, so each call gets its own config:
 * two payments at the same instant never share a key.
 */
export function createMercadoPagoGateway(settings: MercadoPagoSettings): PaymentGateway {
  const configFor = (idempotencyKey: string) =>
    new MercadoPagoConfig({
      accessToken: settings.accessToken,
      options: {
        timeout: settings.timeoutMs ?? 10_000,
        maxRetries: settings.maxRetries ?? 2,
        initialDelay: settings.retryDelayMs ?? 300,
        idempotencyKey,
      },
    });
  return {
    kind: 'mercadopago',
    publicKey: (country) => settings.publicKeys[country],
    async charge(request) {
      let answer: Awaited<ReturnType<Payment['create']>>;
      try {
        answer = await new Payment(configFor(request.idempotencyKey)).create({
          body: {
            transaction_amount: transactionAmount(request.amount, request.currency),
            token: request.token,
            description: request.description,
            installments: 1,
            payment_method_id: request.paymentMethodId,
            external_reference: request.externalReference,
            payer: {
              ...(request.payerEmail ? { email: request.payerEmail } : {}),
              ...(request.customerId ? { type: 'customer', id: request.customerId } : {}),
            },
          },
          requestOptions: { idempotencyKey: request.idempotencyKey },
        });
      } catch (error) {
        throw translate(error, 'payment');
      }
      const status = statusOf(answer.status);
      if (answer.id === undefined || answer.id === null || !status) {
        throw new GatewayUnavailableError(`mercadopago payment: unreadable answer (status ${answer.status})`);
      }
      return { id: String(answer.id), status, statusDetail: answer.status_detail ?? answer.status ?? '' };
    },
    async findCharge(externalReference) {
      let found: Awaited<ReturnType<Payment['search']>>;
      try {
        found = await new Payment(configFor(`search-${externalReference}`)).search({
          options: { external_reference: externalReference, sort: 'date_created', criteria: 'desc' },
        });
      } catch (error) {
        throw translate(error, 'search');
      }
      const charges = (found.results ?? []).flatMap((answer) => {
        const status = statusOf(answer.status);
        return answer.id !== undefined && answer.id !== null && status
          ? [{ id: String(answer.id), status, statusDetail: answer.status_detail ?? answer.status ?? '' }]
          : [];
      });
      return charges.find((charge) => charge.status === 'approved') ?? charges[0] ?? null;
    },
    async getCharge(id) {
      let answer: Awaited<ReturnType<Payment['get']>>;
      try {
        answer = await new Payment(configFor(`get-${id}`)).get({ id });
      } catch (error) {
        if (error instanceof MercadoPagoError && error.status === 404) return null;
        throw translate(error, 'get');
      }
      const status = statusOf(answer.status);
      if (!status) return null;
      return {
        id: String(answer.id),
        status,
        statusDetail: answer.status_detail ?? answer.status ?? '',
        externalReference: answer.external_reference ?? null,
      };
    },
    async refund(paymentId, idempotencyKey) {
      try {
        await new PaymentRefund(configFor(idempotencyKey)).total({
          payment_id: paymentId,
          requestOptions: { idempotencyKey },
        });
      } catch (error) {
        throw translate(error, 'refund');
      }
    },
  };
}
