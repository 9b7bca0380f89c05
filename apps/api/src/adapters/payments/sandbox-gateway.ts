import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { type Db, inTransaction } from '../../db/database.ts';
import { cardTokens, sandboxCharges } from '../../db/schema.ts';
import {
  type ChargeRequest,
  type GatewayPayment,
  InvalidCardTokenError,
  type PaymentGateway,
} from './payment-gateway.ts';

/** MercadoPago's test-card convention: the cardholder name chooses the outcome. */
const SANDBOX_OUTCOMES = {
  APRO: { status: 'approved', statusDetail: 'accredited' },
  CONT: { status: 'in_process', statusDetail: 'pending_contingency' },
  CALL: { status: 'rejected', statusDetail: 'cc_rejected_call_for_authorize' },
  FUND: { status: 'rejected', statusDetail: 'cc_rejected_insufficient_amount' },
  SECU: { status: 'rejected', statusDetail: 'cc_rejected_bad_filled_security_code' },
  EXPI: { status: 'rejected', statusDetail: 'cc_rejected_bad_filled_date' },
  FORM: { status: 'rejected', statusDetail: 'cc_rejected_bad_filled_other' },
  OTHE: { status: 'rejected', statusDetail: 'cc_rejected_other_reason' },
} as const satisfies Record<string, Omit<GatewayPayment, 'id'>>;
export type SandboxOutcome = keyof typeof SANDBOX_OUTCOMES;

/**
 * The outcome a cardholder name chooses: one of the eight names (any case, surrounding spaces
 * ignored). Any other name is approved, so a person trying the demo with their own name pays.
 */
export function outcomeForCardholder(name: string): SandboxOutcome {
  const key = name.trim().toUpperCase();
  return key in SANDBOX_OUTCOMES ? (key as SandboxOutcome) : 'APRO';
}

/** What the sandbox keeps of a card: what a receipt shows, never the number or the security code. */
interface SandboxCard {
  brand: string;
  lastFour: string;
  expMonth: number;
  expYear: number;
  outcome: SandboxOutcome;
}

export interface SandboxGateway extends PaymentGateway {
  readonly kind: 'sandbox';
  /** Stores the card's receipt data and answers a new single-use token id. */
  tokenize(card: SandboxCard): Promise<string>;
  /** MercadoPago's review of a charge left in process (CONT) ends: approved (APRO) or rejected (another outcome). */
  review(id: string, outcome: SandboxOutcome): Promise<void>;
}

/**
 * The offline gateway: MercadoPago's semantics without the network. A token pays once (its use is
 * taken with one conditional UPDATE, so two charges racing on one token cannot both pay), its
 * brand must be the payment method sent, and its cardholder name decides the outcome.
 */
export function createSandboxGateway(
  db: Db,
  { chargeDelayMs = 0 }: { chargeDelayMs?: number } = {},
): SandboxGateway {
  return {
    kind: 'sandbox',
    publicKey: () => null,
    async tokenize(card) {
      // 32 hexadecimal characters, the shape of a MercadoPago card token.
      const id = randomBytes(16).toString('hex');
      await db.insert(cardTokens).values({ id, ...card });
      return id;
    },
    async charge(request: ChargeRequest): Promise<GatewayPayment> {
      // The token's use and the charge it made are one transaction: what the sandbox charged is
      // exactly what it answers the reconciliation, as MercadoPago's records would be.
      const charged = await inTransaction(db, async (tx) => {
        const [token] = await tx
          .update(cardTokens)
          .set({ usedAt: new Date() })
          .where(and(eq(cardTokens.id, request.token), isNull(cardTokens.usedAt)))
          .returning({ brand: cardTokens.brand, outcome: cardTokens.outcome });
        if (!token) throw new InvalidCardTokenError('sandbox: unknown or used card token');
        const id = `sandbox-${randomUUID()}`;
        // MercadoPago refuses a payment_method_id that is not the card's (bad_filled_other).
        const outcome =
          token.brand !== request.paymentMethodId
            ? SANDBOX_OUTCOMES.FORM
            : (SANDBOX_OUTCOMES[token.outcome as SandboxOutcome] ?? SANDBOX_OUTCOMES.OTHE);
        await tx.insert(sandboxCharges).values({
          id,
          externalReference: request.externalReference,
          status: outcome.status,
          statusDetail: outcome.statusDetail,
          amount: request.amount,
        });
        return { id, ...outcome };
      });
      // SANDBOX_CHARGE_DELAY_MS (a test aid): charged and recorded here, not yet answered, so a
      // test can kill the server between the gateway's charge and the payment's record.
      if (chargeDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, chargeDelayMs));
      return charged;
    },
    // Nothing moved: the charge is marked refunded, and the payment row records it (modules/payments).
    async refund(paymentId) {
      await db.update(sandboxCharges).set({ refunded: true }).where(eq(sandboxCharges.id, paymentId));
    },
    async findCharge(externalReference) {
      const [charge] = await db
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.externalReference, externalReference));
      return charge ? { id: charge.id, status: charge.status, statusDetail: charge.statusDetail } : null;
    },
    async getCharge(id) {
      const [charge] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, id));
      return charge
        ? {
            id: charge.id,
            status: charge.status,
            statusDetail: charge.statusDetail,
            externalReference: charge.externalReference,
          }
        : null;
    },
    async review(id, outcome) {
      const settled = SANDBOX_OUTCOMES[outcome];
      await db
        .update(sandboxCharges)
        .set({ status: settled.status, statusDetail: settled.statusDetail })
        .where(and(eq(sandboxCharges.id, id), eq(sandboxCharges.status, 'in_process')));
    },
  };
}

export const isSandboxGateway = (gateway: PaymentGateway): gateway is SandboxGateway =>
  gateway.kind === 'sandbox' && typeof (gateway as Partial<SandboxGateway>).tokenize === 'function';
