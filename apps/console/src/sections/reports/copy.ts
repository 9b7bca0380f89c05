import type { ConsoleDailyReportRow } from '@visita/domain/contract/console-reports';

type Figure = Exclude<keyof ConsoleDailyReportRow, 'date' | 'client_id' | 'client_name' | 'currency'>;

/** The reports section's texts. */
export const COPY = {
  title: 'Informe diario',
  filtersTitle: 'Período y socio',
  intro:
    'Cada cifra cuenta el día en que ocurrió, a la hora del sector de la visita: las reservas y sus descuentos el día en que se confirmaron, los cobros con tarjeta el día del cobro, las devoluciones y cancelaciones el día en que se hicieron.',
  from: 'Desde',
  to: 'Hasta',
  partner: 'Socio',
  anyPartner: 'Todos los socios',
  show: 'Ver informe',
  rangeInverted: 'La fecha «hasta» no puede ser anterior a la fecha «desde».',
  rangeTooLong: (days: number) => `El informe abarca como máximo ${days} días: acorta el rango de fechas.`,
  missingDates: 'Indica las fechas «desde» y «hasta».',
  resultsTitle: 'Resultados',
  caption: (from: string, to: string) => `Cifras por socio y día, del ${from} al ${to}`,
  loading: 'Cargando…',
  none: 'No hay movimientos en esas fechas.',
  shown: (rows: number) => (rows === 1 ? '1 fila en el informe' : `${rows} filas en el informe`),
  date: 'Fecha',
  currency: 'Moneda',
  total: (currency: string) => `Total ${currency}`,
  download: 'Descargar CSV',
  downloadHint: 'Las mismas filas, para abrir en una planilla.',
} as const;

/** The figures' column headers, in the table's order. */
export const FIGURE_LABELS: Record<Figure, string> = {
  bookings: 'Reservas confirmadas',
  paid_online: 'Pagado en línea',
  to_collect: 'A cobrar en domicilio',
  discounts: 'Descuentos',
  refunds: 'Devoluciones',
  company_billed: 'Facturado a empresas',
  cancelled: 'Canceladas',
};

/** The figures that are money (the rest are counts). */
export const MONEY_FIGURES: ReadonlySet<Figure> = new Set([
  'paid_online',
  'to_collect',
  'discounts',
  'refunds',
  'company_billed',
]);
