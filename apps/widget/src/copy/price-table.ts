import type { PriceTableRowKey } from '@visita/domain/price-table';

/** Price-table row labels (the product names the rows, not their labels). */
export const PRICE_ROW_LABELS: Readonly<Record<PriceTableRowKey, string>> = {
  'total-exams': 'Total exámenes',
  'fonasa-bonus': 'Bono Fonasa',
  discount: 'Descuento cupón',
  service: 'Servicio a domicilio',
  'total-amount': 'Total a pagar',
};
