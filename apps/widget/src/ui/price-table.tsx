import type { CartPriceAnswer } from '@visita/domain/contract/pricing';
import type { Insurance } from '@visita/domain/insurance';
import type { CountryCode } from '@visita/domain/locale';
import { type PriceTableRow, priceTableRows } from '@visita/domain/price-table';
import { useEffect, useState } from 'react';
import { DISCOUNT_AT_ADDRESS_LABEL, PRICE_ROW_LABELS, TOTAL_AT_ADDRESS_LABEL } from '../copy/price-table.ts';

export interface PriceTableProps {
  price: CartPriceAnswer;
  countryCode: CountryCode;
  /** Each patient's insurance: the Fonasa bonus row shows in Chile when any is fonasa. */
  insurances: readonly Insurance[];
  /** Shows 'Espere...' in every amount. */
  loading: boolean;
  /** 'A calcular en domicilio' instead of the exam total (sources that price at the visit). */
  examPriceAtHome?: boolean;
  /** The booking is confirmed without a card: the total reads as paid at the address. */
  paidAtAddress?: boolean;
  caption?: string;
  /** Whether this table's status says a new total (false where another table on the step says it). */
  announce?: boolean;
}

/** How long a new total stays in the hidden status: long enough to be read, then it empties. */
const ANNOUNCEMENT_MS = 3000;

/**
 * Total exams, Fonasa bonus, discount, service and total. The table itself is not a live region
 * (a change read '$8.990 $1.490 $10.480', no row named). The total is in the table, once: a hidden
 * status says a new total with its label when a new quote has settled, and empties again after
 * it, so reading the step finds 'Total a pagar' once, not in the table and again in the status.
 */
export function PriceTable({
  price,
  countryCode,
  insurances,
  loading,
  examPriceAtHome,
  paidAtAddress,
  caption,
  announce = true,
}: PriceTableProps) {
  const rows = priceTableRows(price, { countryCode, insurances, loading, examPriceAtHome });
  const labelOf = (key: PriceTableRow['key']) => {
    if (key === 'total-amount' && paidAtAddress) return TOTAL_AT_ADDRESS_LABEL;
    // Priced at the address, the coupon comes off what is paid there (payment_at_home).
    if (key === 'discount' && examPriceAtHome) return DISCOUNT_AT_ADDRESS_LABEL;
    return PRICE_ROW_LABELS[key];
  };
  const total = rows.find((row) => row.key === 'total-amount');
  const settled = total && !loading ? `${labelOf('total-amount')} ${total.text}` : null;
  // The total the table showed settled last: the one on entry is not announced (it is on screen,
  // where the step is read), and while a quote is asked ('Espere...') nothing is.
  const [lastSettled, setLastSettled] = useState(settled);
  const [announcement, setAnnouncement] = useState<string | null>(null);
  if (settled !== null && settled !== lastSettled) {
    setLastSettled(settled);
    setAnnouncement(settled);
  }
  useEffect(() => {
    if (announcement === null) return;
    const timer = setTimeout(() => setAnnouncement(null), ANNOUNCEMENT_MS);
    return () => clearTimeout(timer);
  }, [announcement]);
  return (
    <>
      <table className="visita-price-table" aria-busy={loading}>
        {caption ? <caption className="visita-price-table__caption">{caption}</caption> : null}
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.key}
              className={`visita-price-table__row visita-price-table__row--${row.key}`}
              data-row={row.key}
            >
              <th scope="row">{labelOf(row.key)}</th>
              <td>
                {row.key === 'discount' || row.key === 'fonasa-bonus'
                  ? loading || row.amount === 0
                    ? row.text
                    : `-${row.text}`
                  : row.text}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {announce ? (
        <p role="status" className="visita-visually-hidden">
          {announcement}
        </p>
      ) : null}
    </>
  );
}
