import type { PriceTableRowKey } from '@visita/domain/price-table';

/** Price-table row labels (the product names the rows, not their labels). */
export const PRICE_ROW_LABELS: Readonly<Record<PriceTableRowKey, string>> = {
  'total-exams': 'Total exámenes',
  'fonasa-bonus': 'Bono Fonasa',
  discount: 'Descuento cupón',
  service: 'Servicio a domicilio',
  'total-amount': 'Total a pagar',
};

/** The total's label where the booking confirms without a card: all of it is paid at the address. */
export const TOTAL_AT_ADDRESS_LABEL = 'Total a pagar en domicilio';

/**
 * The coupon's label where the exams are priced at the address: the discount comes off what is
 * paid there, not off what is paid online.
 */
export const DISCOUNT_AT_ADDRESS_LABEL = 'Descuento cupón (se aplica en domicilio)';
