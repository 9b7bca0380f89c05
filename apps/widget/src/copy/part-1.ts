/**
 * Texts of spec part 1's screens (schedule type, terms, resume, address, services, confirmation,
 * operative panel). The spec's own texts are reused from packages/domain where a rule owns them;
 * the ones the spec leaves unworded are ours, marked so.
 */
import type { PriceTableRowKey } from '@visita/domain/price-table';

export const SCHEDULE_TYPE_COPY = {
  title: '¿Cómo quieres agendar?',
  normal: 'Agendar por mi cuenta',
  // Not worded by the spec.
  medicalOrder: 'Agendar con mi orden médica',
  normalHint: 'Elige tus exámenes, la fecha y la hora.',
  medicalOrderHint: 'Sube tu orden médica y te contactaremos con una cotización.',
} as const;

export const TERMS_COPY = {
  title: 'Términos y condiciones',
  byCountry: {
    cl: [
      'El servicio de toma de muestras y vacunación a domicilio se agenda en línea y se confirma por correo electrónico.',
      'La cancelación con menos de 24 horas de anticipación cobra el servicio a domicilio.',
      'Los resultados se envían por correo electrónico a la persona atendida.',
    ],
    mx: [
      'Los estudios a domicilio se agendan en línea y se confirman por correo electrónico.',
      'Los resultados se envían por correo electrónico a la persona atendida.',
    ],
  },
  linkLabel: 'Ver términos y condiciones',
} as const;

export const RESUME_COPY = {
  // Not worded by the spec: the resume screen of a prebuilt cart or a services link.
  title: 'Tu carrito',
  subtitle: 'Revisa los servicios que preparamos para ti y continúa con tu agendamiento.',
  loading: 'Cargando tu carrito',
  empty: 'No encontramos servicios para este enlace.',
  coupon: 'Cupón',
} as const;

/** The resume screen's coupon state, with its discount once the quote has it. */
export function resumeCouponText(
  state: 'loading' | 'pending' | 'valid' | 'invalid',
  discount: string | null,
): string {
  if (state === 'loading') return 'validando…';
  if (state === 'pending') return 'se aplicará al elegir tus servicios';
  if (state === 'invalid') return 'no es válido para estos servicios';
  return discount ? `aplicado, descuento de ${discount}` : 'aplicado';
}

export const ADDRESS_COPY = {
  title: '¿Dónde te visitamos?',
  searchLabel: 'Dirección',
  typeLabel: 'Tipo de lugar',
  apartmentLabel: 'Piso, oficina o departamento',
  additionalInfoLabel: 'Información adicional',
  lastMileFolioLabel: 'Número de folio',
  noSuggestions: 'No encontramos direcciones con ese número',
  searching: 'Buscando direcciones',
  selected: 'Dirección seleccionada',
  dialogClose: 'Entendido',
} as const;

export const SERVICES_COPY = {
  title: 'Servicios',
  patient: (index: number) => `Paciente ${index + 1}`,
  showDetail: 'Ver detalle',
  hideDetail: 'Ocultar detalle',
  deletePatient: 'Eliminar paciente',
  searchPlaceholder: 'Buscar examen',
  searchLabel: 'Buscar examen',
  noResults: 'No hay datos para mostrar',
  insuranceLabel: 'Tengo Fonasa',
  addPatient: 'Agregar paciente',
  remove: 'Eliminar',
  moreInfo: 'Más información',
  couponLabel: 'Cupón de descuento',
  couponPlaceholder: 'Ingresa tu cupón',
  add: 'Agregar',
} as const;

/** Price-table row labels (the spec names the rows, not their labels). */
export const PRICE_ROW_LABELS: Readonly<Record<PriceTableRowKey, string>> = {
  'total-exams': 'Total exámenes',
  'fonasa-bonus': 'Bono Fonasa',
  discount: 'Descuento cupón',
  service: 'Servicio a domicilio',
  'total-amount': 'Total a pagar',
};

export const CONFIRMATION_COPY = {
  title: 'Confirma tu cita',
  address: 'Dirección',
  edit: 'Editar',
  services: 'Servicios',
  details: 'Detalle',
  insuranceLegend: 'Previsión',
  apartment: 'Depto.',
} as const;

export const OPERATIVE_COPY = {
  soldOutTitle: 'Se acabó el stock.',
  soldOutText:
    'Gracias por tu interés. El stock disponible se ha agotado; visita el sitio web de la empresa para conocer nuevas fechas.',
} as const;
