import type { AppointmentStatus } from '@visita/domain/contract/appointments';

/** The appointments section's texts. */
export const COPY = {
  title: 'Citas',
  searchTitle: 'Buscar citas',
  query: 'Texto libre',
  queryHint: 'Nombre, RUT, correo, teléfono, código o id de la cita',
  partner: 'Socio',
  anyPartner: 'Todos los socios',
  from: 'Desde',
  to: 'Hasta',
  status: 'Estado',
  anyStatus: 'Todos los estados',
  paymentStatus: 'Estado de pago',
  anyPaymentStatus: 'Todos los estados de pago',
  search: 'Buscar',
  clear: 'Limpiar',
  resultsTitle: 'Resultados',
  caption: 'Citas encontradas, de la más reciente a la más antigua',
  loading: 'Cargando…',
  none: 'No hay citas que coincidan con la búsqueda.',
  loadMore: 'Cargar más',
  shown: (n: number) => (n === 1 ? '1 cita en pantalla' : `${n} citas en pantalla`),
  code: 'Código',
  date: 'Fecha',
  time: 'Hora',
  patient: 'Paciente',
  total: 'Total',
  morePatients: (n: number) => ` y ${n} más`,
  noDate: 'Sin hora',
  backToList: 'Volver a citas',
  appointmentTitle: (code: string) => `Cita ${code}`,
  visit: 'Visita',
  nurse: 'Enfermera',
  sector: 'Sector',
  address: 'Dirección',
  commune: 'Comuna',
  unassigned: 'Sin asignar',
  created: 'Creada',
  patients: 'Pacientes e ítems',
  document: 'Documento',
  email: 'Correo',
  phone: 'Teléfono',
  item: 'Ítem',
  price: 'Precio',
  itemsOf: (name: string) => `Ítems de ${name}`,
  amounts: 'Montos',
  subtotal: 'Subtotal',
  discount: 'Descuento',
  dueOnline: 'A pagar en línea',
  dueAtAddress: 'A pagar en domicilio',
  dueCompany: 'A cargo de la empresa',
  paid: 'Pagado',
  writtenOff: 'Condonado',
  toCollect: 'Por cobrar en domicilio',
  companyOwes: 'Por cobrar a la empresa',
  payments: 'Pagos',
  paymentsCaption: 'Pagos e intentos de pago',
  noPayments: 'Sin pagos registrados.',
  paymentId: 'Id',
  method: 'Medio',
  gateway: 'Pasarela',
  gatewayId: 'Id en la pasarela',
  amount: 'Monto',
  refunded: 'Devuelto',
  messages: 'Mensajes',
  messagesCaption: 'Correos y webhooks de la cita',
  noMessages: 'Sin mensajes.',
  channel: 'Canal',
  topic: 'Tema',
  delivered: 'Entregado',
  failed: 'Falló',
  attempts: 'Intentos',
  waiting: 'En espera',
  history: 'Historial',
  historyCaption: 'Cambios de la cita, del más reciente al más antiguo',
  noHistory: 'Sin cambios registrados.',
  when: 'Cuándo',
  who: 'Quién',
  what: 'Qué',
  detail: 'Detalle',
  system: 'Sistema',
  dash: '—',
} as const;

export const STATUS_LABELS: Record<AppointmentStatus, string> = {
  pending: 'Pendiente',
  scheduled: 'Agendada',
  confirmed: 'Confirmada',
  cancelled: 'Cancelada',
  expired: 'Expirada',
};

/** The payment statuses the appointments record, as the console names them. */
export const PAYMENT_STATUS_LABELS: Record<string, string> = {
  'Payment Successful': 'Pagada',
  'Payment Pending': 'Pago pendiente',
  'Company Billed': 'Facturada a la empresa',
};

export function paymentStatusLabel(status: string | null): string {
  if (!status) return COPY.dash;
  return PAYMENT_STATUS_LABELS[status] ?? status;
}

/**
 * The payment status as the booking's account tells it (docs/decisions/money-ledger.md): a card
 * payment refunded reads as such, a part still to collect at the address is said, and a partial
 * collection is not 'Pagada'. Without an account (money not frozen yet), the recorded status.
 */
