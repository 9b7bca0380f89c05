import type { CartPriceAnswer } from '@visita/domain/contract/pricing';
import type { Insurance } from '@visita/domain/insurance';
import type { CountryCode } from '@visita/domain/locale';
import { type PriceTableRow, priceTableRows } from '@visita/domain/price-table';
import { useState } from 'react';
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
}

/**
 * Total exams, Fonasa bonus, discount, service and total. The table itself is not a live region
 * (a change read '$8.990 $1.490 $10.480', no row named): the total is announced with its label,
 * once, when a new quote has settled.
 */
export function PriceTable({
  price,
  countryCode,
  insurances,
  loading,
  examPriceAtHome,
  paidAtAddress,
  caption,
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
  // While a quote is asked the last settled total stays, so only a new one is read.
  const [announced, setAnnounced] = useState(settled);
  if (settled !== null && settled !== announced) setAnnounced(settled);
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
      <p role="status" className="visita-visually-hidden">
        {announced}
      </p>
    </>
  );
}
