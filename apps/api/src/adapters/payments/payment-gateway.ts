import type { CountryCode } from '@visita/domain/locale';

/** A charge as the gateway answers it, in MercadoPago's vocabulary (status and status_detail). */
export interface GatewayPayment {
  /** The gateway's own id for the payment (kept to refund it). */
  id: string;
  status: 'approved' | 'in_process' | 'rejected';
  /** 'accredited', 'pending_contingency', 'cc_rejected_…'. */
  statusDetail: string;
}

export interface ChargeRequest {
  /** The browser's card token (MercadoPago.js, or POST /v2/sandbox/card-tokens/). */
  token: string;
  paymentMethodId: string;
  /** In the currency's own unit: whole pesos for CLP, pesos with up to 2 decimals for MXN. */
  amount: number;
  currency: 'CLP' | 'MXN';
  /** One key per appointment and attempt: the gateway charges a repeated key once. */
  idempotencyKey: string;
  /** Our payment attempt's id: one per attempt, so the gateway can tell what it charged for it. */
  externalReference: string;
  description: string;
  payerEmail: string | null;
  customerId: string | null;
}

/** The card could not be charged for a reason that is the request's (a used, unknown or foreign token). */
export class InvalidCardTokenError extends Error {
  constructor(message = 'invalid card token') {
    super(message);
    this.name = 'InvalidCardTokenError';
  }
}

/** The gateway could not be reached or answered something unusable: the outcome is unknown. */
export class GatewayUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GatewayUnavailableError';
  }
}

/** The card gateway PAYMENTS names, behind one shape. */
export interface PaymentGateway {
  readonly kind: 'sandbox' | 'mercadopago';
  /** The key the browser tokenises cards with (MercadoPago.js); null for the sandbox. */
  publicKey(country: CountryCode): string | null;
  charge(request: ChargeRequest): Promise<GatewayPayment>;
  /** Gives the whole amount of an approved charge back (a confirmation that lost a race after charging). */
  refund(paymentId: string, idempotencyKey: string): Promise<void>;
  /**
   * What the gateway charged for an attempt (our external reference), or null when it charged
   * nothing: how a payment left processing by a crash or a timeout is reconciled. An approved
   * charge is answered before any other of the same reference.
   */
  findCharge(externalReference: string): Promise<GatewayPayment | null>;
  /** A charge by the gateway's own id (a notification names it), with our reference; null if unknown. */
  getCharge(id: string): Promise<(GatewayPayment & { externalReference: string | null }) | null>;
}