export function accountStatusLabel(
  status: string | null,
  appointmentStatus: string,
  ledger: { paid: number; refunded: number; to_collect: number } | null,
): string {
  if (!ledger) return paymentStatusLabel(status);
  if (appointmentStatus === 'cancelled' && ledger.paid > 0)
    return ledger.refunded >= ledger.paid ? 'Reembolsada' : 'Reembolso en curso';
  if (ledger.to_collect > 0 && ledger.paid > 0)
    return status === 'Payment Successful' ? 'Pagada en línea · por cobrar en domicilio' : 'Pago parcial';
  return paymentStatusLabel(status);
}

export const CHANNEL_LABELS: Record<string, string> = { email: 'Correo', webhook: 'Webhook' };

export const HISTORY_KIND_LABELS: Record<string, string> = {
  audit: 'Cambio',
  status: 'Estado',
  payment: 'Pago',
  message: 'Mensaje',
};

/** Moving a visit to another nurse or block. */
export const MOVE_COPY = {
  open: 'Mover visita',
  title: 'Mover visita',
  now: (date: string, time: string) => `Ahora: ${date} a las ${time}.`,
  day: 'Día',
  loading: 'Buscando horas libres…',
  noBlocks: 'Ese día no hay horas con una enfermera libre que pueda hacer esta visita.',
  block: 'Hora',
  blockLabel: (begin: string, end: string, nurses: number, isCurrent: boolean) =>
    `${begin}–${end} · ${nurses === 1 ? '1 enfermera libre' : `${nurses} enfermeras libres`}${isCurrent ? ' (hora actual)' : ''}`,
  nurse: 'Enfermera',
  cancel: 'Cancelar',
  submit: 'Mover',
  close: 'Cerrar',
  moved: (nurse: string, date: string, begin: string, end: string) =>
    `Visita movida: ${nurse}, ${date} de ${begin} a ${end}.`,
  notified: 'El paciente recibirá un correo con el cambio.',
  notNotified: 'Nadie recibe correo de esta cita: avisa al paciente por teléfono.',
} as const;

/** An appointment's actions (cancel, a payment collected at the address, the outcome, the resend) and its notes. */
export const ACTIONS_COPY = {
  title: 'Acciones',
  none: 'No hay acciones disponibles para esta cita en su estado actual.',
  close: 'Cerrar',
  back: 'Volver',
  outcome: 'Resultado',
  outcomeLabels: { done: 'Realizada', no_show: 'No estaba el paciente' },
  cancelOpen: 'Cancelar cita',
  cancelTitle: 'Cancelar cita',
  reason: 'Motivo',
  reasonHint: 'Queda en el historial de la cita.',
  reasonTooShort: 'Indica el motivo de la cancelación (al menos 3 caracteres).',
  refundNote: 'Si la cita se pagó con tarjeta, el pago se devuelve a la tarjeta.',
  cancelSubmit: 'Cancelar la cita',
  cancelled: 'Cita cancelada.',
  refunded: (amount: string) => `Se devuelven ${amount} a la tarjeta del paciente.`,
  paymentOpen: 'Registrar pago en domicilio',
  paymentTitle: 'Registrar pago en domicilio',
  paymentAmount: 'Monto cobrado',
  paymentAmountInvalid: 'Indica el monto cobrado: un número entero mayor que cero.',
  paymentMethod: 'Medio de pago',
  paymentMethods: { cash: 'Efectivo', card_terminal: 'Tarjeta en terminal', transfer: 'Transferencia' },
  paymentReference: 'Referencia (opcional)',
  paymentReferenceHint: 'N.º de comprobante o de la transferencia.',
  paymentSubmit: 'Registrar pago',
  paymentRecorded: (amount: string, method: string) => `Pago registrado: ${amount} (${method}).`,
  outcomeDone: 'Visita realizada',
  outcomeNoShow: 'Paciente no estaba',
  outcomeRecorded: (label: string) => `Resultado registrado: ${label}.`,
  resend: 'Reenviar confirmación',
  resent: 'Confirmación reenviada al correo de los pacientes.',
  notes: 'Notas internas',
  notesHint: 'Solo las ven los operadores de la consola; nunca el paciente.',
  noNotes: 'Sin notas.',
  notesCaption: 'Notas de la cita, de la más reciente a la más antigua',
  note: 'Nota',
  newNote: 'Nueva nota',
  addNote: 'Agregar nota',
  noteTooShort: 'Escribe la nota.',
  noteAdded: 'Nota agregada.',
} as const;
