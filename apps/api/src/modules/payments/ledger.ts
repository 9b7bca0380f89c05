/**
 * A booking's money as one account (docs/decisions/money-ledger.md): what the frozen quote says
 * is due online, at the address and from the company, against every payment row (each an entry:
 * a card charge, a collection at the address, the company's payment, a refund, a write-off).
 * Outstanding = due − paid − written off + refunded; a cancelled booking owes nothing, so what it
 * still holds is what is owed back. Every surface that tells money reads this, not a price list.
 */
import type { FrozenQuote } from '../../db/schema.ts';
import type { AppointmentRow } from '../appointments/queries.ts';
import { CONSOLE_GATEWAY, type PaymentRow } from './queries.ts';

const round2 = (value: number) => Math.round(value * 100) / 100;

export interface BookingLedger {
  currency: 'CLP' | 'MXN';
  /** What the booking costs (the frozen quote's total) and who owes which part. */
  due: FrozenQuote['due'];
  /** Charged by card (refunded later or not). */
  chargedOnline: number;
  /** Collected at the address, recorded by a person. */
  collected: number;
  /** The company's part received from it. */
  companyPaid: number;
  /** Given back (card refunds). */
  refunded: number;
  /** Given up with a reason. */
  writtenOff: number;
  /** Still to collect at the address (0 once cancelled). */
  outstandingAtAddress: number;
  /** Still owed by the company (0 once cancelled). */
  outstandingCompany: number;
  /** Due − paid − written off + refunded: owed to us when positive, owed back when negative. */
  outstanding: number;
}

const sum = (rows: readonly PaymentRow[], keep: (row: PaymentRow) => boolean) =>
  round2(rows.filter(keep).reduce((total, row) => total + row.amount, 0));

const isCollection = (row: PaymentRow) => row.status === 'approved' && row.gateway === CONSOLE_GATEWAY;
const isCharge = (row: PaymentRow) =>
  (row.status === 'approved' || row.status === 'refunded') && row.gateway !== CONSOLE_GATEWAY;

/** The ledger of a booking whose quote is frozen; null while nothing is (no money moved yet). */
export function ledgerOf(
  appointment: Pick<AppointmentRow, 'status' | 'quote'>,
  payments: readonly PaymentRow[],
): BookingLedger | null {
  const quote = appointment.quote;
  if (!quote || (appointment.status !== 'confirmed' && appointment.status !== 'cancelled')) return null;
  const cancelled = appointment.status === 'cancelled';
  const chargedOnline = sum(payments, isCharge);
  const collected = sum(payments, isCollection);
  const companyPaid = sum(payments, (row) => row.status === 'company_paid');
  const refunded = sum(payments, (row) => row.status === 'refunded');
  const writtenOffCompany = sum(payments, (row) => row.status === 'written_off' && row.method === 'company');
  const writtenOff = sum(payments, (row) => row.status === 'written_off');
  const writtenOffAtAddress = round2(writtenOff - writtenOffCompany);
  const dueTotal = cancelled ? 0 : quote.due.total;
  return {
    currency: quote.currency,
    due: quote.due,
    chargedOnline,
    collected,
    companyPaid,
    refunded,
    writtenOff,
    outstandingAtAddress: cancelled
      ? 0
      : round2(Math.max(0, quote.due.at_address - collected - writtenOffAtAddress)),
    outstandingCompany: cancelled
      ? 0
      : round2(Math.max(0, quote.due.company - companyPaid - writtenOffCompany)),
    outstanding: round2(dueTotal - chargedOnline - collected - companyPaid - writtenOff + refunded),
  };
}
